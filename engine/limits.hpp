// Stop conditions of a search (Gecode's Stop objects): node limit, wall-clock limit, the
// command's deadline and the caller's cancel flag (RunControl, include/blockcast/control.hpp),
// which acts as a deadline already past. Hitting any of them makes the verdict UNKNOWN, never
// IMPOSSIBLE.
//
// Time has one notion: `deadline`, an absolute steady_clock time at which the
// whole command must stop. A command sets it once from its --time-limit; every sub-search
// it runs stops at the earlier of its own budget (`time_limit`, counted from its own start)
// and that deadline, so budgets nested in loops can no longer add up past the limit.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>

#include <blockcast/control.hpp>

namespace blockcast {

using Clock = std::chrono::steady_clock;

// The one limit type of every search: the complete searches count nodes, the SAT solver
// conflicts; both watch the wall clock, the deadline and an optional cancel flag.
struct Limits {
  std::int64_t max_nodes = 0;                 // 0 = unlimited
  double time_limit = 0;                      // seconds of wall clock from the search's start, 0 = unlimited
  std::int64_t conflicts = 0;                 // SAT: 0 = unlimited
  const std::atomic<bool>* cancel = nullptr;  // the caller's cancel flag (RunControl); true = stop now
  Clock::time_point deadline = Clock::time_point::max();  // the command's deadline; max() = none
  const RunControl* control = nullptr;        // the caller's progress callback (cancel is copied above)

  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
  bool has_deadline() const { return deadline != Clock::time_point::max(); }
  bool expired() const { return cancelled() || (has_deadline() && Clock::now() >= deadline); }
  // Seconds left before the deadline: a large number without one, never below 0 (0 once cancelled).
  double seconds_left() const {
    if (cancelled()) return 0;
    if (!has_deadline()) return 1e18;
    return std::max(0.0, std::chrono::duration<double>(deadline - Clock::now()).count());
  }
  // The earlier of this search's own budget (time_limit from now) and the deadline, as an
  // absolute time (max() if neither is set).
  Clock::time_point end_from(Clock::time_point start) const {
    if (time_limit <= 0) return deadline;
    return std::min(deadline, start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(time_limit)));
  }
};

// Report progress to the caller, if it asked for it.
inline void report_progress(const Limits& l, const Progress& p) {
  if (l.control && l.control->progress) l.control->progress(p);
}

// The limits of a run started by a caller's request: its cancel flag and progress callback,
// and a deadline `time_limit` seconds from now (0 = none). `control` must outlive the run.
// `l` with a deadline `seconds` from now (the earlier one wins; seconds <= 0: unchanged).
// What a command does with its --time-limit.
inline Limits with_deadline_in(Limits l, double seconds) {
  if (seconds <= 0) return l;
  l.deadline = std::min(l.deadline, Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                       std::chrono::duration<double>(std::min(seconds, 1e9))));
  return l;
}

// Limits of `seconds` per search (time_limit) and no deadline.
inline Limits time_limit_each(double seconds) {
  Limits l;
  l.time_limit = seconds;
  return l;
}

// What a command made of budgeted searches (the k-item family) does with its --time-limit:
// `time_limit` > 0 is the whole command's deadline and every search may use what is left of
// it; 0 (none) leaves each search its own `budget` seconds, as before there were deadlines.
inline Limits command_limits(double time_limit, double budget) {
  return with_deadline_in(time_limit_each(time_limit > 0 ? time_limit : budget), time_limit);
}

// `l` under a caller's control: its cancel flag and progress callback (`control` must outlive
// the run).
inline Limits controlled(Limits l, const RunControl& control) {
  l.cancel = control.cancel, l.control = &control;
  return l;
}

// The limits of a run started by a caller's request: a deadline `time_limit` seconds from now
// (0 = none) under the request's control.
inline Limits run_limits(const RunControl& control, double time_limit) {
  return controlled(with_deadline_in(Limits{}, time_limit), control);
}

// `l` for a sub-search that may take at most `seconds` (and stops at the deadline anyway).
inline Limits sub_budget(Limits l, double seconds) {
  l.time_limit = l.time_limit > 0 ? std::min(l.time_limit, seconds) : seconds;
  return with_deadline_in(l, seconds);
}

// Shared by the workers of one search; cheap to poll.
class Stop {
 public:
  explicit Stop(Limits l) : limits_(l), start_(Clock::now()), end_(l.end_from(start_)) {}
  // Count `n` nodes and say whether the search must stop.
  bool tick(std::int64_t n = 1) {
    std::int64_t total = nodes_.fetch_add(n, std::memory_order_relaxed) + n;
    if (limits_.max_nodes > 0 && total > limits_.max_nodes) hit_.store(true);
    if (end_ != Clock::time_point::max() && (total & 1023) < n && Clock::now() > end_) hit_.store(true);
    return stopped();
  }
  bool stopped() const {
    return hit_.load(std::memory_order_relaxed) || cancel_.load(std::memory_order_relaxed) || limits_.cancelled();
  }
  bool limit_hit() const { return hit_.load() || limits_.cancelled(); }
  // For loops that may run long between ticks: a limit hit if past the time budget or deadline.
  bool check_time() {
    if (expired()) hit_.store(true);
    return stopped();
  }
  void cancel() { cancel_.store(true); }  // e.g. another worker found a solution
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Past the time budget or the deadline (whatever the node count says).
  bool expired() const { return limits_.cancelled() || (end_ != Clock::time_point::max() && Clock::now() > end_); }
  // When the time budget or the deadline ends (max(): never).
  Clock::time_point end() const { return end_; }
  std::int64_t nodes() const { return nodes_.load(); }

 private:
  Limits limits_;
  Clock::time_point start_;
  Clock::time_point end_;  // the earlier of start + time_limit and the deadline
  std::atomic<std::int64_t> nodes_{0};
  std::atomic<bool> hit_{false}, cancel_{false};
};

}  // namespace blockcast
