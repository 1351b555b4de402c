// Rendering of the `prove` run (prove_answer.hpp).
#include "prove_answer.hpp"

#include <sstream>

#include "assignment_json.hpp"
#include "decided_tree.hpp"
#include "solve.hpp"
#include "word.hpp"

namespace blockcast {

nlohmann::json prove_json(const sat::ProveAnswer& a) {
  const TreeSpec& s = a.spec;
  const sat::ProveResult& r = a.result;
  nlohmann::json j = nlohmann::json::object();
  if (r.witness) j["schedule"] = to_json(*r.witness);  // an assignment file of its own
  j["verdict"] = to_string(r.verdict);
  j["method"] = "sat";
  j["encoding"] = sat::cnf_form_name(r.form);
  j["L"] = s.L;
  j["t"] = s.t;
  j["T"] = s.T;
  j["P"] = s.P;
  j["shape"] = shape_name(s.shape);
  j["removed"] = s.removed;
  j["verification"] = r.verification;
  j["cnf"] = {{"vars", r.vars}, {"clauses", r.clauses}, {"literals", r.literals}, {"blocks", r.blocks},
              {"encode_seconds", r.encode_seconds}};
  j["solver"] = {{"status", sat::status_name(r.sat.status)}, {"learned", r.sat.stats.learned},
                 {"seconds", r.sat.stats.seconds}, {"stop_reason", r.sat.stop_reason}};
  if (r.sat.status == Verdict::impossible)
    j["proof"] = {{"bytes", r.proof_bytes},           {"lemmas", r.drat.lemmas},
                  {"rat_lemmas", r.drat.rat_lemmas},  {"deletions", r.drat.deletions},
                  {"ignored_deletions", r.drat.ignored_deletions}, {"check_seconds", r.drat.seconds},
                  {"checker", r.drat.message},        {"path", r.proof_path}};
  return j;
}

namespace {

// The evidence after the verdict word: what proved it, or what stopped the solver.
std::string evidence(const sat::ProveResult& r) {
  switch (r.verdict) {
    case Verdict::impossible: return "proved by SAT with a checked DRAT proof";
    case Verdict::solved: return "found by SAT and checked (the schedule below)";
    default: break;
  }
  if (r.vars == 0) return "the deadline stopped the encoding";
  return "the solver stopped" + (r.sat.stop_reason.empty() ? std::string() : " (" + r.sat.stop_reason + ")");
}

}  // namespace

std::string prove_text(const sat::ProveAnswer& a, const std::string& condition) {
  const TreeSpec& s = a.spec;
  const sat::ProveResult& r = a.result;
  std::ostringstream o;
  o << decided_sentence(r.verdict, {s.L, s.P, s.t, s.T, s.shape, s.removed}, condition) << ": " << to_string(r.verdict) << ", "
    << evidence(r) << ".\n";
  o << "L " << s.L << "  t " << s.t << "  P " << s.P << "  shape " << shape_name(s.shape) << "  delay " << s.delay()
    << "  leaves removed " << s.removed << "  method: SAT, "
    << (r.form == sat::CnfForm::counts ? "counts encoding (sum condition, Hall's theorem)" : "independent residue encoding")
    << " (docs/prover.md)\n";
  if (r.vars == 0) {  // the deadline stopped the encoding: nothing was solved
    o << "cnf: not finished after " << r.encode_seconds << " s\n";
  } else {
    o << "cnf: " << r.vars << " variables, " << r.clauses << " clauses, " << r.literals << " literals, " << r.blocks
      << " blocks\n";
    o << "solver: " << sat::status_name(r.sat.status) << " in " << r.sat.stats.seconds << " s, " << r.sat.stats.learned
      << " learned clauses" << (r.sat.stop_reason.empty() ? "" : " (" + r.sat.stop_reason + ")") << "\n";
  }
  if (r.sat.status == Verdict::impossible)
    o << "proof: " << r.proof_bytes << " bytes, " << r.drat.lemmas << " lemmas (" << r.drat.rat_lemmas << " RAT), "
      << r.drat.deletions << " deletions, independent check " << r.drat.seconds << " s"
      << (r.proof_path.empty() ? "" : ", kept in " + r.proof_path) << "\n";
  if (r.witness) o << assignment_lines(*r.witness);
  o << "verification: " << r.verification << "\n";
  return o.str();
}

}  // namespace blockcast
