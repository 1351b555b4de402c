// prove(): encode, solve, then check the answer both ways (prove.hpp).
#include "prove.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "atomic_file.hpp"
#include "expand.hpp"
#include "simulator.hpp"
#include "temp_proof.hpp"

namespace blockcast::sat {

namespace {
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }


// The postal-model simulator on the expanded schedule (independent of the word rules),
// for several periods of every block when the window is small enough.
std::string simulate_small(const Assignment& a) {
  const i64 items = 3 * a.delay() + 1;
  if (a.P > 2'000'000 / (items + a.delay())) return "not simulated (P = " + std::to_string(a.P) + ")";
  SimulationResult s = simulate(expand_assignment(a, items));
  if (!s.ok) throw std::logic_error("prover: simulator rejects a checked assignment: " + s.violation.text);
  if (s.max_delay > a.delay()) throw std::logic_error("prover: simulated delay exceeds L + T");
  return "simulated " + std::to_string(items) + " items, max delay " + std::to_string(s.max_delay);
}

template <class Enc>
std::string check_model(const Enc& enc, const ProveOptions& opt, const Assignment& a) {
  const Instance inst = enc.instance_of(a);  // InputError if a trimmed tree breaks the shape rules
  if (auto e = check_assignment(inst, a))
    throw std::logic_error("prover: decoded model fails the symbolic checker: " + *e);
  std::string what = "symbolic check passed";
  if (opt.encoding.receive_only && a.receive_only != *opt.encoding.receive_only)
    throw std::logic_error("prover: model ignores the receive-only letter");
  if (opt.encoding.extendable) {
    for (const auto& b : a.blocks)
      if (b.u == inst.T && !extension_position(b.r, b.u, b.word, a.receive_only))
        throw std::logic_error("prover: root word is not extendable by the receive-only letter");
    what += ", root extendable by " + letter_name(a.receive_only);
  }
  return what + "; " + simulate_small(a);
}
}  // namespace

namespace {

// Encodes `what` (an Instance or a TreeSpec) under the command's deadline and solves it; a
// deadline reached while encoding (or while ordering a counts model's words) gives UNKNOWN
// with what was built.
template <class What>
ProveResult encode_and_solve(const What& what, const ProveOptions& opt, const std::string& name) {
  const auto t0 = Clock::now();
  InstanceCnfOptions eo = opt.encoding;
  eo.deadline = std::min(eo.deadline, opt.limits.deadline);
  eo.cancel = opt.limits.cancel;
  try {
    if (opt.form == CnfForm::counts) {
      if constexpr (std::is_same_v<What, TreeSpec>) {
        if (what.shape == Shape::pruned || what.removed != 0)
          throw InputError("--encoding counts decides the optimal tree only (--t, or --P with P-1 = f_t)");
        return solve_and_check(CountsCnf(optimal_instance(what.L, what.t), eo), opt, name, since(t0));
      } else {
        return solve_and_check(CountsCnf(what, eo), opt, name, since(t0));
      }
    }
    InstanceCnf enc(what, eo);
    return solve_and_check(enc, opt, name, since(t0));
  } catch (const EncodingStopped& e) {
    ProveResult res;
    res.form = opt.form;
    res.encode_seconds = since(t0);
    res.verification = e.what();
    return res;
  }
}

}  // namespace

ProveResult prove(const Instance& inst, const ProveOptions& opt) {
  return encode_and_solve(inst, opt, "L=" + std::to_string(inst.L) + " T=" + std::to_string(inst.T));
}

ProveResult prove(const TreeSpec& spec, const ProveOptions& opt) {
  return encode_and_solve(spec, opt,
                          "L=" + std::to_string(spec.L) + " P=" + std::to_string(spec.P) + " shape " + shape_name(spec.shape));
}

std::string cnf_form_name(CnfForm f) { return f == CnfForm::counts ? "counts" : "residue"; }

CnfForm parse_cnf_form(const std::string& s) {
  if (s == "residue") return CnfForm::residue;
  if (s == "counts") return CnfForm::counts;
  throw InputError("--encoding: '" + s + "' is not residue or counts");
}

