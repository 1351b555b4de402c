// The ground-state ordering problem behind x-extendable root words (SPEC Sec. 7; Karp et al. 1993
// Sec. 3.3): order a multiset of r throws (the root's letters plus u' = u - r) so that,
// read from a ground-state phase, the landing times i + s_i are exactly x..x+r-1. In
// permutation terms: a permutation of 0..r-1 whose displacements are the throws minus x.
// Unlike the cyclic question (always solvable by Hall's theorem) this one needs a search.
//
// The search fills positions in order (a free landing time equal to the position forces a 0)
// and prunes with an exact test of a relaxation (ground_relaxation_ok): match the remaining
// throws to the free landing times, a throw s landing at c from some position in [i, r-1],
// i.e. c - r + 1 <= s <= c - i. Both ends grow with c, so sorted-to-sorted matching decides
// the relaxation. Random restarts with Luby-sized node budgets (first run in descending
// order, later ones in random order, fixed seed: deterministic) share one failure memo;
// profiling conjecture runs showed the plain depth-first order heavy-tailed (L = 16 t = 48:
// 25,775 root vectors left undecided at 5,000 nodes; restarts decide most within 1,000).
// A run that ends without touching its budget is an exhaustive search: a proof of "no".
// Before it, a min-conflicts local search (ground_local.hpp: swap throws between positions)
// finds the orders of large roots in a few hundred steps where the depth-first runs need 10^5
// and more.
// Buffers and the memo are thread-local and reused: no allocation per call once warm.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "word.hpp"

namespace blockcast {

// throws_by_value[v] = copies of throw v (including the upper-case u'); sum must be x*r.
// Necessary for a ground-state order: the sorted relaxation above at position 0.
bool ground_relaxation_ok(const std::vector<std::int32_t>& throws_by_value, int r, int x);

struct GroundOrder {
  std::optional<std::vector<int>> seq;  // the throws by position, when found
  bool exhausted = true;                // false: the node budget ran out first
  std::int64_t nodes = 0;
};

// max_nodes = 0: unlimited. `randomized` = false: one plain depth-first run (descending
// throws, same pruning and memo), kept for cross-checks.
GroundOrder ground_state_order(const std::vector<std::int32_t>& throws_by_value, int r, int x,
                               std::int64_t max_nodes, bool randomized = true);

}  // namespace blockcast
