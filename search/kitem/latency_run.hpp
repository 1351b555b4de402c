// The `latency` question as one run (request -> run -> result): ours and Subramonian and
// Venkatasubramanian's (1993, Sec. 7) simple schedule with every message latency in
// [L-d, L+d], seeded random draws and a heuristic adversary (search/kitem/latency_study.hpp).
// `blockcast latency` (cli/cmd_kbroadcast.cpp) calls latency_run; reports/kbroadcast_latency.hpp
// renders it (text, JSON, SVG).
//
// Verdict: REJECTED when a replay deadlocked (a bug), UNKNOWN when the deadline left P out or
// cut them short, OK otherwise.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kitem/latency_study.hpp"
#include "outcome.hpp"

namespace blockcast {

// The request's bounds (cli/options_table.cpp shows the same in help).
inline constexpr int kLatencyMaxD = 64, kLatencyMaxSamples = 100'000;

struct LatencyRequest {
  int L = 0;                    // 1..1024
  std::vector<std::int64_t> P;  // processors, each >= 2
  std::pair<int, int> d{0, 2};  // latency spread, inclusive, 0..kLatencyMaxD (one row per d)
  int k = 0;                    // items replayed per schedule, >= 1
  int samples = 20;             // seeded random draws per d
  std::uint64_t seed = 1;
  double time_limit = 0;  // seconds for the whole call (0 = none)
};

struct LatencyResult {
  Verdict verdict = Verdict::unknown;  // done, unknown or rejected (see above)
  std::string reason;
  double seconds = 0;
  LatencyStudy study;
};

LatencyResult latency_run(const LatencyRequest& q);

}  // namespace blockcast
