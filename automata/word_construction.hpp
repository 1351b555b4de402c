// Concrete words for letter-count vectors.
//
// Hall's theorem on abelian groups (M. Hall, 1952: for any a_1..a_n in Z_n summing to 0 there
// is an ordering g_1..g_n of Z_n with the g_i + a_i pairwise distinct) makes the sum condition
// of SPEC Sec. 4 sufficient as well as necessary: a multiset of r-1 letters is the letter
// multiset of some legal word of block (r, u) iff u + (sum of letters) = 0 (mod r). (Translate
// the ordering so that u lands on phase 0.) The search therefore works on count vectors with
// this test (vector_is_legal) and builds the word only for the witness, here, by depth-first
// search over phases. tests/test_hall.cpp cross-checks the characterisation against the
// automaton's closed walks exhaustively for small L and r.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "word.hpp"

namespace blockcast {

using Counts = std::vector<std::int32_t>;  // counts[j] = occurrences of letter j

// Sum condition (necessary and, by Hall's theorem, sufficient).
bool vector_is_legal(int r, i64 u, const Counts& c);

// Largest number of copies of letter j in a legal word of block (r, u) over letters 0..A-1:
// c copies of j plus r-1-c other letters must meet the sum condition, so the (r-1-c)-fold
// sumset of the other letters' residues decides. Used for absorption bounds in the searches.
int max_letter_copies(int r, i64 u, Letter j, int A);

// A legal word of block (r, u) with exactly these letter counts, or nullopt if none exists
// (or `max_nodes` search nodes were not enough: then *exhausted is false).
std::optional<Word> word_with_counts(int r, i64 u, const Counts& c, i64 max_nodes = 10'000'000,
                                     bool* exhausted = nullptr);

// A legal word of the root block (r, u) with these counts whose closed walk (representative
// u - r) passes through the state {0..x-1}, so that x can be inserted forever (SPEC Sec. 7).
std::optional<Word> extendable_word_with_counts(int r, i64 u, const Counts& c, Letter x,
                                                i64 max_nodes = 10'000'000,
                                                bool* exhausted = nullptr);

}  // namespace blockcast
