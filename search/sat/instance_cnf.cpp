// Encoding of instance_cnf.hpp for a fixed instance (SPEC Sec. 4 residue condition per
// block, letter totals, Sec. 7 extendable root), and the pieces the trimmed encoding shares.
#include "instance_cnf.hpp"

#include "cardinality.hpp"

namespace blockcast::sat {

namespace {
int mod(i64 a, int r) { return static_cast<int>(((a % r) + r) % r); }
}  // namespace

InstanceCnf::InstanceCnf(const Instance& inst, const InstanceCnfOptions& opt) : inst_(inst), opt_(opt) {
  cnf_.set_deadline(opt.deadline, opt.cancel);
  if (auto e = inst.consistency_error(); !e.empty()) throw InputError("inconsistent instance: " + e);
  const int W = inst.alphabet();
  if (W < 1) throw InputError("instance without letters");
  i64 positions = 0;
  for (const auto& bt : inst.blocks) positions = checked_add(positions, checked_mul(bt.r - 1, bt.count));
  check_size(positions, W);
  encode_receive_only(W);
  for (const auto& bt : inst.blocks)
    for (i64 c = 0; c < bt.count; ++c) {
      Block b;
      b.r = bt.r;
      b.u = bt.u;
      encode_block(b, W);
      if (opt.symmetry && c > 0) order_first_letters(blocks_.back(), b, W);
      blocks_.push_back(std::move(b));
    }
  std::vector<LetterSum> sums(W);
  for (int j = 0; j < W; ++j) sums[j].target = inst.letters[j];
  encode_letters(std::move(sums));
  if (opt.extendable) {
    const Block* root = nullptr;
    int roots = 0;
    for (const auto& b : blocks_)
      if (b.u == inst.T) root = &b, ++roots;
    if (roots != 1) throw InputError("--extendable: the instance has no unique root block (u = T)");
    encode_extendable(*root, W);
  }
}

void InstanceCnf::check_size(i64 positions, int W) const {
  if (opt_.receive_only && (*opt_.receive_only < 0 || *opt_.receive_only >= W))
    throw InputError("receive-only letter " + letter_name(*opt_.receive_only) + " is not a letter of the instance");
  // Before allocating: about W literals per position plus the totals.
  if (checked_mul(positions, 4 * W + 16) > opt_.max_literals)
    throw InputError("instance too large for the prover: " + std::to_string(positions) + " word positions");
}

void InstanceCnf::encode_receive_only(int W) {
  y_ = cnf_.new_vars(W);
  exactly(cnf_, y_, 1);
  if (opt_.receive_only) cnf_.add_unit(y_[*opt_.receive_only]);
}

// Exactly one of lits if guard is true (or 0), none otherwise: the literals of an absent
// block are all false, so at most one needs no guard.
void InstanceCnf::exactly_one_guarded(const std::vector<Lit>& lits, Lit guard) {
  if (!guard) return exactly(cnf_, lits, 1);
  at_most(cnf_, lits, 1);
  std::vector<Lit> c{-guard};
  c.insert(c.end(), lits.begin(), lits.end());
  cnf_.add_clause(c);
}

void InstanceCnf::encode_block(Block& b, int W) {
  const int r = b.r;
  b.x.resize(r > 1 ? r - 1 : 0);
  std::vector<std::vector<Lit>> hits(r);  // residue -> (k, j) literals hitting it
  for (int k = 1; k < r; ++k) {
    b.x[k - 1] = cnf_.new_vars(W);
    for (Lit l : b.x[k - 1])
      if (b.guard) cnf_.add_clause({b.guard, -l});  // absent block: no letters
    exactly_one_guarded(b.x[k - 1], b.guard);
    for (int j = 0; j < W; ++j) hits[mod(k + j, r)].push_back(b.x[k - 1][j]);
  }
  if (r == 1) return;  // Z_1 = {u mod 1}: the empty word is legal
  for (int rho = 0; rho < r; ++rho) {
    if (rho == mod(b.u, r)) {
      for (Lit l : hits[rho]) cnf_.add_unit(-l);  // the upper-case item's residue is taken
    } else {
      exactly_one_guarded(hits[rho], b.guard);
    }
  }
}

// next's first letter >= prev's first letter (symmetry breaking, see the header).
void InstanceCnf::order_first_letters(const Block& prev, const Block& next, int W) {
  if (prev.x.empty() || next.x.empty()) return;
  for (int j = 0; j < W; ++j) {
    std::vector<Lit> cl{-prev.x[0][j]};
    for (int j2 = j; j2 < W; ++j2) cl.push_back(next.x[0][j2]);
    cnf_.add_clause(cl);
  }
}

void InstanceCnf::encode_letters(std::vector<LetterSum> sums) {
  for (int j = 0; j < static_cast<int>(sums.size()); ++j) {
    std::vector<Lit> lits{y_[j]};
    for (const auto& b : blocks_)
      for (int k = 1; k < b.r; ++k)
        if (mod(k + j, b.r) != mod(b.u, b.r)) lits.push_back(b.x[k - 1][j]);
    lits.insert(lits.end(), sums[j].extra.begin(), sums[j].extra.end());
    if (sums[j].target < 0 || sums[j].target > static_cast<i64>(lits.size()))
      cnf_.add_clause(std::span<const Lit>());  // more letters j than places for them
    else
      exactly(cnf_, lits, static_cast<int>(sums[j].target));
  }
}

void InstanceCnf::encode_extendable(const Block& root, int W) {
  const int r = root.r;  // extended block: r + 1 processors, word w' of length r
  std::vector<Lit> z = cnf_.new_vars(r);
  cnf_.add_clause(z);
  for (int p = 0; p < r; ++p) {
    // Position k' (1..r) of w' is w_{k'} for k' <= p, the inserted letter at p+1, w_{k'-1} after.
    std::vector<std::vector<Lit>> hits(r + 1);
    for (int kp = 1; kp <= r; ++kp)
      for (int j = 0; j < W; ++j) {
        Lit l = kp <= p ? root.x[kp - 1][j] : kp == p + 1 ? y_[j] : root.x[kp - 2][j];
        hits[mod(kp + j, r + 1)].push_back(l);
      }
    for (int rho = 0; rho <= r; ++rho) {
      const auto& h = hits[rho];
      if (rho == mod(root.u + 1, r + 1)) {
        for (Lit l : h) cnf_.add_clause({-z[p], -l});
        continue;
      }
      for (std::size_t a = 0; a < h.size(); ++a)
        for (std::size_t c = a + 1; c < h.size(); ++c) cnf_.add_clause({-z[p], -h[a], -h[c]});
    }
  }
}

Assignment InstanceCnf::decode(const SatResult& m) const {
  Assignment a;
  a.L = trimmed_ ? spec_.L : inst_.L;
  a.T = trimmed_ ? spec_.T : inst_.T;
  a.t = trimmed_ ? spec_.t : inst_.t;
  a.shape = trimmed_ ? spec_.shape : inst_.shape;
  a.P = trimmed_ ? spec_.P : inst_.P;
  for (const auto& b : blocks_) {
    if (b.guard && !m.value(b.guard)) continue;
    Word w;
    for (const auto& pos : b.x)
      for (int j = 0; j < static_cast<int>(pos.size()); ++j)
        if (m.value(pos[j])) {
          w.push_back(j);
          break;
        }
    a.blocks.push_back({b.r, b.u, 1, w});
  }
  for (int j = 0; j < static_cast<int>(y_.size()); ++j)
    if (m.value(y_[j])) a.receive_only = j;
  normalize(a);
  return a;
}

Instance InstanceCnf::instance_of(const Assignment& a) const {
  return trimmed_ ? claimed_instance(a) : inst_;
}

}  // namespace blockcast::sat
