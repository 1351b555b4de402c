// Block-cyclic assignments and their symbolic checker (SPEC Sec. 4; Karp et al. 1993, Sec. 3.2).
// An assignment gives each block type a list of (word, multiplicity) and names the letter
// of the receive-only processor. It is legal iff every word satisfies the residue
// condition and the words plus the receive-only letter use up exactly the instance's
// letters (letter conservation).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "instance.hpp"
#include "word.hpp"

namespace blockcast {

struct BlockWord {
  int r = 0;
  i64 u = 0;
  i64 count = 0;  // how many blocks of type (r, u) use this word
  Word word;
  friend bool operator==(const BlockWord&, const BlockWord&) = default;
};

struct Assignment {
  int L = 0;
  int T = 0;
  int t = 0;
  Shape shape = Shape::optimal;
  i64 P = 0;
  std::vector<BlockWord> blocks;  // largest block first
  Letter receive_only = 0;
  i64 delay() const { return L + T; }
  friend bool operator==(const Assignment&, const Assignment&) = default;
};

// Which block words check_assignment proves legal: every one, or only the root's (u = T) when
// every other word is a copy of one already checked (the induction's compositions,
// search/induction.cpp: word checks were a third of verifying a certificate).
enum class WordChecks { all, root_only };

// Symbolic check against an instance. nullopt if legal, else one line naming the block,
// the word and the rule broken (word legality, block multiset, letter conservation).
std::optional<std::string> check_assignment(const Instance& inst, const Assignment& a,
                                            WordChecks words = WordChecks::all);

// The instance an assignment claims to solve: for shape optimal it is I(t); for ties and
// pruned the block types and letters it lists, which must form a trimmed tree of its P
// (engine/trim.hpp; InputError naming the first problem otherwise).
Instance claimed_instance(const Assignment& a);
// The block types and letters an assignment lists, unchecked (for trimmed trees whose T and
// P are not the canonical pair of their shape, e.g. the parts of a composition).
Instance listed_instance(const Assignment& a);

// Merge entries with equal (r, u, word) and order them canonically.
void normalize(Assignment& a);

}  // namespace blockcast
