// The conjecture run over a list of L (see conjecture_range.hpp; Karp et al. 1993, Thm 3.3,
// 3.5): the request checked, one deadline for the whole call, each L's tuning, the verdict.
#include "conjecture_range.hpp"

#include <chrono>

namespace blockcast {

namespace {

// Every base case is checked symbolically; the postal simulator replays those with
// P * (items + L + T) below max_sim_events. For large L the replays dominate the run, so
// beyond kReplayCutL the bound is kLargeLSimEvents.
constexpr int kReplayCutL = 16;
constexpr std::int64_t kLargeLSimEvents = 200'000;

Tuning tuning_for(int L, Tuning t) {
  if (L > kReplayCutL) t.max_sim_events = kLargeLSimEvents;
  return t;
}

}  // namespace

void check_conjecture_request(const ConjectureRequest& q) {
  if (q.L.empty()) throw InputError("conjecture: no L given");
  for (const int L : q.L)
    if (L < 1 || L > kMaxConjectureL)
      throw InputError("conjecture: L = " + std::to_string(L) +
                       " is out of range 1 <= N <= " + std::to_string(kMaxConjectureL));
  if (q.shape != Shape::optimal && q.shape != Shape::pruned)
    throw InputError("conjecture: --shape must be optimal or pruned (the induction does not cover ties)");
  for (const int L : q.L) check_latency(L, q.shape);  // the first refused L, before any is run
  if (!(q.search.limits.time_limit >= 0)) throw InputError("conjecture: time_limit must be >= 0 seconds");
}

ConjectureOptions conjecture_options(const ConjectureRequest& q) {
  ConjectureOptions co;
  co.search = q.search;
  // The time limit bounds the whole call, not each of its many searches: one deadline
  // (engine/limits.hpp; the earlier wins if the caller's limits already hold one).
  co.search.limits = controlled(with_deadline_in(co.search.limits, co.search.limits.time_limit), q.control);
  if (co.search.limits.has_deadline()) co.deadline = co.search.limits.deadline;
  co.search.limits.time_limit = 0;
  co.method = q.method;
  co.constructive.seed = q.seed;
  co.t_max = q.t_max;
  co.search.tuning.settle_tries = q.settle_tries;
  co.shape = q.shape;
  co.progress = [limits = co.search.limits](const std::string& s) { report_progress(limits, {s, 0, 0, 0}); };
  return co;
}

LatencyResult certify_latency(int L, const ConjectureOptions& common) {
  ConjectureOptions opt = common;
  opt.search.tuning = tuning_for(L, common.search.tuning);
  LatencyResult r{run_conjecture(L, opt), true};
  r.before_deadline = !opt.deadline || std::chrono::steady_clock::now() < *opt.deadline;
  return r;
}

ConjectureRangeResult run_conjecture_range(const ConjectureRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  check_conjecture_request(q);
  const ConjectureOptions opt = conjecture_options(q);
  ConjectureRangeResult out;
  out.method = q.method;
  Verdict worst = Verdict::solved;
  int certified = 0;
  for (const int L : q.L) {
    out.latencies.push_back(certify_latency(L, opt).result);
    const Verdict v = out.latencies.back().verdict;
    worst = worse(worst, v);
    certified += v == Verdict::solved;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report_progress(opt.search.limits, {"L values", static_cast<std::int64_t>(out.latencies.size()),
                                        static_cast<std::int64_t>(q.L.size()), s});
  }
  out.verdict = worst;
  out.reason =
      std::to_string(certified) + " of " + std::to_string(q.L.size()) + " latencies certified" +
      (opt.deadline && std::chrono::steady_clock::now() >= *opt.deadline ? " (the time limit was reached)" : "");
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace blockcast
