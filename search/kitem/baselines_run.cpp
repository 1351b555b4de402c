// The `kbroadcast-baselines` run (baselines_run.hpp): the table under the call's one deadline
// (baselines_table checks the sizes), the verdict from its rows.
#include "kitem/baselines_run.hpp"

#include <chrono>

#include "kitem/run_common.hpp"

namespace blockcast {

BaselinesResult baselines_run(const BaselinesRequest& q, const std::function<void(const BaselineRow&)>& on_row) {
  require_time_limit("kbroadcast-baselines", q.time_limit);
  const auto t0 = std::chrono::steady_clock::now();
  BaselinesResult r;
  r.table = baselines_table(q.L, q.P, q.k, command_limits(q.time_limit, kBaselinesSearchSeconds), on_row);
  std::int64_t missing = 0;
  for (const BaselineRow& row : r.table.rows) missing += row.ours ? 0 : 1;
  const BaselineTable& t = r.table;
  r.verdict = !t.ok() ? Verdict::rejected : missing > 0 || t.not_reached > 0 ? Verdict::unknown : Verdict::done;
  r.reason = std::to_string(t.rows.size()) + " rows simulated" + (!t.ok() ? ", a schedule failed the simulator" : "") +
             (missing > 0 ? ", " + std::to_string(missing) + " without blockcast's schedule" : "") +
             (t.not_reached > 0 ? ", " + std::to_string(t.not_reached) + " not reached (time limit)" : "");
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace blockcast
