// CaDiCaL adapter of solver.hpp: limits through a Terminator (time, cancel flag) and the
// "conflicts" search limit; a stopped solve is UNKNOWN, never UNSAT.
#include "solver.hpp"

#include <cadical.hpp>
#include <chrono>
#include <algorithm>
#include <climits>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "checked.hpp"
#include "free_later.hpp"

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

// Polled by CaDiCaL during search. Once the caller has left the solver behind (abandon(),
// past the command's deadline) it only says "stop": the caller's progress callback and
// cancel flag may be gone by then, so they are touched only under the lock.
class Stopper : public CaDiCaL::Terminator {
 public:
  Stopper(const SatLimits& l, Clock::time_point start, const SatProgress& p, const LearnCounter& learned)
      : limits_(l), start_(start), progress_(p), learned_(learned), next_report_(p.progress_seconds) {}
  bool terminate() override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (abandoned_) return true;
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
  void abandon() {
    std::lock_guard<std::mutex> lock(mutex_);
    abandoned_ = true;
  }
  std::string reason() {
    std::lock_guard<std::mutex> lock(mutex_);
    return reason_;
  }

 private:
  bool hit(const char* why) {
    reason_ = why;
    return true;
  }
  std::mutex mutex_;
  bool abandoned_ = false;
  SatLimits limits_;
  Clock::time_point start_;
  const SatProgress& progress_;
  const LearnCounter& learned_;
  double next_report_;
  std::string reason_;
};

// One solve() on a worker thread. CaDiCaL polls the terminator in its search loop but not
// inside some phases: a garbage collection after many root-level units ran 0.35 s past the
// deadline in kbroadcast --L 4 --P 30 --k 12 --time-limit 1. The caller waits for the worker
// until the command's deadline plus a grace period, then abandons the run: the worker
// finishes that phase, stops at its next poll and frees the solver (it shares the run).
struct Run {
  Run(const SatLimits& l, Clock::time_point start, const SatProgress& p) : stopper(l, start, p, learned) {}
  CaDiCaL::Solver solver;
  LearnCounter learned;
  Stopper stopper;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  int result = 0;
};
constexpr auto kGrace = std::chrono::milliseconds(20);

// Starts the solve; true if it finished (run->result set), false if it was abandoned.
bool solve_on_worker(const std::shared_ptr<Run>& run, const SatOptions& options, const SatLimits& limits) {
  std::thread worker([run, close = !options.proof_path.empty()] {
    const int res = run->solver.solve();
    run->solver.disconnect_terminator();
    run->solver.disconnect_learner();
    if (close) run->solver.close_proof_trace();
    std::lock_guard<std::mutex> lock(run->mutex);
    run->result = res;
    run->done = true;
    run->finished.notify_all();
  });
  std::unique_lock<std::mutex> lock(run->mutex);
  if (!limits.has_deadline()) {
    run->finished.wait(lock, [&] { return run->done; });
  } else if (!run->finished.wait_until(lock, limits.deadline + kGrace, [&] { return run->done; })) {
    lock.unlock();
    run->stopper.abandon();
    worker.detach();  // the worker holds the run: it frees the solver when CaDiCaL returns
    return false;
  }
  lock.unlock();
  worker.join();
  return true;
}
}  // namespace

SatResult solve(const Cnf& cnf, const SatLimits& limits, const SatOptions& options, const SatProgress& progress) {
  const auto start = Clock::now();
  auto run = std::make_shared<Run>(limits, start, progress);
  CaDiCaL::Solver& solver = run->solver;
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
  SatResult r;
  auto finish = [&](bool out_of_time) {
    r.stats.learned = run->learned.count;
    r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    free_later(run, out_of_time);  // 0.13-0.2 s for 10^6 clauses after 1 s of loading
    return r;
  };
  // Loading 10^7 clauses (with the internal proof checker on) takes seconds: the
  // command's deadline is polled between literals, and a load it cuts is UNKNOWN.
  std::int64_t loaded = 0;
  for (Lit l : cnf.flat()) {
    solver.add(l);
    if ((++loaded & 0xFFFF) == 0 && limits.expired()) {
      if (!options.proof_path.empty()) solver.close_proof_trace();
      r.stop_reason = "time limit (loading the clauses)";
      return finish(true);
    }
  }
  solver.connect_learner(&run->learned);
  solver.connect_terminator(&run->stopper);
  if (limits.conflicts > 0) solver.limit("conflicts", static_cast<int>(std::min<std::int64_t>(limits.conflicts, INT_MAX)));
  if (!solve_on_worker(run, options, limits)) {
    r.stop_reason = "time limit";
    r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    free_later(run, true);  // the learned count is the worker's now: not read
    return r;
  }
  if (run->result == 10) {
    r.status = SatStatus::sat;
    r.model.assign(static_cast<std::size_t>(cnf.vars()) + 1, 0);
    for (int v = 1; v <= cnf.vars(); ++v) r.model[v] = solver.val(v) > 0 ? 1 : 0;
  } else if (run->result == 20) {
    r.status = SatStatus::unsat;
  } else {
    const std::string why = run->stopper.reason();
    r.stop_reason = why.empty() ? "conflict limit" : why;
  }
  return finish(limits.expired() || r.stop_reason == "time limit");
}

}  // namespace blockcast::sat
