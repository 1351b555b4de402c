// The counts encoding of the prover (`blockcast prove --encoding counts`, docs/prover.md): one
// instance of the block-cyclic assignment problem (SPEC Sec. 4) as letter counts per block
// with the sum condition, instead of words with the residue condition (instance_cnf.hpp).
//
// Why a second encoding: Hall's theorem (Hall 1952, SPEC Sec. 4: a multiset of r-1 letters
// orders into a legal word for (r, u) iff u + its sum = 0 mod r) turns the word rule into one
// sum per block. The residue encoding states the rule itself, and a resolution proof has to
// rediscover that sum by search: its proofs for the t = 2L rows grow about 30x per step of 2
// in L (L = 12: 50 MB). Here the sum is a modular counter, and those proofs are a few
// hundred lemmas. What this trusts beyond the residue encoding is Hall's theorem (a theorem,
// not code); a SAT answer still gets words: each block's multiset is ordered by the residue
// encoding itself (a small solve per distinct multiset), and the result passes the symbolic
// checker like any other witness.
//
// Variables, one block per tree node (as instance_cnf.hpp):
//  - y[j]: the receive-only letter is j (exactly one; optional unit);
//  - g[b][j][i], i = 1..cap: "block b takes at least i letters j" (unary, g[i+1] -> g[i]),
//    cap = min(r-1, letters[j]);
//  - s[b][j][rho]: the modular counter, rho = (u + sum over letters <= j of letter * count)
//    mod r. Forward clauses only: the true partial sum is forced true, and the last counter
//    may be true only at 0. (A model may set more counter bits; none of them can hide a
//    nonzero true sum, so every model is a solution and no solution is lost.)
// Clauses: each block takes exactly r-1 letters; letter totals exact (with y); symmetry
// breaking: consecutive blocks of one type take non-decreasing counts of letter 0 (sound:
// such blocks are interchangeable). Optimal and explicit instances only: no trimmed trees,
// no --extendable (InputError).
#pragma once
#include <vector>

#include "instance_cnf.hpp"

namespace blockcast::sat {

class CountsCnf {
 public:
  // InputError as InstanceCnf (inconsistent instance, bad receive-only letter, too large),
  // and for --extendable, which this encoding does not support.
  CountsCnf(const Instance& inst, const InstanceCnfOptions& opt);
  const Cnf& cnf() const { return cnf_; }
  Instance instance_of(const Assignment&) const { return inst_; }
  // The counts of the model, each block's multiset ordered into a word by the residue
  // encoding (unchecked: the caller runs the symbolic checker). std::logic_error if a
  // multiset of the model has no legal order (Hall's theorem says it must);
  // EncodingStopped if the options' deadline passes while ordering.
  Assignment decode(const SatResult& model) const;
  std::int64_t blocks() const { return static_cast<std::int64_t>(blocks_.size()); }

 private:
  struct Block {
    int r = 0;
    i64 u = 0;
    std::vector<std::vector<Lit>> g;  // g[j][i-1] = "at least i letters j"
  };
  void encode_block(Block& b, const Block* prev);
  void encode_sum(const Block& b);
  Word order_word(const Block& b, const std::vector<i64>& counts) const;

  Instance inst_;
  InstanceCnfOptions opt_;
  Cnf cnf_;
  std::vector<Block> blocks_;
  std::vector<Lit> y_;
};

}  // namespace blockcast::sat
