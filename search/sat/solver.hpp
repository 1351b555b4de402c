// The SAT back end of blockcast: one place where every caller (the independent prover
// `blockcast prove`, the fat-tree model search, general-schedule searches) turns a
// combinatorial question into CNF and asks CaDiCaL (Debian libcadical-dev).
//
// API (namespace blockcast::sat):
//   Cnf cnf;                         cnf.hpp: variables 1..n, DIMACS literals, clauses,
//   Lit x = cnf.new_var();           DIMACS output (write_dimacs)
//   cnf.add_clause({x, -y});
//   exactly(cnf, lits, k);           cardinality.hpp: at_most / at_least / exactly k,
//                                    totalizer outputs; one file per encoding
//   SatLimits lim; lim.time_limit = 10; limits: conflicts, wall seconds, a cancel flag
//   SatOptions opt; opt.proof_path = "f.drat";   optional DRAT proof (text by default),
//   opt.check_proof = true;          checked on the fly by CaDiCaL's internal checker
//   SatResult r = solve(cnf, lim, opt);
//   r.status: sat (r.value(lit) reads the model) / unsat / unknown (a limit or the cancel
//   flag stopped the solver: never reported as unsat).
//   check_drat(cnf, "f.drat")        drat_check.hpp: independent forward DRAT checker.
//   SatProgress p{5, report};        optional: report(stats) about every 5 s of a long solve
//
// solve() is re-entrant: each call owns its CaDiCaL instance, so callers may run several
// solves in parallel threads (one cancel flag can stop them all). CaDiCaL runs on a thread of
// its own, so that solve() returns within 20 ms of the command's deadline (Limits::deadline)
// even inside a phase where CaDiCaL does not poll; the abandoned solver stops and frees itself.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <blockcast/verdict.hpp>

#include "limits.hpp"

#include "cnf.hpp"

namespace blockcast::sat {

// The solver's answer is the one Verdict: SAT = solved, UNSAT = impossible, else unknown.
std::string status_name(Verdict s);  // "SAT", "UNSAT", "UNKNOWN" (the solver's own words)

// The SAT solver's limits are the one Limits (engine/limits.hpp): time_limit, conflicts, cancel.
using SatLimits = blockcast::Limits;

struct SatOptions {
  std::string proof_path;    // "" = no proof; else DRAT written here (overwritten)
  bool binary_proof = false;  // CaDiCaL's binary DRAT instead of text (check_drat reads text only)
  bool check_proof = false;   // CaDiCaL's internal proof checker (options "check", "checkproof");
                              // a failed check aborts the process inside CaDiCaL
  int seed = 0;               // CaDiCaL option "seed"
};

// CaDiCaL 1.5 has no statistics getter: learned clauses (about one per conflict) are
// counted through its Learner callback.
struct SatStats {
  std::int64_t learned = 0;
  double seconds = 0;
  SatStats& operator+=(const SatStats& o) {
    learned += o.learned, seconds += o.seconds;
    return *this;
  }
};

// Optional progress report for long solves: called from the solving thread about every
// `progress_seconds` of wall time with the statistics so far (e.g. to print a line on stderr).
struct SatProgress {
  double progress_seconds = 0;  // 0 = never
  std::function<void(const SatStats&)> report;
};

struct SatResult {
  Verdict status = Verdict::unknown;
  std::vector<signed char> model;  // model[v] = 1 / 0 for v = 1..vars when sat (index 0 unused)
  std::string stop_reason;         // for unknown: "conflict limit", "time limit", "cancelled"
  SatStats stats;
  bool value(Lit l) const { return l > 0 ? model.at(l) != 0 : model.at(-l) == 0; }
};

// Solve once. std::runtime_error if the proof file cannot be opened.
SatResult solve(const Cnf& cnf, const SatLimits& limits = {}, const SatOptions& options = {},
                const SatProgress& progress = {});

}  // namespace blockcast::sat
