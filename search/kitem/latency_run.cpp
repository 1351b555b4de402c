// The `latency` run (latency_run.hpp): the request checked, the study under the call's one
// deadline (each search of ours at most kOursSearchSeconds without one).
#include "kitem/latency_run.hpp"

#include <chrono>

#include "checked.hpp"
#include "kitem/run_common.hpp"
#include "kitem/simple_schedule_run.hpp"
#include "postal.hpp"

namespace blockcast {

LatencyResult latency_run(const LatencyRequest& q) {
  require_latency(q.L);
  if (q.P.empty()) throw InputError("latency: no P");
  for (std::int64_t P : q.P)
    if (P < 2) throw InputError("latency: P must be >= 2, got " + std::to_string(P));
  require_range("latency", "d", q.d, 0, kLatencyMaxD);
  if (q.k < 1) throw InputError("latency: k must be >= 1");
  if (q.samples < 1 || q.samples > kLatencyMaxSamples)
    throw InputError("latency: samples must be in 1.." + std::to_string(kLatencyMaxSamples));
  require_time_limit("latency", q.time_limit);
  const auto t0 = std::chrono::steady_clock::now();
  LatencyResult r;
  r.study = latency_study(q.L, q.P, q.d.first, q.d.second, q.k, q.samples, q.seed,
                          command_limits(q.time_limit, kOursSearchSeconds));
  bool ok = true;
  for (const LatencyPoint& p : r.study.points) ok = ok && p.ok;
  r.verdict = !ok ? Verdict::rejected : r.study.not_reached > 0 ? Verdict::unknown : Verdict::done;
  r.reason =
      std::to_string(r.study.points.size()) + " points replayed" + (!ok ? ", a replay deadlocked" : "") +
      (r.study.not_reached > 0 ? ", " + std::to_string(r.study.not_reached) + " P not reached (time limit)" : "");
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace blockcast
