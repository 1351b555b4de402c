// Words and the residue condition for legal words (SPEC Sec. 3-4; Karp et al. 1993, Sec. 3.2).
// Letter j at step tau means the item whose broadcast ends at tau + j (relative
// addressing). A block (r, u) receives its upper-case item (index u) at phase 0 and the
// word's letters w_1..w_{r-1} at phases 1..r-1. Phase k receives the item that ends at
// k + w_k; with period r two phases receive the same item iff these agree mod r, so the
// word is legal iff {u mod r} and {(k + w_k) mod r} are all r residues.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "checked.hpp"

namespace blockcast {

using Letter = int;
using Word = std::vector<Letter>;

// 'a'..'z' for 0..25, "{26}" beyond (large L and pruned-tree letters).
std::string letter_name(Letter j);
// The capital form, 'A'..'Z' ("{26}" beyond, unchanged): how the papers' figures name the
// letter of a block's root (tree drawings, reception tables, run reports).
std::string letter_name_upper(Letter j);
std::string word_string(const Word& w);
// Inverse of word_string; throws InputError naming the bad character.
Word parse_word(const std::string& s);
Letter parse_letter(const std::string& s);
// The value of --receive-only (receive_only in the library): one letter a, b, ... that is a
// letter of latency L (a..L-1), or, where the tree has more letters than L (prove on a ties
// or pruned tree), below `letters`. The one check of the option for every question that
// takes it (solve, prove): InputError naming the option otherwise.
Letter receive_only_letter(const std::string& text, int L, int letters);

// Residue condition. Returns nullopt if legal, otherwise which rule is broken.
std::optional<std::string> word_violation(int r, i64 u, const Word& w);
inline bool is_legal_word(int r, i64 u, const Word& w) { return !word_violation(r, u, w); }

// Letter-count vector of a word over an alphabet of W letters.
std::vector<i64> letter_counts(const Word& w, int W);

// SPEC Sec. 7: can x be inserted into the word of block (r, u) so that the result is legal
// for block (r+1, u+1)? Returns the insertion position (0..r-1, before w_{pos+1}) or nullopt.
std::optional<int> extension_position(int r, i64 u, const Word& w, Letter x);

}  // namespace blockcast
