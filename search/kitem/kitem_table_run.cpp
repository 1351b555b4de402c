// The `kbroadcast-table` run (kitem_table_run.hpp): the request checked, then the exact rows
// (kitem/table.hpp) or the ranges (kitem/range_table.hpp) under the call's one deadline.
#include "kitem/kitem_table_run.hpp"

#include <chrono>

#include "checked.hpp"
#include "kitem/exact.hpp"
#include "kitem/run_common.hpp"

namespace blockcast {

namespace {

constexpr const char* kTableRun = "kbroadcast-table";

KitemTableResult exact_rows(const KitemTableRequest& q, const KitemTableProgress& progress) {
  KitemTableResult r;
  const Limits limits = controlled(command_limits(q.time_limit, kKitemTableSolveSeconds), q.control);
  r.rows = kitem_table(static_cast<int>(q.L.first), static_cast<int>(q.L.second), static_cast<int>(q.P.first),
                       static_cast<int>(q.P.second), static_cast<int>(q.k.first), static_cast<int>(q.k.second), limits,
                       progress.on_row);
  const bool open = r.rows.unknown > 0 || r.rows.not_reached > 0;
  r.verdict = open ? Verdict::unknown : Verdict::done;
  r.reason = std::to_string(r.rows.rows.size()) + " rows decided, " + std::to_string(r.rows.unknown) + " open";
  if (r.rows.not_reached > 0) r.reason += ", " + std::to_string(r.rows.not_reached) + " not reached (time limit)";
  return r;
}

KitemTableResult range_rows(const KitemTableRequest& q, const KitemTableProgress& progress) {
  KitemTableResult r;
  r.ranges = true;
  const Limits limits = run_limits(q.control, q.time_limit);
  RangeOptions o;
  o.exact_time_limit = q.exact_time_limit.value_or(kRangeExactSeconds);
  o.counting_time_limit = q.counting_time_limit.value_or(kRangeCountingSeconds);
  o.progress = progress.on_range_pair;
  r.range_table =
      kitem_range_table({static_cast<int>(q.L.first), static_cast<int>(q.L.second)}, q.P, q.k, limits, q.threads, o);
  const RangeTable& t = r.range_table;
  r.verdict = !t.failure.empty() ? Verdict::rejected : t.not_reached > 0 ? Verdict::unknown : Verdict::done;
  r.reason = !t.failure.empty()  ? "a replay failed: " + t.failure
             : t.not_reached > 0 ? std::to_string(t.not_reached) + " (L, P) not reached (time limit)"
                                 : "every (L, P, k) decided by the constructions and the exact search";
  return r;
}

}  // namespace

void check_kitem_table_request(const KitemTableRequest& q) {
  require_range(kTableRun, "L", q.L, 1, kKitemTableMaxL);
  require_range(kTableRun, "P", q.P, 2, kKitemTableMaxP);
  require_range(kTableRun, "k", q.k, 1, kKitemTableMaxK);
  require_time_limit(kTableRun, q.time_limit);
  if (q.threads < 0) throw InputError(std::string(kTableRun) + ": threads must be >= 0");
  if (q.ranges) {
    if (q.exact_time_limit) require_time_limit(kTableRun, *q.exact_time_limit);
    if (q.counting_time_limit) require_time_limit(kTableRun, *q.counting_time_limit);
    return;
  }
  if (q.counting_time_limit)
    throw InputError(
        "--counting-time-limit: sets the counting model of --ranges; the exact rows are bounded by --time-limit");
  if (q.exact_time_limit)
    throw InputError(
        "--exact-time-limit: sets the exact search of --ranges; the exact rows are bounded by --time-limit");
  if (q.P.second > kExactMaxP || q.k.second > kExactMaxK)
    throw InputError("--P " + std::to_string(q.P.second) + ", --k " + std::to_string(q.k.second) +
                     ": exact rows take P <= " + std::to_string(kExactMaxP) +
                     " and k <= " + std::to_string(kExactMaxK) + "; --ranges tables any size from constructions");
}

KitemTableResult kitem_table_run(const KitemTableRequest& q, const KitemTableProgress& progress) {
  check_kitem_table_request(q);
  const auto t0 = std::chrono::steady_clock::now();
  KitemTableResult r = q.ranges ? range_rows(q, progress) : exact_rows(q, progress);
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace blockcast
