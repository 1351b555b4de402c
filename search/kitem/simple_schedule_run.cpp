// The `simple-schedule` run (simple_schedule_run.hpp): the request checked, every P under the
// call's one deadline, the verdict from the rows.
#include "kitem/simple_schedule_run.hpp"

#include <chrono>

#include "checked.hpp"
#include "kitem/run_common.hpp"
#include "postal.hpp"

namespace blockcast {

SimpleScheduleResult simple_schedule_run(const SimpleScheduleRequest& q) {
  require_latency(q.L);
  require_range("simple-schedule", "P", q.P, 2, kSimpleScheduleMaxP);
  if (q.k < 1 || q.k > kSimpleScheduleMaxK)
    throw InputError("simple-schedule: k must be in 1.." + std::to_string(kSimpleScheduleMaxK));
  require_time_limit("simple-schedule", q.time_limit);
  const auto t0 = std::chrono::steady_clock::now();
  SimpleScheduleResult r;
  const Limits limits = command_limits(q.time_limit, kOursSearchSeconds);
  r.rows = simple_vs_ours(q.L, q.P.first, q.P.second, q.k, limits);
  r.P_count = q.P.second - q.P.first + 1;
  // The deadline left P out, or stopped the search of ours: what is there is kept.
  r.cut_short = static_cast<std::int64_t>(r.rows.size()) < r.P_count;
  bool failed = false;
  for (const SimpleRow& row : r.rows) {
    r.cut_short = r.cut_short || (row.ours_delay < 0 && limits.expired());
    failed = failed || !row.simple_problem.empty();
  }
  r.verdict = failed ? Verdict::rejected : r.cut_short ? Verdict::unknown : Verdict::done;
  r.reason = std::to_string(r.rows.size()) + " of " + std::to_string(r.P_count) + " P done" +
             (failed        ? ", a simple schedule failed its replay"
              : r.cut_short ? " (time limit)"
                            : "");
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace blockcast
