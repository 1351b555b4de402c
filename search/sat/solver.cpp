// CaDiCaL adapter of solver.hpp: limits through a Terminator (time, cancel flag) and the
// "conflicts" search limit; a stopped solve is UNKNOWN, never UNSAT.
#include "solver.hpp"

#include <cadical.hpp>
#include <chrono>
#include <algorithm>
#include <climits>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "checked.hpp"

namespace blockcast::sat {

std::string status_name(Verdict s) {
  switch (s) {
    case Verdict::solved: return "SAT";
    case Verdict::impossible: return "UNSAT";
    default: return "UNKNOWN";
  }
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

// The whole life of one CaDiCaL instance (create, load, solve, read, free) runs on a worker
// thread, for two reasons found with perf on runs past --time-limit 1:
// - CaDiCaL polls the terminator in its search loop but not inside some phases (a garbage
//   collection after many root-level units ran 0.35 s past the deadline in kbroadcast --L 4
//   --P 30 --k 12). The caller waits until the deadline plus a grace period, then abandons
//   the run: the worker finishes that phase, stops at its next poll and frees everything.
// - Its 10^6 small clauses then live in the worker's malloc arena. Freed from the caller's
//   arena they were merged all at once by glibc at a later large malloc of the caller
//   (0.1 s, at a random point, past the deadline).
// The caller's Cnf is read only while loading, which polls the deadline every 2^16
// literals: the caller always waits for the load to end, so the Cnf outlives its readers.
struct Run {
  Run(const SatLimits& l, Clock::time_point start, const SatProgress& p) : stopper(l, start, p, learned) {}
  LearnCounter learned;
  Stopper stopper;
  std::mutex mutex;
  std::condition_variable changed;
  bool loaded = false, done = false, freed = false;
  SatResult result;
  std::exception_ptr failure;  // thrown by the worker (bad proof path, no memory): rethrown by the caller
};
constexpr auto kGrace = std::chrono::milliseconds(20);

// Load the clauses into `solver`; false if the deadline cut the load.
bool load(CaDiCaL::Solver& solver, const Cnf& cnf, const SatLimits& limits) {
  std::int64_t loaded = 0;
  for (Lit l : cnf.flat()) {
    solver.add(l);
    if ((++loaded & 0xFFFF) == 0 && limits.expired()) return false;
  }
  return true;
}

void publish(Run& run, bool loaded, bool done) {
  std::lock_guard<std::mutex> lock(run.mutex);
  run.loaded = loaded, run.done = done;
  run.changed.notify_all();
}

// The worker: everything CaDiCaL does, then the result under the lock.
void work(Run& run, const Cnf& cnf, const SatLimits& limits, const SatOptions& options) {
  auto solver = std::make_unique<CaDiCaL::Solver>();
  SatResult& r = run.result;
  const int vars = cnf.vars();  // cnf is not read after the load
  solver->set("quiet", 1);
  if (options.seed) solver->set("seed", options.seed);
  if (options.check_proof) {
    solver->set("check", 1);
    solver->set("checkproof", 1);
  }
  const bool proof = !options.proof_path.empty();
  if (proof) {
    solver->set("binary", options.binary_proof ? 1 : 0);
    if (!solver->trace_proof(options.proof_path.c_str()))  // --proof names it: bad input (exit 2)
      throw InputError("cannot write proof file '" + options.proof_path + "'");
  }
  // Loading 10^7 clauses (with the internal proof checker on) takes seconds.
  if (!load(*solver, cnf, limits)) {
    if (proof) solver->close_proof_trace();
    r.stop_reason = "time limit (loading the clauses)";
    return publish(run, true, true);
  }
  publish(run, true, false);  // the caller's Cnf is not read any more
  solver->connect_learner(&run.learned);
  solver->connect_terminator(&run.stopper);
  if (limits.conflicts > 0) solver->limit("conflicts", static_cast<int>(std::min<std::int64_t>(limits.conflicts, INT_MAX)));
  const int res = solver->solve();
  solver->disconnect_terminator();
  solver->disconnect_learner();
  if (proof) solver->close_proof_trace();
  if (res == 10) {
    r.status = Verdict::solved;
    r.model.assign(static_cast<std::size_t>(vars) + 1, 0);
    for (int v = 1; v <= vars; ++v) r.model[v] = solver->val(v) > 0 ? 1 : 0;
  } else if (res == 20) {
    r.status = Verdict::impossible;
  } else {
    const std::string why = run.stopper.reason();
    r.stop_reason = why.empty() ? "conflict limit" : why;
  }
  r.stats.learned = run.learned.count;
  publish(run, true, true);
  // The solver is freed here, on the worker, after the result is out.
}
}  // namespace

SatResult solve(const Cnf& cnf, const SatLimits& limits, const SatOptions& options, const SatProgress& progress) {
  const auto start = Clock::now();
  auto run = std::make_shared<Run>(limits, start, progress);
  // The worker reads cnf, limits and options only while `loaded` is false; the caller waits
  // for that. model[v] needs cnf.vars(), read before the publish of the result.
  std::thread worker([run, &cnf, limits, options] {
    try {
      work(*run, cnf, limits, options);
    } catch (...) {
      run->failure = std::current_exception();  // before done: the caller reads it after
      publish(*run, true, true);
    }
    std::lock_guard<std::mutex> lock(run->mutex);  // the solver is gone
    run->freed = true;
    run->changed.notify_all();
  });
  std::unique_lock<std::mutex> lock(run->mutex);
  run->changed.wait(lock, [&] { return run->loaded; });
  const bool finished = limits.has_deadline()
                            ? run->changed.wait_until(lock, limits.deadline + kGrace, [&] { return run->done; })
                            : (run->changed.wait(lock, [&] { return run->done; }), true);
  SatResult r;
  if (!finished) {
    lock.unlock();
    run->stopper.abandon();  // the worker stops at CaDiCaL's next poll and frees the solver
    worker.detach();
    r.stop_reason = "time limit";
  } else {
    r = std::move(run->result);
    const std::exception_ptr failure = run->failure;
    // Freeing the solver (0.13-0.35 s for 10^6 clauses) is waited for, but not past the
    // deadline: then the worker finishes it alone.
    const bool freed = !limits.has_deadline() ||
                       run->changed.wait_until(lock, limits.deadline + kGrace, [&] { return run->freed; });
    lock.unlock();
    if (freed)
      worker.join();
    else
      worker.detach();
    if (failure) std::rethrow_exception(failure);
  }
  r.stats.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace blockcast::sat
