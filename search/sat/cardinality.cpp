// Front functions of cardinality.hpp: trivial bounds handled here, then one encoding.
#include <stdexcept>

#include "cardinality.hpp"

namespace blockcast::sat {

namespace {
void unsatisfiable(Cnf& cnf) { cnf.add_clause(std::span<const Lit>()); }
}  // namespace

void at_most(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e) {
  const int n = static_cast<int>(lits.size());
  if (k < 0) return unsatisfiable(cnf);
  if (k >= n) return;
  if (e == CardEncoding::automatic)
    e = (k == 1 && n <= 6) ? CardEncoding::pairwise : CardEncoding::sequential;
  switch (e) {
    case CardEncoding::pairwise:
      if (k != 1) throw std::logic_error("pairwise encoding is for at most one");
      return at_most_one_pairwise(cnf, lits);
    case CardEncoding::sequential: return at_most_sequential(cnf, lits, k);
    case CardEncoding::totalizer: {
      auto o = totalizer(cnf, lits, k + 1);
      cnf.add_unit(-o[k]);
      return;
    }
    case CardEncoding::automatic: break;
  }
}

void at_least(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e) {
  const int n = static_cast<int>(lits.size());
  if (k <= 0) return;
  if (k > n) return unsatisfiable(cnf);
  if (k == 1) return cnf.add_clause(lits);
  if (e == CardEncoding::totalizer) {
    auto o = totalizer(cnf, lits, k);
    cnf.add_unit(o[k - 1]);
    return;
  }
  // At least k true = at most n-k false.
  std::vector<Lit> neg(lits.begin(), lits.end());
  for (auto& l : neg) l = -l;
  at_most(cnf, neg, n - k, e);
}

void exactly(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e) {
  const int n = static_cast<int>(lits.size());
  if (k < 0 || k > n) return unsatisfiable(cnf);
  if (k == 0 || k == n) {
    for (Lit l : lits) cnf.add_unit(k == 0 ? -l : l);
    return;
  }
  if (e == CardEncoding::automatic) e = k == 1 ? CardEncoding::automatic : CardEncoding::totalizer;
  if (e == CardEncoding::totalizer) {
    auto o = totalizer(cnf, lits, k + 1);
    cnf.add_unit(o[k - 1]);
    cnf.add_unit(-o[k]);
    return;
  }
  at_least(cnf, lits, k, e);
  at_most(cnf, lits, k, e);
}

}  // namespace blockcast::sat
