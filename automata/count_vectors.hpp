// Achievable letter-count vectors of a block (SPEC Sec. 5: "count vectors follow from walks
// without enumerating words"). The search only needs how many of each letter a block's word
// uses, so it works on these vectors and turns them into a concrete witness word only at the
// end. Computed by dynamic programming over closed walks: layer k holds the distinct pairs
// (automaton state, letter counts so far), each with one witness prefix.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "word.hpp"

namespace blockcast {

struct CountVector {
  std::vector<std::int32_t> counts;  // counts[j] = occurrences of letter j
  Word witness;                      // one legal word with these counts
};

struct VectorQuery {
  int r = 1;
  i64 u = 0;
  int A = 1;                           // letters 0..A-1
  std::vector<i64> cap;                // optional per-letter upper bounds (empty = none)
  std::optional<Letter> extendable_by; // root words: closed walk must pass state {0..x-1}
  i64 max_states = 20'000'000;         // DP size limit; exceeding it sets truncated
};

struct VectorSet {
  std::vector<CountVector> vectors;  // sorted by counts, lexicographically descending
  bool truncated = false;            // DP limit hit: the set may be incomplete
  i64 dp_states = 0;                 // work done (sum of layer sizes)
};

VectorSet achievable_vectors(const VectorQuery& q);

}  // namespace blockcast
