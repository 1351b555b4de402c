// The second, independent prover (docs/prover.md): decide an instance with the
// CNF of instance_cnf.hpp and CaDiCaL, and trust neither the encoding nor the solver:
//  - SAT: the model is decoded to an Assignment and must pass the symbolic checker
//    (engine/assignment.hpp) and, when small enough, the postal-model simulator
//    (engine/simulator.hpp); --extendable roots are re-checked with extension_position.
//  - UNSAT: CaDiCaL writes a DRAT proof while its internal checker follows it ("check",
//    "checkproof"), and the independent checker of drat_check.hpp re-reads the proof file.
//    Only then is the verdict IMPOSSIBLE.
//  - a limit (conflicts, seconds, proof-check time) gives UNKNOWN, never IMPOSSIBLE.
#pragma once
#include <optional>
#include <string>

#include "counts_cnf.hpp"
#include "drat_check.hpp"
#include "instance_cnf.hpp"
#include "solver.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast::sat {

// Which CNF states the word rule: the residue condition itself (instance_cnf.hpp, the
// default) or letter counts with the sum condition (counts_cnf.hpp, optimal trees only).
enum class CnfForm { residue, counts };
std::string cnf_form_name(CnfForm f);
CnfForm parse_cnf_form(const std::string& s);  // InputError on an unknown name

struct ProveOptions {
  InstanceCnfOptions encoding;
  CnfForm form = CnfForm::residue;
  SatLimits limits;
  std::string proof_path;   // "" = a temporary file, removed afterwards
  std::string dimacs_path;  // "" = none; else the CNF is written here
  // Time budget of the whole prove (encode + solve + independent proof check; 0 = none):
  // the check gets what is left of it, limits.time_limit bounds encode + solve.
  double check_seconds = 0;
  bool internal_check = true;  // CaDiCaL's checker during the solve
};

struct ProveResult {
  Verdict verdict = Verdict::unknown;
  CnfForm form = CnfForm::residue;    // the encoding used
  std::optional<Assignment> witness;  // checked, when SOLVED
  std::string verification;           // what was checked, one line
  int vars = 0;
  std::int64_t clauses = 0, literals = 0, blocks = 0;
  SatResult sat;                      // solver status and stats (model dropped)
  DratResult drat;                    // independent check, when UNSAT
  std::int64_t proof_bytes = 0;
  std::string proof_path;             // kept only if asked for
  double encode_seconds = 0;
};

// InputError for bad options (see InstanceCnf); std::logic_error if a checker rejects what
// the solver claims (a bug in the encoding, the solver or a checker, never user error).
ProveResult prove(const Instance& inst, const ProveOptions& opt);
// A trimmed tree of the spec (shapes ties / pruned: the trimming is chosen by the solver).
ProveResult prove(const TreeSpec& spec, const ProveOptions& opt);
// The common part: solve an encoding and check the answer (`what` names it in the DIMACS).
ProveResult solve_and_check(const InstanceCnf& enc, const ProveOptions& opt, const std::string& what, double encode_seconds);
ProveResult solve_and_check(const CountsCnf& enc, const ProveOptions& opt, const std::string& what, double encode_seconds);

}  // namespace blockcast::sat
