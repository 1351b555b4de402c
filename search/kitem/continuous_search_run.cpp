// The `continuous-search` run (continuous_search_run.hpp): the periods, then the window, under
// the call's one deadline; a search the deadline does not reach is UNKNOWN without being started.
#include "kitem/continuous_search_run.hpp"

#include <chrono>

#include "checked.hpp"
#include "kitem/run_common.hpp"
#include "postal.hpp"

namespace blockcast {

namespace {

constexpr const char* kSearchRun = "continuous-search";

std::int64_t processors(const ContinuousSearchRequest& q) { return q.P ? *q.P : fib_sequence(q.L, *q.t).back() + 1; }

void set_verdict(ContinuousSearchResult& r) {
  bool found = false, unknown = false;
  int refuted = 0;
  for (const PeriodicOutcome& o : r.outcomes) {
    if (o.window == 0 && o.verdict == Verdict::solved && !found) {
      found = true;
      r.reason = "period " + std::to_string(o.period) + " reaches delay " + std::to_string(r.delay);
    }
    if (o.verdict == Verdict::unknown) unknown = true;
    if (o.verdict == Verdict::impossible) ++refuted;
  }
  r.verdict = found ? Verdict::solved : unknown ? Verdict::unknown : Verdict::impossible;
  if (found) return;
  r.reason = std::to_string(refuted) + " of " + std::to_string(r.outcomes.size()) + " searches refuted at delay " +
             std::to_string(r.delay) + (unknown ? ", the rest undecided (a limit)" : " (verified DRAT proofs)");
}

}  // namespace

void check_continuous_search_request(const ContinuousSearchRequest& q) {
  require_latency(q.L);
  if (q.t && q.P) throw InputError("--P and --t both given");
  if (!q.t && !q.P) throw InputError("--t or --P is required");
  if (q.t && (*q.t < 0 || *q.t > kContinuousSearchMaxT))
    throw InputError(std::string(kSearchRun) + ": t must be in 0.." + std::to_string(kContinuousSearchMaxT));
  const std::int64_t P = processors(q);
  if (P > kPeriodicMaxP)
    throw InputError("--P " + std::to_string(P) + ": continuous-search handles P <= " + std::to_string(kPeriodicMaxP));
  if (P < 2) throw InputError("--P must be >= 2");
  if (q.delay < 0 || (q.delay > 0 && q.delay < q.L)) throw InputError("--delay must be >= L");
  require_range(kSearchRun, "period", q.periods, 1, kContinuousSearchMaxPeriod);
  if (q.window < 0 || q.window > kContinuousSearchMaxWindow)
    throw InputError(std::string(kSearchRun) + ": window must be in 0.." + std::to_string(kContinuousSearchMaxWindow));
  require_time_limit(kSearchRun, q.time_limit);
}

ContinuousSearchResult continuous_search_run(const ContinuousSearchRequest& q,
                                             const std::function<void(const std::string&)>& stage) {
  check_continuous_search_request(q);
  const auto t0 = std::chrono::steady_clock::now();
  ContinuousSearchResult r;
  r.L = q.L, r.P = processors(q);
  r.lower_bound = q.L + broadcast_depth(q.L, r.P - 1);
  r.delay = q.delay > 0 ? q.delay : r.lower_bound;
  const int P = static_cast<int>(r.P);
  const Limits limits = controlled(command_limits(q.time_limit, kContinuousSearchSolveSeconds), q.control);
  if (stage)
    stage("continuous-search: periods " + std::to_string(q.periods.first) + ".." + std::to_string(q.periods.second));
  r.outcomes = scan_periods(q.L, P, r.delay, q.periods.first, q.periods.second, limits, true).periods;
  if (q.window > 0) {
    if (stage) stage("continuous-search: window of " + std::to_string(q.window) + " items");
    PeriodicOutcome skipped;
    skipped.window = q.window, skipped.L = q.L, skipped.P = P, skipped.D = r.delay;
    skipped.detail = "not searched: time limit reached";
    r.outcomes.push_back(limits.expired() ? skipped : window_search(q.L, P, r.delay, q.window, true, limits));
  }
  set_verdict(r);
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace blockcast
