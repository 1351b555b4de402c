// Driver of the exact full-model search (exact.hpp): build the CNF, solve, replay SAT answers
// in the simulator, check UNSAT proofs (Dimakopoulos and Dimopoulos 1995, Sec. 2 model; search/sat back end).
#include "fattree/exact.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "atomic_file.hpp"
#include "checked.hpp"
#include "drat_check.hpp"
#include "fattree/schedule_json.hpp"
#include "temp_proof.hpp"

namespace blockcast::fattree {

ProofCheck parse_proof_check(const std::string& s) {
  if (s == "auto" || s.empty()) return ProofCheck::automatic;
  if (s == "independent") return ProofCheck::independent;
  if (s == "internal") return ProofCheck::internal;
  throw InputError("unknown proof check '" + s + "' (auto, independent, internal)");
}

namespace {
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The search with its DRAT proof traced to `proof_path`.
ExactOutcome run_with_proof(const ExactSpec& spec, const ExactOptions& opt, const std::string& proof_path) {
  ExactOutcome out;
  out.steps = spec.steps;
  auto t0 = Clock::now();
  std::optional<TimeExpandedModel> built;
  try {
    built.emplace(spec, opt.deadline);
  } catch (const sat::EncodingStopped& e) {
    out.build_seconds = since(t0);
    out.proof = e.what();  // UNKNOWN: what stopped it
    return out;
  }
  const TimeExpandedModel& model = *built;
  out.space = model.space();
  out.vars = model.cnf().vars();
  out.clauses = model.cnf().clause_count();
  out.build_seconds = since(t0);

  sat::SatLimits lim;
  lim.time_limit = opt.time_limit;
  lim.deadline = opt.deadline;
  lim.cancel = opt.cancel;
  sat::SatOptions so;
  so.proof_path = proof_path;
  so.check_proof = opt.check == ProofCheck::internal;
  sat::SatProgress prog;
  if (opt.progress) {
    prog.progress_seconds = 10;
    prog.report = [&](const sat::SatStats& st) {
      std::ostringstream line;
      line << "fattree exact: " << op_name(spec.op) << " n=" << spec.tree.n << " steps " << spec.steps << ": "
           << static_cast<int>(st.seconds) << " s, " << st.learned << " learned clauses, " << out.vars << " variables";
      opt.progress(line.str());
    };
  }
  sat::SatResult r = sat::solve(model.cnf(), lim, so, prog);
  out.solve_seconds = r.stats.seconds;
  out.learned = r.stats.learned;

  if (r.status == Verdict::solved) {
    out.verdict = Verdict::solved;
    out.witness = model.decode(r);
    if (const std::string e = replay_error(spec.tree, out.witness, spec.steps, spec.queue_bound, &out.check);
        !e.empty())
      throw std::logic_error("exact search: the decoded schedule fails the simulator replay: " + e);
    return out;
  }
  if (r.status == Verdict::unknown) {
    out.verdict = Verdict::unknown;
    out.proof = r.stop_reason;
    return out;
  }
  // UNSAT: check the refutation before calling it IMPOSSIBLE.
  auto tc = Clock::now();
  if (opt.check == ProofCheck::internal) {
    out.proof = "CaDiCaL internal proof checker (checkproof) during the solve";
  } else {
    const double left = opt.deadline == Clock::time_point::max()
                            ? opt.check_time_limit
                            : std::max(1e-3, std::min(opt.check_time_limit,
                                                      std::chrono::duration<double>(opt.deadline - Clock::now()).count()));
    sat::DratResult d = sat::check_drat(model.cnf(), proof_path, left);
    if (d.verdict == Verdict::rejected)
      throw std::logic_error("exact search: the DRAT proof of UNSAT is rejected by the independent checker: " + d.message);
    if (d.verified()) {
      out.proof = "DRAT proof (" + std::to_string(d.lemmas) + " lemmas) verified by the independent checker";
    } else if (opt.check == ProofCheck::independent || Clock::now() >= opt.deadline) {
      out.verdict = Verdict::unknown;  // unchecked UNSAT is not a verdict
      out.proof = "UNSAT, but the independent DRAT check hit its time limit (" + d.message + ")";
      out.proof_seconds = since(tc);
      return out;
    } else {
      sat::SatOptions again;
      again.check_proof = true;  // CaDiCaL aborts the process if its checker rejects a step
      sat::SatLimits lim2;
      lim2.time_limit = opt.time_limit > 0 ? 3 * opt.time_limit : 0;
      lim2.deadline = opt.deadline;
      lim2.cancel = opt.cancel;
      sat::SatResult r2 = sat::solve(model.cnf(), lim2, again, prog);
      if (r2.status == Verdict::solved)
        throw std::logic_error("exact search: UNSAT, then SAT on the re-solve with proof checking");
      if (r2.status == Verdict::unknown) {
        out.verdict = Verdict::unknown;
        out.proof = "UNSAT, but neither proof check finished";
        out.proof_seconds = since(tc);
        return out;
      }
      out.proof = "CaDiCaL internal proof checker (re-solve; the independent check hit its " +
                  std::to_string(static_cast<int>(opt.check_time_limit)) + " s limit)";
    }
  }
  out.proof_seconds = since(tc);
  out.verdict = Verdict::impossible;
  return out;
}

}  // namespace

ExactOutcome run_exact(const ExactSpec& spec, const ExactOptions& opt) {
  if (opt.proof_path.empty()) {
    const sat::TempProof proof("blockcast-fattree");  // gone with the process, however it ends
    return run_with_proof(spec, opt, proof.path());
  }
  // A proof to keep is traced into a temporary next to its name and renamed there at the
  // end: a killed run never leaves a truncated proof under that name.
  AtomicFile kept(opt.proof_path);
  ExactOutcome out = run_with_proof(spec, opt, kept.temp_path());
  kept.commit();
  return out;
}

}  // namespace blockcast::fattree
