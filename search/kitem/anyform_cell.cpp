// The any-form run of one continuous-broadcast cell (see anyform_cell.hpp).
#include "kitem/anyform_cell.hpp"

#include <algorithm>
#include <chrono>

#include "kitem/run_common.hpp"
#include "periodic_schedule.hpp"
#include "postal.hpp"

namespace blockcast {

namespace {

constexpr const char* kAnyformRun = "anyform-cell";

struct AnyformAttempt {
  int period = 0, window = 0;  // exactly one is > 0
};

// Periods and windows interleaved: period first, window first, period first + 1, ...
std::vector<AnyformAttempt> anyform_attempts(const AnyformCellRequest& q) {
  std::vector<AnyformAttempt> periods, windows, all;
  if (q.try_periods)
    for (int p = q.periods.first; p <= q.periods.second; ++p) periods.push_back({p, 0});
  if (q.try_windows)
    for (int n = q.windows.first; n <= q.windows.second; n += q.window_step) windows.push_back({0, n});
  for (std::size_t i = 0; i < std::max(periods.size(), windows.size()); ++i) {
    if (i < periods.size()) all.push_back(periods[i]);
    if (i < windows.size()) all.push_back(windows[i]);
  }
  return all;
}

PeriodicOutcome anyform_not_searched(const AnyformCellRequest& q, int D, const AnyformAttempt& a, const std::string& why) {
  PeriodicOutcome o;
  o.L = q.L, o.P = q.P, o.D = D, o.period = a.period, o.window = a.window;
  o.detail = "not searched: " + why;
  return o;
}

std::string anyform_open_summary(const AnyformCellResult& r) {
  int periods_refuted = 0, windows_fit = 0, open = 0;
  for (const PeriodicOutcome& o : r.attempts) {
    if (o.window == 0 && o.verdict == Verdict::impossible) ++periods_refuted;
    if (o.window > 0 && o.verdict == Verdict::solved) ++windows_fit;
    if (o.verdict == Verdict::unknown) ++open;
  }
  return "open at delay " + std::to_string(r.delay) + ": " + std::to_string(periods_refuted) +
         " periods refuted, " + std::to_string(windows_fit) + " windows fit, " + std::to_string(open) +
         " searches undecided (a limit)";
}

}  // namespace

void check_anyform_cell_request(const AnyformCellRequest& q) {
  if (q.L < 1 || q.L > 64) throw InputError(std::string(kAnyformRun) + ": L must be in 1..64");
  if (q.P < 2 || q.P > kPeriodicMaxP)
    throw InputError(std::string(kAnyformRun) + ": P must be in 2.." + std::to_string(kPeriodicMaxP));
  if (q.delay != 0 && q.delay < q.L) throw InputError(std::string(kAnyformRun) + ": delay must be >= L (or 0: the lower bound)");
  require_range(kAnyformRun, "periods", q.periods, 1, 64);
  require_range(kAnyformRun, "windows", q.windows, 1, 64);
  if (q.window_step < 1) throw InputError(std::string(kAnyformRun) + ": window_step must be >= 1");
  require_time_limit(kAnyformRun, q.time_limit);
}

namespace {

// A decided attempt that decides the cell: SOLVED (a period) or IMPOSSIBLE (a window).
void take_answer(AnyformCellResult& r, const AnyformAttempt& a, const PeriodicOutcome& o) {
  if (o.verdict == Verdict::solved && a.period > 0) {
    r.verdict = Verdict::solved, r.schedule = o.schedule;
    r.source_at_release = std::all_of(o.schedule->messages.begin(), o.schedule->messages.end(),
                                      [](const PeriodicMessage& m) { return m.sender != 0 || m.offset == 0; });
    r.reason = "a schedule of period " + std::to_string(a.period) + " reaches delay " + std::to_string(r.delay) +
               (r.source_at_release ? " (the source sends item i once, at step i)" : " (the source delays some items)");
  }
  if (o.verdict == Verdict::impossible && a.window > 0) {
    r.verdict = Verdict::impossible, r.refuting_window = a.window;
    r.reason = "no continuous schedule reaches delay " + std::to_string(r.delay) + ": the window of its first " +
               std::to_string(a.window) + " items is UNSAT (DRAT proof verified)";
  }
}

}  // namespace

// Rounds over the attempts still open, each attempt with an equal share of what is left for
// it and the open ones after it in the round; an attempt that finishes early leaves its time to
// the later ones, and a round that ends before the deadline is followed by another (longer
// shares for what is still open). Which attempt decides a cell is not known in advance
// (L = 2, P = 14: period 6, after periods 1..5 are refuted, while the windows stay open).
AnyformCellResult anyform_cell_run(const AnyformCellRequest& q) {
  check_anyform_cell_request(q);
  const auto t0 = std::chrono::steady_clock::now();
  AnyformCellResult r;
  r.L = q.L, r.P = q.P;
  r.lower_bound = q.L + broadcast_depth(q.L, q.P - 1);
  r.delay = q.delay > 0 ? q.delay : r.lower_bound;
  const Limits limits = with_deadline_in(Limits{}, q.time_limit);
  const std::vector<AnyformAttempt> plan = anyform_attempts(q);
  for (const AnyformAttempt& a : plan) r.attempts.push_back(anyform_not_searched(q, r.delay, a, "time limit reached"));
  std::vector<char> open(plan.size(), 1);
  while (r.verdict == Verdict::unknown && !limits.expired()) {
    bool tried = false;
    for (std::size_t i = 0; i < plan.size() && r.verdict == Verdict::unknown && !limits.expired(); ++i) {
      if (!open[i]) continue;
      const AnyformAttempt& a = plan[i];
      const auto later = std::count(open.begin() + static_cast<std::ptrdiff_t>(i), open.end(), 1);
      const Limits each = limits.has_deadline() ? sub_budget(limits, limits.seconds_left() / static_cast<double>(later)) : limits;
      r.attempts[i] = a.period > 0 ? periodic_search(q.L, q.P, r.delay, a.period, each, q.model)
                                   : window_search(q.L, q.P, r.delay, a.window, true, each, q.model);
      tried = true;
      if (r.attempts[i].verdict == Verdict::unknown) continue;
      open[i] = 0;
      take_answer(r, a, r.attempts[i]);
    }
    if (!tried || !limits.has_deadline()) break;
  }
  if (r.verdict == Verdict::unknown) r.reason = anyform_open_summary(r);
  r.seconds = seconds_since(t0);
  return r;
}

nlohmann::json to_json(const AnyformCellResult& r) {
  nlohmann::json j{{"L", r.L}, {"P", r.P}, {"lower_bound", r.lower_bound}, {"delay", r.delay},
                   {"verdict", to_string(r.verdict)}, {"reason", r.reason}, {"seconds", r.seconds},
                   {"attempts", nlohmann::json::array()}};
  for (const PeriodicOutcome& o : r.attempts) j["attempts"].push_back(to_json(o));
  if (r.schedule) j["schedule"] = to_json(*r.schedule), j["source_at_release"] = r.source_at_release;
  if (r.refuting_window > 0) j["refuting_window"] = r.refuting_window;
  return j;
}

}  // namespace blockcast
