// Totalizer of O. Bailleux and Y. Boufkhad, "Efficient CNF Encoding of Boolean Cardinality
// Constraints", CP 2003: a balanced binary tree whose node outputs are the unary count of
// the inputs below it. Outputs are cut at max_count (the "k-simplified" totalizer of
// Büttner-Rintanen / PySAT's ITotalizer): output m then means "at least m". Both the
// upward (count >= i+j -> r) and downward (r -> count >= ...) clauses are kept, so the
// outputs are equivalences and any bound can be asserted on them.
#include <algorithm>

#include "cardinality.hpp"

namespace blockcast::sat {

namespace {
std::vector<Lit> merge(Cnf& cnf, const std::vector<Lit>& a, const std::vector<Lit>& b, int max_count) {
  const int p = static_cast<int>(a.size()), q = static_cast<int>(b.size());
  const int m = std::min(p + q, max_count);
  std::vector<Lit> r = cnf.new_vars(m);
  // Upward: a_i & b_j -> r_{i+j} (a_0, b_0 = true). i + j > m is implied by i + j = m.
  for (int i = 0; i <= p; ++i)
    for (int j = 0; j <= q && i + j <= m; ++j) {
      if (i + j == 0) continue;
      std::vector<Lit> c;
      if (i > 0) c.push_back(-a[i - 1]);
      if (j > 0) c.push_back(-b[j - 1]);
      c.push_back(r[i + j - 1]);
      cnf.add_clause(c);
    }
  // Downward: !a_{i+1} & !b_{j+1} -> !r_{i+j+1} (a_{p+1}, b_{q+1} = false).
  for (int i = 0; i <= p; ++i)
    for (int j = 0; j <= q && i + j + 1 <= m; ++j) {
      std::vector<Lit> c;
      if (i < p) c.push_back(a[i]);
      if (j < q) c.push_back(b[j]);
      c.push_back(-r[i + j]);
      cnf.add_clause(c);
    }
  return r;
}

std::vector<Lit> build(Cnf& cnf, std::span<const Lit> lits, int max_count) {
  if (lits.size() == 1) return {lits[0]};
  const std::size_t half = lits.size() / 2;
  return merge(cnf, build(cnf, lits.subspan(0, half), max_count), build(cnf, lits.subspan(half), max_count),
               max_count);
}
}  // namespace

std::vector<Lit> totalizer(Cnf& cnf, std::span<const Lit> lits, int max_count) {
  if (lits.empty() || max_count <= 0) return {};
  return build(cnf, lits, max_count);
}

}  // namespace blockcast::sat
