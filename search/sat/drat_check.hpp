// Independent DRAT proof checker (Debian 12 packages no drat-trim). It shares nothing with
// CaDiCaL: it reads the formula from the Cnf and the proof from the text DRAT file the
// solver wrote, and decides whether the proof derives the empty clause.
//
// Method: forward checking (every lemma is checked when it is read, in proof order), as in
// Wetzler, Heule, Hunt, "DRAT-trim: Efficient Checking and Trimming Using Expressive Clausal
// Proofs", SAT 2014, without the backward trimming:
//  - RUP: assign the negation of the lemma, unit-propagate over the active clauses (two
//    watched literals, top-level units kept across lemmas); a conflict accepts the lemma.
//  - RAT (only if RUP fails): pivot = the lemma's first literal; for every active clause D
//    containing -pivot the resolvent lemma + (D - {-pivot}) must be a tautology or RUP.
//  - Deletions ("d ...") are honoured (the clause leaves the watch lists), except deletions
//    of unit clauses and of clauses that are the reason of a top-level assignment, which
//    are ignored like drat-trim does by default. Ignoring a deletion keeps a clause that was
//    itself checked (or original), so it cannot make a refutation accepted wrongly; it can
//    only make later RAT checks stricter.
// The proof is accepted iff the active clauses become inconsistent under top-level unit
// propagation (the empty clause or a lemma that makes propagation conflict).
//
// Limits: text DRAT only (solve with SatOptions::binary_proof = false); no trimming and no
// core extraction; RAT candidates are found by a scan of all clauses (fine for CaDiCaL, which
// emits RUP lemmas in practice); cost grows like lemmas x propagation, so it is meant for
// proofs of up to some 10^6 lemmas (the regression data's proofs are far smaller).
#pragma once
#include <cstdint>
#include <istream>
#include <string>

#include <blockcast/verdict.hpp>

#include "cnf.hpp"

namespace blockcast::sat {

struct DratResult {
  Verdict verdict = Verdict::unknown;  // accepted (verified), rejected (failed) or unknown
  std::string message;  // why failed / unknown, or what was verified
  std::int64_t lemmas = 0, rat_lemmas = 0, deletions = 0, ignored_deletions = 0;
  double seconds = 0;
  bool verified() const { return verdict == Verdict::accepted; }
};

// seconds > 0: stop with verdict unknown after that much wall time.
DratResult check_drat(const Cnf& cnf, std::istream& proof, double seconds = 0);
DratResult check_drat(const Cnf& cnf, const std::string& proof_path, double seconds = 0);

}  // namespace blockcast::sat
