// Linear bounds on the letters left for the blocks still to fill (SPEC Sec. 4, Hall's
// theorem): a block (r, u) takes any vector c of r-1 letters with u + sum_j j c_j = 0 (mod r),
// so for every weight vector lambda over the letters it contributes between lo and hi of
// lambda . c over that set, and m blocks between m lo and m hi. The letters R left for a
// suffix of block types (plus one receive-only letter x) must satisfy
// lambda . (R - e_x) in [sum m lo, sum m hi] for every lambda. These are the dual constraints
// of the LP relaxation over aggregated block types; a fixed family (each letter alone, every
// prefix of the alphabet, the letter value, its parity) catches what per-letter caps miss,
// e.g. a residue sum that the remaining blocks cannot reach. Ranges come from a DP over
// (letters placed, residue) per block type, O(r^2 A) each.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "instance.hpp"
#include "limits.hpp"
#include "word.hpp"

namespace blockcast {

class LetterBounds {
 public:
  // `types[i]` with multiplicity `counts[i]`, in search order; types after position p form
  // the suffix of p. `receive_only`: the fixed receive-only letter, if any.
  // Past `deadline` (the command's, engine/limits.hpp) the remaining ranges are the loose
  // (r-1) min / max ones: still valid bounds, and the search stops at once anyway.
  LetterBounds(int A, const std::vector<BlockType>& types, std::optional<Letter> receive_only,
               Clock::time_point deadline = Clock::time_point::max());
  // Can `m_left` more blocks of types[p] plus every type after p (and the receive-only
  // letter) take exactly the letters R? A necessary condition: false proves no.
  bool feasible(std::size_t p, i64 m_left, const std::vector<std::int32_t>& R) const;
  std::size_t functionals() const { return w_.size(); }

 private:
  int A_;
  std::vector<std::vector<i64>> w_;       // weight vectors lambda
  std::vector<std::vector<i64>> lo_, hi_;  // [type][functional]: one block's range
  std::vector<std::vector<i64>> suf_lo_, suf_hi_;  // [p][f]: all blocks of types > p
  std::vector<i64> x_lo_, x_hi_;          // [f]: range of lambda_x over the receive-only letters
};

}  // namespace blockcast
