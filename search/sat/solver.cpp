// CaDiCaL adapter of solver.hpp: limits through a Terminator (time, cancel flag) and the
// "conflicts" search limit; a stopped solve is UNKNOWN, never UNSAT.
#include "solver.hpp"

#include <cadical.hpp>
#include <chrono>
#include <algorithm>
#include <climits>
#include <stdexcept>

#include "checked.hpp"

namespace blockcast::sat {

std::string status_name(SatStatus s) {
  switch (s) {
    case SatStatus::sat: return "SAT";
    case SatStatus::unsat: return "UNSAT";
    case SatStatus::unknown: return "UNKNOWN";
  }
  return "?";
}

namespace {
using Clock = std::chrono::steady_clock;

class LearnCounter : public CaDiCaL::Learner {
 public:
  bool learning(int) override {
    ++count;
    return false;  // no literals needed
  }
  void learn(int) override {}
  std::int64_t count = 0;
};

class Stopper : public CaDiCaL::Terminator {
 public:
  Stopper(const SatLimits& l, Clock::time_point start, const SatProgress& p, const LearnCounter& learned)
      : limits_(l), start_(start), progress_(p), learned_(learned), next_report_(p.progress_seconds) {}
  bool terminate() override {
    if (progress_.progress_seconds > 0 && progress_.report) {
      double s = std::chrono::duration<double>(Clock::now() - start_).count();
      if (s >= next_report_) {
        next_report_ = s + progress_.progress_seconds;
        progress_.report(SatStats{learned_.count, s});
      }
    }
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) return hit("cancelled");
    if (limits_.time_limit > 0 && std::chrono::duration<double>(Clock::now() - start_).count() > limits_.time_limit)
      return hit("time limit");
    if (limits_.expired()) return hit("time limit");  // the command's deadline
    return false;
  }
  const std::string& reason() const { return reason_; }

 private:
  bool hit(const char* why) {
    reason_ = why;
    return true;
  }
  SatLimits limits_;
  Clock::time_point start_;
  const SatProgress& progress_;
  const LearnCounter& learned_;
  double next_report_;
  std::string reason_;
};
}  // namespace

SatResult solve(const Cnf& cnf, const SatLimits& limits, const SatOptions& options, const SatProgress& progress) {
  const auto start = Clock::now();
  CaDiCaL::Solver solver;
  solver.set("quiet", 1);
  if (options.seed) solver.set("seed", options.seed);
  if (options.check_proof) {
    solver.set("check", 1);
    solver.set("checkproof", 1);
  }
  if (!options.proof_path.empty()) {
    solver.set("binary", options.binary_proof ? 1 : 0);
    if (!solver.trace_proof(options.proof_path.c_str()))  // --proof names it: bad input (exit 2)
      throw InputError("cannot write proof file '" + options.proof_path + "'");
  }
  // Loading 10^7 clauses (with the internal proof checker on) takes seconds: the
  // command's deadline is polled between literals, and a load it cuts is UNKNOWN.
  std::int64_t loaded = 0;
  for (Lit l : cnf.flat()) {
    solver.add(l);
    if ((++loaded & 0xFFFF) == 0 && limits.expired()) {
      if (!options.proof_path.empty()) solver.close_proof_trace();
      SatResult r;
      r.stop_reason = "time limit (loading the clauses)";
      r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      return r;
    }
  }
  LearnCounter learned;
  solver.connect_learner(&learned);
  Stopper stopper(limits, start, progress, learned);
  solver.connect_terminator(&stopper);
  if (limits.conflicts > 0) solver.limit("conflicts", static_cast<int>(std::min<std::int64_t>(limits.conflicts, INT_MAX)));
  const int res = solver.solve();
  solver.disconnect_terminator();
  solver.disconnect_learner();
  if (!options.proof_path.empty()) solver.close_proof_trace();

  SatResult r;
  if (res == 10) {
    r.status = SatStatus::sat;
    r.model.assign(static_cast<std::size_t>(cnf.vars()) + 1, 0);
    for (int v = 1; v <= cnf.vars(); ++v) r.model[v] = solver.val(v) > 0 ? 1 : 0;
  } else if (res == 20) {
    r.status = SatStatus::unsat;
  } else {
    r.status = SatStatus::unknown;
    r.stop_reason = stopper.reason().empty() ? "conflict limit" : stopper.reason();
  }
  r.stats.learned = learned.count;
  r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace blockcast::sat
