// Complete search for block-cyclic assignments (SPEC Sec. 4; Karp et al. 1993, Sec. 3.2-3.3).
//
// The search distributes the instance's letters over its blocks as letter-count vectors.
// By Hall's theorem (automata/word_construction.hpp) a vector is the letter multiset of a
// legal word of block (r, u) iff it has r-1 letters and u + sum(letters) = 0 (mod r), so no
// word is enumerated during the search; witnesses are built at the end and re-checked.
//
// Order: blocks with r >= 3 one by one, largest first (the root first), vectors in
// descending order (high letters first, as in the paper's greedy); blocks of equal type
// take non-increasing vectors (symmetry breaking). Blocks with r = 2 each take one letter
// of parity u mod 2 and blocks with r = 1 take none, so the r <= 2 tail is decided in
// closed form by counting letters per parity. Pruning: nogoods on (position, remaining
// letters), per-letter absorption bounds, parity bounds for the tail. Parallel: oneTBB
// over the root block's vectors, sharing the nogood table and a Stop.
#pragma once
#include <optional>
#include <string>

#include "assignment.hpp"
#include "instance.hpp"
#include "search_options.hpp"
#include "stats.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

struct SearchResult {
  Verdict verdict = Verdict::unknown;
  std::optional<Assignment> witness;  // SOLVED only; passed check_assignment
  SearchStats stats;
  std::string mode = "exact";
  std::string covered;  // what the verdict is about (the searched space or the limit hit)
};

SearchResult solve_exact(const Instance& inst, const SearchOptions& opt);

}  // namespace blockcast
