// Cardinality constraints over literals for the SAT back end: at most / at least / exactly
// k of `lits` are true. Each encoding technique lives in its own file with its source:
//   card_pairwise.cpp   at most one, one binary clause per pair (small groups)
//   card_sequential.cpp Sinz's sequential counter (CP 2005), at most k
//   card_totalizer.cpp  Bailleux-Boufkhad totalizer (CP 2003), unary count outputs
// The front functions pick an encoding (`automatic`) or use the one asked for; all are
// exact (no model is lost or added on the input literals). Duplicate literals in `lits`
// count twice; an impossible bound (at most -1, at least n+1) adds the empty clause.
#pragma once
#include <span>
#include <vector>

#include "cnf.hpp"

namespace blockcast::sat {

enum class CardEncoding { automatic, pairwise, sequential, totalizer };

void at_most(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e = CardEncoding::automatic);
void at_least(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e = CardEncoding::automatic);
void exactly(Cnf& cnf, std::span<const Lit> lits, int k, CardEncoding e = CardEncoding::automatic);

// The encodings themselves (used by the front functions; callable directly).
void at_most_one_pairwise(Cnf& cnf, std::span<const Lit> lits);
void at_most_sequential(Cnf& cnf, std::span<const Lit> lits, int k);  // k >= 0
// Totalizer outputs o[0..m-1] with o[i] <=> (at least i+1 of lits true), m = min(n, max_count).
// Both directions are encoded, so units on outputs give <=, >= or = bounds, and a caller
// may bound the same count several times (e.g. tighten a bound between solves).
std::vector<Lit> totalizer(Cnf& cnf, std::span<const Lit> lits, int max_count);

}  // namespace blockcast::sat
