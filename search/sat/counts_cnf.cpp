// The counts encoding (counts_cnf.hpp): letter counts per block, the sum condition of SPEC
// Sec. 4 as a modular counter, and the decoding that orders each multiset into a word with
// the residue encoding (instance_cnf.hpp).
#include "counts_cnf.hpp"

#include <map>
#include <stdexcept>

#include "cardinality.hpp"

namespace blockcast::sat {

CountsCnf::CountsCnf(const Instance& inst, const InstanceCnfOptions& opt) : inst_(inst), opt_(opt) {
  cnf_.set_deadline(opt.deadline, opt.cancel);
  if (opt.extendable) throw InputError("--encoding counts does not support --extendable (use the residue encoding)");
  if (auto e = inst.consistency_error(); !e.empty()) throw InputError("inconsistent instance: " + e);
  const int W = inst.alphabet();
  if (W < 1) throw InputError("instance without letters");
  if (opt.receive_only && (*opt.receive_only < 0 || *opt.receive_only >= W))
    throw InputError("receive-only letter " + letter_name(*opt.receive_only) + " is not a letter of the instance");
  // Before allocating: the counter has r states per letter and count value, 4 literals per clause.
  i64 literals = 0;
  for (const auto& bt : inst.blocks)
    for (int j = 0; j < W; ++j)
      literals = checked_add(literals, checked_mul(checked_mul(bt.count, bt.r), 4 * (std::min<i64>(bt.r - 1, inst.letters[j]) + 1)));
  if (literals > opt.max_literals)
    throw InputError("instance too large for the prover's counts encoding: about " + std::to_string(literals) + " literals");

  y_ = cnf_.new_vars(W);
  exactly(cnf_, y_, 1);
  if (opt.receive_only) cnf_.add_unit(y_[*opt.receive_only]);
  for (const auto& bt : inst.blocks)
    for (i64 c = 0; c < bt.count; ++c) {
      Block b;
      b.r = bt.r;
      b.u = bt.u;
      encode_block(b, c > 0 && opt.symmetry ? &blocks_.back() : nullptr);
      blocks_.push_back(std::move(b));
    }
  for (int j = 0; j < W; ++j) {  // letter conservation
    std::vector<Lit> lits{y_[j]};
    for (const auto& b : blocks_) lits.insert(lits.end(), b.g[j].begin(), b.g[j].end());
    if (inst.letters[j] > static_cast<i64>(lits.size()))
      cnf_.add_clause(std::span<const Lit>());  // more letters j than places for them
    else
      exactly(cnf_, lits, static_cast<int>(inst.letters[j]));
  }
}

// Unary counts of block b, their total r-1, the symmetry clauses against the previous
// block of the same type, and the sum condition.
void CountsCnf::encode_block(Block& b, const Block* prev) {
  const int W = inst_.alphabet();
  b.g.resize(W);
  std::vector<Lit> all;
  for (int j = 0; j < W; ++j) {
    const int cap = static_cast<int>(std::min<i64>(b.r - 1, inst_.letters[j]));
    b.g[j] = cnf_.new_vars(cap);
    for (int i = 1; i < cap; ++i) cnf_.add_clause({-b.g[j][i], b.g[j][i - 1]});
    all.insert(all.end(), b.g[j].begin(), b.g[j].end());
  }
  // The unary bits of one block are a prefix per letter, so their number is the word length.
  exactly(cnf_, all, b.r - 1);
  if (prev)  // count of letter 0 non-decreasing: prev >= i -> next >= i
    for (std::size_t i = 0; i < b.g[0].size(); ++i) cnf_.add_clause({-prev->g[0][i], b.g[0][i]});
  encode_sum(b);
}

// s_j[rho] for the partial sums; letters that add nothing mod r (count 0 possible only, or
// j = 0 mod r) keep the previous counter.
void CountsCnf::encode_sum(const Block& b) {
  const int r = b.r;
  if (r == 1) return;  // every sum is 0 mod 1
  std::vector<Lit> s = cnf_.new_vars(r);
  cnf_.add_unit(s[floor_mod(b.u, r)]);
  for (int j = 1; j < static_cast<int>(b.g.size()); ++j) {
    const auto& g = b.g[j];
    const int cap = static_cast<int>(g.size());
    if (cap == 0 || j % r == 0) continue;
    std::vector<Lit> next = cnf_.new_vars(r);
    for (int rho = 0; rho < r; ++rho)
      for (int m = 0; m <= cap; ++m) {  // s[rho] and count = m -> next[rho + j*m]
        std::vector<Lit> cl{-s[rho]};
        if (m >= 1) cl.push_back(-g[m - 1]);
        if (m < cap) cl.push_back(g[m]);
        cl.push_back(next[floor_mod(rho + static_cast<i64>(j) * m, r)]);
        cnf_.add_clause(cl);
      }
    s = std::move(next);
  }
  for (int rho = 1; rho < r; ++rho) cnf_.add_unit(-s[rho]);
}

// A legal order of one block's multiset: the residue encoding of the one-block instance
// (r, u) with these letters plus a receive-only letter a.
Word CountsCnf::order_word(const Block& b, const std::vector<i64>& counts) const {
  if (b.r == 1) return {};
  Instance one;
  one.L = inst_.L;
  one.T = inst_.T;
  one.t = inst_.t;
  one.shape = inst_.shape;
  one.blocks = {{b.r, b.u, 1}};
  one.letters = counts;
  one.letters[0] += 1;
  one.P = b.r + 2;
  InstanceCnfOptions o;
  o.receive_only = 0;
  o.deadline = opt_.deadline, o.cancel = opt_.cancel;
  const InstanceCnf enc(one, o);
  SatLimits limits;
  limits.deadline = opt_.deadline, limits.cancel = opt_.cancel;
  const SatResult m = solve(enc.cnf(), limits);
  if (m.status == Verdict::unknown) throw EncodingStopped("deadline while ordering the words of a counts model");
  if (m.status == Verdict::impossible)
    throw std::logic_error("prover: a block multiset of the counts model has no legal order (Hall's theorem says it must)");
  return enc.decode(m).blocks.at(0).word;
}

Assignment CountsCnf::decode(const SatResult& m) const {
  Assignment a;
  a.L = inst_.L;
  a.T = inst_.T;
  a.t = inst_.t;
  a.shape = inst_.shape;
  a.P = inst_.P;
  std::map<std::pair<std::pair<int, i64>, std::vector<i64>>, Word> ordered;  // one solve per distinct multiset
  for (const auto& b : blocks_) {
    std::vector<i64> counts(b.g.size(), 0);
    for (std::size_t j = 0; j < b.g.size(); ++j)
      for (Lit l : b.g[j]) counts[j] += m.value(l) ? 1 : 0;
    auto key = std::make_pair(std::make_pair(b.r, b.u), counts);
    auto it = ordered.find(key);
    if (it == ordered.end()) it = ordered.emplace(key, order_word(b, counts)).first;
    a.blocks.push_back({b.r, b.u, 1, it->second});
  }
  for (int j = 0; j < static_cast<int>(y_.size()); ++j)
    if (m.value(y_[j])) a.receive_only = j;
  normalize(a);
  return a;
}

}  // namespace blockcast::sat
