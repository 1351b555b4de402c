// The `kbroadcast-baselines` question as one run (request -> run -> result): per (L, P, k)
// the k-item broadcasts MPI libraries run (chain, binomial, split binary, scatter +
// allgather, two-tree), each simulated, next to blockcast's own schedule and the lower bound
// of Karp et al. 1993 Thm 3.1 (search/kitem/baselines_table.hpp). `blockcast
// kbroadcast-baselines` (cli/cmd_kbroadcast_baselines.cpp) calls baselines_run;
// reports/kbroadcast_baselines.hpp renders it.
//
// Verdict: REJECTED when a schedule failed the simulator (a bug), UNKNOWN when blockcast's
// column is missing somewhere (L >= 2: no continuous schedule within the limit) or the
// deadline left rows out, OK otherwise.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kitem/baselines_table.hpp"
#include "outcome.hpp"

namespace blockcast {

// Each search of the continuous schedule (L >= 2) when time_limit is 0 (no deadline).
inline constexpr double kBaselinesSearchSeconds = 20;

struct BaselinesRequest {
  std::vector<int> L;
  std::vector<std::int64_t> P, k;  // every L x P x k, P * k <= kMaxBaselineCells
  double time_limit = 0;           // seconds for the whole call (0 = none)
};

struct BaselinesResult {
  Verdict verdict = Verdict::unknown;  // done, unknown or rejected (see above)
  std::string reason;
  double seconds = 0;
  BaselineTable table;
};

// on_row sees each row as soon as it is simulated (the CLI prints it then).
BaselinesResult baselines_run(const BaselinesRequest& q, const std::function<void(const BaselineRow&)>& on_row = {});

}  // namespace blockcast
