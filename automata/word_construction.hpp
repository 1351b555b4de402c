// Concrete words for letter-count vectors (SPEC Sec. 4-5, 7).
//
// Hall's theorem on abelian groups (M. Hall, 1952: for any a_1..a_n in Z_n summing to 0 there
// is an ordering g_1..g_n of Z_n with the g_i + a_i pairwise distinct) makes the sum condition
// of SPEC Sec. 4 sufficient as well as necessary: a multiset of r-1 letters is the letter
// multiset of some legal word of block (r, u) iff u + (sum of letters) = 0 (mod r). (Translate
// the ordering so that u lands on phase 0.) The search therefore works on count vectors with
// this test (vector_is_legal) and builds the word only for the witness, here, by Hall's own
// constructive proof (hall_ordering): O(r^2), no search, never fails on a legal vector.
//
// x-extendable root words (SPEC Sec. 7) are juggling patterns through the ground state: the
// cyclic word (u', w_1..w_{r-1}), u' = u - r, is a siteswap with x balls (sum = x r), and its
// state before some phase is {0..x-1} iff, read from that phase, the landing times i + s_i
// are exactly x..x+r-1. extendable_word_with_counts searches for such an order directly on
// landing times (no bitmask, so any letter size works; ground_search.hpp).
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

// Hall's theorem, constructively: for values v_0..v_{n-1} with sum = 0 (mod n) a permutation
// g of Z_n (g[i] = position of value i) with the g[i] + v_i pairwise distinct mod n.
// Precondition: the sum condition holds (std::logic_error otherwise).
std::vector<int> hall_ordering(const std::vector<i64>& values);

// A legal word of block (r, u) whose letters are exactly `letters` (r - 1 of them, in any
// order), or nullopt iff the sum condition fails. Hall's construction, O(r log r) expected:
// the repair packer's blocks hold a few dozen letters over alphabets of hundreds, so a count
// vector would cost more than the word.
std::optional<Word> word_with_letters(int r, i64 u, const std::vector<Letter>& letters);

// A legal word of block (r, u) with exactly these letter counts, or nullopt iff the sum
// condition fails. Built by hall_ordering; the budget arguments are kept for callers and
// ignored (*exhausted is always set to true: the answer is exact).
std::optional<Word> word_with_counts(int r, i64 u, const Counts& c, i64 max_nodes = 0,
                                     bool* exhausted = nullptr);

// A legal word of the root block (r, u) with these counts whose closed walk (representative
// u - r) passes through the state {0..x-1}, so that x can be inserted forever (SPEC Sec. 7).
// Pruned depth-first search over landing times with restarts and a failure memo
// (ground_search.hpp); nullopt with *exhausted = false when `max_nodes` (0 = unlimited) ran
// out first.
std::optional<Word> extendable_word_with_counts(int r, i64 u, const Counts& c, Letter x,
                                                i64 max_nodes = 10'000'000,
                                                bool* exhausted = nullptr);

// The phase (0..r-1) of the cyclic sequence s (s[0] = u', s[k] = w_k) before which the
// walk is in state {0..x-1}, or nullopt. Assumes s is a legal cyclic word (residues
// distinct mod r); tests sum(s) = x r and the landing-time window. Order of preference:
// phases 1..r-1, then 0 (the order the automaton-based answer used).
std::optional<int> ground_state_phase(const std::vector<i64>& s, Letter x);

}  // namespace blockcast
