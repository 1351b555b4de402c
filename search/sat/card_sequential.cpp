// At most k by the sequential counter of C. Sinz, "Towards an Optimal CNF Encoding of
// Boolean Cardinality Constraints", CP 2005 (LT_SEQ^{n,k}). Register s[i][j] means "at
// least j+1 of x_0..x_i are true"; only the upward implications are needed for <= k, which
// keeps the encoding arc-consistent with O(n k) clauses and variables.
#include "cardinality.hpp"

namespace blockcast::sat {

void at_most_sequential(Cnf& cnf, std::span<const Lit> x, int k) {
  const int n = static_cast<int>(x.size());
  if (k < 0) {
    cnf.add_clause(std::span<const Lit>());
    return;
  }
  if (k >= n) return;
  if (k == 0) {
    for (Lit l : x) cnf.add_unit(-l);
    return;
  }
  std::vector<Lit> prev;  // s[i-1][0..k-1]
  for (int i = 0; i < n - 1; ++i) {
    std::vector<Lit> s = cnf.new_vars(k);
    cnf.add_clause({-x[i], s[0]});
    if (i == 0) {
      for (int j = 1; j < k; ++j) cnf.add_unit(-s[j]);
    } else {
      for (int j = 0; j < k; ++j) cnf.add_clause({-prev[j], s[j]});
      for (int j = 1; j < k; ++j) cnf.add_clause({-x[i], -prev[j - 1], s[j]});
      cnf.add_clause({-x[i], -prev[k - 1]});
    }
    prev = std::move(s);
  }
  cnf.add_clause({-x[n - 1], -prev[k - 1]});
}

}  // namespace blockcast::sat
