// The `simple-schedule` question as one run (request -> run -> result): for every P of a
// range, Subramonian and Venkatasubramanian's (1993, Sec. 6) simple schedule built and
// replayed in the buffered model, against the best block-cyclic schedule of ours
// (search/kitem/latency_study.hpp simple_vs_ours). `blockcast simple-schedule`
// (cli/cmd_kbroadcast.cpp) calls simple_schedule_run; reports/kbroadcast_latency.hpp renders it.
//
// Verdict: REJECTED when a simple schedule failed its construction or replay (a bug), UNKNOWN
// when the deadline left P out or stopped a search of ours, OK otherwise.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kitem/latency_study.hpp"
#include "outcome.hpp"

namespace blockcast {

// Each search of ours when time_limit is 0 (no deadline); also latency_run's.
inline constexpr double kOursSearchSeconds = 20;
// The request's bounds (cli/options_table.cpp shows the same in help).
inline constexpr std::int64_t kSimpleScheduleMaxP = 100'000, kSimpleScheduleMaxK = 1'000'000;

struct SimpleScheduleRequest {
  int L = 0;                                      // 1..1024
  std::pair<std::int64_t, std::int64_t> P{2, 2};  // inclusive, 2..kSimpleScheduleMaxP
  int k = 0;                                      // items replayed per schedule, 1..kSimpleScheduleMaxK
  double time_limit = 0;                          // seconds for the whole call (0 = none)
};

struct SimpleScheduleResult {
  Verdict verdict = Verdict::unknown;  // done, unknown or rejected (see above)
  std::string reason;
  double seconds = 0;
  std::vector<SimpleRow> rows;  // one per P reached, in order
  std::int64_t P_count = 0;     // P in the request
  bool cut_short = false;       // the deadline left P out or stopped a search of ours
};

SimpleScheduleResult simple_schedule_run(const SimpleScheduleRequest& q);

}  // namespace blockcast
