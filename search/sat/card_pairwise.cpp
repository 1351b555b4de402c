// At most one by pairwise exclusion: one binary clause (-a | -b) per pair; no auxiliary
// variables, n(n-1)/2 clauses, so only for small groups (standard folklore encoding, e.g.
// Biere et al., Handbook of Satisfiability, ch. 2).
#include "cardinality.hpp"

namespace blockcast::sat {

void at_most_one_pairwise(Cnf& cnf, std::span<const Lit> lits) {
  for (std::size_t i = 0; i < lits.size(); ++i)
    for (std::size_t j = i + 1; j < lits.size(); ++j) cnf.add_clause({-lits[i], -lits[j]});
}

}  // namespace blockcast::sat
