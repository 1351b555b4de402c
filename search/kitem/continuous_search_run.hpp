// The `continuous-search` question as one run (request -> run -> result): is delay D
// reachable by a continuous schedule that is not block-cyclic? (Karp et al. 1993 Sec. 3.3:
// no block-cyclic schedule reaches L + t for L = 4, t = 8.) For each period of a range the
// SAT search over periodic schedules (search/kitem/periodic_search.hpp, every answer checked:
// SOLVED simulated, IMPOSSIBLE by a verified DRAT proof), and optionally a window of N items
// of any continuous schedule. `blockcast continuous-search` (cli/cmd_kbroadcast.cpp), the
// public API's continuous_search (api/kitem_table.cpp) and Python's
// blockcast.continuous_search call continuous_search_run; reports/continuous_search.hpp
// renders it.
//
// Verdict: SOLVED when some period reaches D, UNKNOWN when none does and a limit left a
// search undecided, IMPOSSIBLE when every search of the request was refuted (about the
// periods searched only; a limit never gives IMPOSSIBLE).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kitem/periodic_search.hpp"

namespace blockcast {

// Each SAT solve's budget when time_limit is 0 (no deadline).
inline constexpr double kContinuousSearchSolveSeconds = 120;
// The request's bounds (cli/options_table.cpp shows the same in help).
inline constexpr int kContinuousSearchMaxPeriod = 64, kContinuousSearchMaxWindow = 64, kContinuousSearchMaxT = 1024;

struct ContinuousSearchRequest {
  int L = 0;                          // 1..1024
  std::optional<int> t;               // tree depth: P - 1 = f_t (give t or P, not both)
  std::optional<std::int64_t> P;      // processors, 2..kPeriodicMaxP
  int delay = 0;                      // D to decide; 0 = the lower bound L + B(P-1)
  std::pair<int, int> periods{1, 4};  // inclusive, 1..64
  int window = 0;                     // also the first N items of any continuous schedule (0 = skip)
  double time_limit = 0;              // seconds for the whole call (0 = none)
  RunControl control;                 // the caller's cancel flag (progress: none)
};

struct ContinuousSearchResult {
  Verdict verdict = Verdict::unknown;
  std::string reason;  // one line: which period reaches D, or what was refuted and what is open
  double seconds = 0;  // measured, the whole call
  int L = 0;
  std::int64_t P = 0;
  int delay = 0, lower_bound = 0;
  std::vector<PeriodicOutcome> outcomes;  // one per period in order, then the window's (window > 0)
};

// InputError (one line) for a request that cannot be answered (the CLI's messages).
void check_continuous_search_request(const ContinuousSearchRequest& q);
// stage(text): what the run starts next (the CLI's progress line).
ContinuousSearchResult continuous_search_run(const ContinuousSearchRequest& q,
                                             const std::function<void(const std::string&)>& stage = {});

}  // namespace blockcast
