// The complete search over block TYPES with multiplicities (SPEC Sec. 3-4). A type (r, u)
// with m blocks takes a multiset of m legal count vectors (Hall's theorem: r-1 letters with
// u + sum = 0 mod r); the search picks vectors in a fixed order, each with a multiplicity k
// (largest first), so one node stands for k interchangeable blocks and every multiset is
// visited once (symmetry breaking without per-block nodes). Pruned by linear letter bounds
// over the remaining types (letter_bounds.hpp) and nogoods on the complete state. r <= 2
// types are the closed-form tail. Parallel: oneTBB task groups split subtrees below the
// root while fewer tasks than workers are pending (work stealing balances the rest).
#pragma once
#include <array>
#include <optional>
#include <vector>

#include "instance.hpp"
#include "search_options.hpp"
#include "stats.hpp"
#include "witness.hpp"

namespace blockcast {

struct TypeProblem {
  int A = 0;
  std::vector<BlockType> types;     // searched in this order (count = multiplicity), root first
  std::vector<BlockType> tail;      // r <= 2 types decided in closed form at the leaves
  std::array<i64, 2> tail_need{0, 0};  // r = 2 blocks needing a letter of parity p
  Counts letters;
  bool root_first = false;          // types[0] is the root and must be extendable (opt.extendable)
};

struct TypeOutcome {
  std::optional<Distribution> found;
  bool incomplete = false;  // a root vector was skipped undecided (word-search budget)
  SearchStats stats;
};

// Complete unless `incomplete` or stop hit: no `found` then means no assignment exists.
TypeOutcome run_type_search(const TypeProblem& pb, const SearchOptions& opt, Stop& stop, int threads);

}  // namespace blockcast
