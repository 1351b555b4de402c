// Trimmed trees in the independent encoding (instance_cnf.hpp; SPEC Sec. 6, shapes ties and
// pruned): the SAT solver chooses how many trailing leaves each internal node of T_T loses
// together with the words.
#include <algorithm>

#include "cardinality.hpp"
#include "instance_cnf.hpp"
#include "postal.hpp"

namespace blockcast::sat {

InstanceCnf::InstanceCnf(const TreeSpec& spec, const InstanceCnfOptions& opt)
    : trimmed_(spec.shape != Shape::optimal), spec_(spec), opt_(opt) {
  if (!trimmed_) {
    *this = InstanceCnf(optimal_instance(spec.L, spec.t), opt);
    return;
  }
  if (opt.extendable) throw InputError("--extendable is not supported for trimmed trees (ties, pruned)");
  cnf_.set_deadline(opt.deadline, opt.cancel);
  const int L = spec.L;
  const auto classes = node_classes(L, spec.T);
  const std::vector<i64> full = full_leaves(L, spec.T);
  // Alphabet: the leaves of T_T, plus u = L-1+r0 for nodes that may become leaves.
  int W = L;
  i64 positions = 0;
  for (const auto& c : classes) {
    if (std::min({spec.max_trim, c.r0, L}) == c.r0) W = std::max(W, L + c.r0);
    positions = checked_add(positions, checked_mul(c.r0 - 1, c.nodes));
  }
  check_size(checked_mul(positions, 2), W);
  encode_receive_only(W);

  std::vector<LetterSum> sums(W);
  for (int j = 0; j < W; ++j) sums[j].target = j < L ? full[j] : 0;
  std::vector<Lit> removed;  // unary m of every node
  for (const auto& c : classes) {
    const int mmax = std::min({spec.max_trim, c.r0, L});
    const i64 u = L - 1 + c.r0;
    std::vector<Lit> prev_ge;
    for (i64 n = 0; n < c.nodes; ++n) {
      std::vector<Lit> s = cnf_.new_vars(mmax + 1);  // s[m]: the node loses m leaves
      exactly(cnf_, s, 1);
      std::vector<Lit> ge(mmax + 1, 0);              // ge[i] <=> m >= i, i >= 1
      for (int i = 1; i <= mmax; ++i) {
        ge[i] = cnf_.new_var();
        std::vector<Lit> c1{-ge[i]};
        for (int m = i; m <= mmax; ++m) c1.push_back(s[m]), cnf_.add_clause({-s[m], ge[i]});
        cnf_.add_clause(c1);
        removed.push_back(ge[i]);
        sums[i - 1].extra.push_back(ge[i]);  // m > j = i-1: one leaf of letter j less
      }
      if (opt.symmetry && n > 0)
        for (int i = 1; i <= mmax; ++i) cnf_.add_clause({-prev_ge[i], ge[i]});  // m non-decreasing
      prev_ge = ge;
      for (int m = 0; m <= mmax; ++m) {
        if (m == c.r0) {  // the node becomes a leaf of letter u: one more letter u
          sums[u].extra.push_back(-s[m]);
          sums[u].target += 1;
          continue;
        }
        Block b;
        b.r = c.r0 - m;
        b.u = u;
        b.guard = mmax > 0 ? s[m] : 0;
        encode_block(b, W);
        blocks_.push_back(std::move(b));
      }
    }
  }
  if (spec.removed > static_cast<i64>(removed.size()))
    cnf_.add_clause(std::span<const Lit>());
  else
    exactly(cnf_, removed, static_cast<int>(spec.removed));
  encode_letters(std::move(sums));
}

}  // namespace blockcast::sat