namespace {
template <class Enc>
ProveResult solve_and_check_any(const Enc& enc, const ProveOptions& opt, const std::string& what, double encode_seconds) {
  ProveResult res;
  res.form = opt.form;
  res.encode_seconds = encode_seconds;
  res.vars = enc.cnf().vars();
  res.clauses = enc.cnf().clause_count();
  res.literals = enc.cnf().literal_count();
  res.blocks = enc.blocks();
  if (!opt.dimacs_path.empty()) {  // written whole or not at all (engine/atomic_file.hpp)
    AtomicFile f(opt.dimacs_path);
    std::ofstream out(f.temp_path());
    enc.cnf().write_dimacs(out, {"blockcast prove: " + what + " (docs/prover.md)"});
    if (out.close(); !out) throw InputError("cannot write '" + opt.dimacs_path + "'");
    f.commit();
  }

  SatOptions so;
  // A proof to keep is traced into a temporary next to its name and renamed there once the
  // solve (and the check) is over, so a killed run never leaves a truncated proof.
  std::optional<AtomicFile> kept;
  std::optional<TempProof> scratch;  // a proof only to check: gone with the process
  if (!opt.proof_path.empty())
    kept.emplace(opt.proof_path);
  else
    scratch.emplace("blockcast-prove");
  so.proof_path = kept ? kept->temp_path() : scratch->path();
  so.check_proof = opt.internal_check;
  // One time budget for the whole command: the solve gets what the encoding left,
  // the proof check what the solve left.
  SatLimits limits = opt.limits;
  if (limits.time_limit > 0) limits.time_limit = std::max(1e-3, limits.time_limit - encode_seconds);
  res.sat = solve(enc.cnf(), limits, so);
  std::error_code ec;
  res.proof_bytes = static_cast<std::int64_t>(std::filesystem::file_size(so.proof_path, ec));
  if (ec) res.proof_bytes = 0;

  switch (res.sat.status) {
    case Verdict::solved: {
      Assignment a = enc.decode(res.sat);
      try {
        res.verification = check_model(enc, opt, a);
      } catch (const InputError& e) {  // the claimed trimmed tree is malformed: a bug here
        throw std::logic_error(std::string("prover: decoded model is not a valid tree: ") + e.what());
      }
      res.witness = a;
      res.verdict = Verdict::solved;
      break;
    }
    case Verdict::impossible: {
      // What the command's deadline leaves (the solver's own clock misses the load of the
      // clauses), else the budget minus the time spent so far.
      const double left = opt.limits.has_deadline() ? opt.limits.seconds_left()
                                                    : opt.check_seconds - encode_seconds - res.sat.stats.seconds;
      if ((opt.check_seconds > 0 || opt.limits.has_deadline()) && left <= 0) {
        res.verification = "UNSAT claimed, no time left for the proof check (time limit)";
        break;
      }
      res.drat = check_drat(enc.cnf(), so.proof_path, opt.check_seconds > 0 || opt.limits.has_deadline() ? left : 0);
      if (res.drat.verdict == Verdict::rejected)
        throw std::logic_error("prover: the independent checker rejects CaDiCaL's proof: " + res.drat.message);
      if (res.drat.verified()) {
        res.verdict = Verdict::impossible;
        res.verification = std::string("UNSAT; DRAT proof (") + std::to_string(res.proof_bytes) + " bytes) " +
                           (opt.internal_check ? "checked by CaDiCaL's internal checker and " : "") +
                           "verified by the independent checker: " + res.drat.message;
      } else {
        res.verification = "UNSAT claimed, proof check stopped: " + res.drat.message;
      }
      break;
    }
    default: res.verification = "solver stopped: " + res.sat.stop_reason; break;
  }
  res.sat.model.clear();
  if (kept) {
    kept->commit();
    res.proof_path = opt.proof_path;
  }
  return res;
}

}  // namespace

ProveResult solve_and_check(const InstanceCnf& enc, const ProveOptions& opt, const std::string& what, double encode_seconds) {
  return solve_and_check_any(enc, opt, what, encode_seconds);
}

ProveResult solve_and_check(const CountsCnf& enc, const ProveOptions& opt, const std::string& what, double encode_seconds) {
  return solve_and_check_any(enc, opt, what, encode_seconds);
}

}  // namespace blockcast::sat
