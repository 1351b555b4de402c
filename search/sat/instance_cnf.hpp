// Independent CNF encoding of one instance of the block-cyclic assignment problem (SPEC
// Sec. 3-4, 7), for the second prover (`blockcast prove`, docs/prover.md). It uses only
// engine/ (Instance, Assignment) and none of automata/ or search/, so that the exact search
// and this encoding share nothing but the instance.
//
// Variables: x[b][k][j] = "position k (1..r-1) of block b has letter j", one block per tree
// node (blocks of one type are expanded, multiplicities are not used), and y[j] = "the
// receive-only processor takes letter j".
// Clauses:
//  - each position takes exactly one letter; y takes exactly one letter;
//  - word legality, the residue condition itself (SPEC Sec. 4, rule 1; not the sum
//    condition and not Hall's theorem): x[b][k][j] is false when (k + j) = u (mod r), and
//    every residue rho != u (mod r) is hit by exactly one (k, j) with (k + j) = rho (mod r);
//  - letter conservation: for each letter j, exactly letters[j] of all x[.][.][j] and y[j];
//  - optional receive-only letter: the unit y[x];
//  - optional extendable root (SPEC Sec. 7): the root block (r, u = T) keeps a legal word
//    for (r+1, u+1) when y's letter is inserted: selectors z_p (insert before w_{p+1},
//    p = 0..r-1), at least one true; under z_p no two positions of the extended word hit the
//    same residue mod r+1 and none hits u+1 (pairwise clauses guarded by -z_p);
//  - optional symmetry breaking between blocks of one type (r, u): the first letter of
//    consecutive such blocks is non-decreasing. Sound: blocks of one type are
//    interchangeable, so any solution can be permuted into one whose blocks of each type are
//    sorted by word, and then also by first letter.
// Trimmed trees (shapes ties and pruned, SPEC Sec. 6; instance_cnf_trimmed.cpp): the
// trimming is part of the question. Each internal node of T_T with r0 children gets
// selectors s[m] (exactly one) for losing its last m = 0..min(max_trim, r0, L) leaves; option
// m < r0 is a block (r0-m, u = L-1+r0) with its own position variables, all false unless
// s[m]; m = r0 makes the node a leaf with letter u. The residue condition is the same,
// with its at-least-one halves guarded by s[m]. Unary g[i] = (m >= i) give the removed total
// (exactly f_T - (P-1)) and the letters: letter j loses one leaf per node with m > j and
// gains one per node made a leaf of letter j. Symmetry breaking: within a class of equal r0,
// m is non-decreasing (sound for the same reason). --extendable is not supported there.
// Cardinality constraints use search/sat/cardinality.hpp (automatic choice).
#pragma once
#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"
#include "cnf.hpp"
#include "solver.hpp"
#include "trim.hpp"

namespace blockcast::sat {

struct InstanceCnfOptions {
  std::optional<Letter> receive_only;
  bool extendable = false;
  bool symmetry = true;
  std::int64_t max_literals = 200'000'000;  // InputError beyond this CNF size
  Clock::time_point deadline = Clock::time_point::max();  // EncodingStopped after it (cnf.hpp)
  const std::atomic<bool>* cancel = nullptr;               // or once the caller sets it
};

class InstanceCnf {
 public:
  // InputError if the instance is inconsistent, the receive-only letter is not a letter of
  // it, --extendable has no root block (u = T, count 1), or the CNF would be too large.
  InstanceCnf(const Instance& inst, const InstanceCnfOptions& opt);
  // A trimmed tree of the spec's shape (ties or pruned; optimal = the fixed instance).
  InstanceCnf(const TreeSpec& spec, const InstanceCnfOptions& opt);
  const Cnf& cnf() const { return cnf_; }
  // The instance checked against: the fixed one, or the trimmed tree the model chose.
  Instance instance_of(const Assignment& a) const;
  // The assignment a model encodes (unchecked: the caller runs the symbolic checker).
  Assignment decode(const SatResult& model) const;
  // Blocks encoded (trimmed trees: one per node and trim option m < r0).
  std::int64_t blocks() const { return static_cast<std::int64_t>(blocks_.size()); }

 private:
  struct Block {
    int r = 0;
    i64 u = 0;
    Lit guard = 0;                    // 0: always present; else present iff guard is true
    std::vector<std::vector<Lit>> x;  // x[k-1][j], k = 1..r-1
  };
  // Letter j: exactly `target` of (its position and y literals plus `extra`).
  struct LetterSum {
    std::vector<Lit> extra;
    i64 target = 0;
  };
  void check_size(i64 positions, int W) const;
  void encode_receive_only(int W);
  void encode_block(Block& b, int W);
  void exactly_one_guarded(const std::vector<Lit>& lits, Lit guard);
  void order_first_letters(const Block& prev, const Block& next, int W);
  void encode_letters(std::vector<LetterSum> sums);
  void encode_extendable(const Block& root, int W);

  Instance inst_;
  bool trimmed_ = false;
  TreeSpec spec_;
  InstanceCnfOptions opt_;
  Cnf cnf_;
  std::vector<Block> blocks_;
  std::vector<Lit> y_;
};

}  // namespace blockcast::sat
