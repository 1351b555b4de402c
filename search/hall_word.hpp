// Words for large blocks: Hall's theorem (automata/word_construction.hpp) guarantees a legal
// word for every count vector with r-1 letters and u + sum = 0 (mod r), but the phase-by-
// phase search there can take exponential time for r in the tens with many distinct
// letters (L = 18..20, t near 3L). This finds the ordering by min-conflicts local search:
// letters on phases 1..r-1, a conflict is two phases (or a phase and the upper-case
// reception at phase 0) on one residue (k + w_k) mod r; swaps of two phases' letters that
// reduce conflicts, random walk otherwise, restarts. Incomplete by itself (existence is
// Hall's theorem); the result is checked with is_legal_word.
#pragma once
#include <functional>
#include <optional>

#include "word_construction.hpp"

namespace blockcast {

// nullopt if `expired()` fired or `max_steps` swaps were not enough.
std::optional<Word> hall_word(int r, i64 u, const Counts& c, const std::function<bool()>& expired,
                              i64 max_steps = 50'000'000);

}  // namespace blockcast
