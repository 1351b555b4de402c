// Legal words of a block (r, u) read off the word automaton (SPEC Sec. 5): enumeration
// (with a limit), exact counting without enumeration (trace of the transfer matrix over
// closed walks, in arbitrary precision: counts pass 2^64 quickly) and the start state of
// a word's closed walk. None of this calls the residue check of word.hpp; tests compare
// the two definitions exhaustively.
#pragma once
#include <boost/multiprecision/cpp_int.hpp>
#include <optional>
#include <vector>

#include "word.hpp"
#include "word_automaton.hpp"

namespace blockcast {

using BigCount = boost::multiprecision::cpp_int;

// The letter that represents the upper-case reception in the closed walk. Any u' with
// u' = u (mod r) works; u' = u mod r keeps the alphabet smallest.
inline int walk_representative(int r, i64 u) { return static_cast<int>(u % r); }

// Legal words of block (r, u) over letters 0..A-1, lexicographic, at most `limit`.
// *truncated is set when more exist.
std::vector<Word> enumerate_legal_words(int r, i64 u, int A, i64 limit, bool* truncated = nullptr);

// Exact number of legal words of block (r, u) over letters 0..A-1.
BigCount count_legal_words(int r, i64 u, int A);

// Start state of the periodic reception sequence (u', w_1, ..., w_{r-1})^infinity: the
// offsets claimed by earlier periods. Then the word is legal iff walking from it returns
// to it (checked by closed_walk).
State walk_start_state(int r, int u_rep, const Word& w);
// States s_0 .. s_{r-1} visited by the closed walk, or nullopt if it is not closed.
std::optional<std::vector<State>> closed_walk(int r, int u_rep, const Word& w);

// SPEC Sec. 7: the root word of I(t) can absorb x forever iff its closed walk (with
// representative u - r, valid for both (r, u) and (r+1, u+1)) passes through the state
// {0..x-1}, which has an x-self-loop. Returns the insertion position (0..r-1) or nullopt.
std::optional<int> self_loop_position(int r, i64 u, const Word& w, Letter x);

}  // namespace blockcast
