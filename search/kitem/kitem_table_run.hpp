// The `kbroadcast-table` question as one run (request -> run -> result; docs/architecture.md):
// for every (L, P, k) of three ranges, either the exact rows (search/kitem/table.hpp: the
// exact optimum over general schedules by SAT with DRAT-checked optimality, our schedules,
// Subramonian and Venkatasubramanian's (1993) simple schedule and the lower bound of Karp et
// al. 1993 Thm 3.1) or, with `ranges`, the constructions at any size compressed into ranges
// of P and k (search/kitem/range_table.hpp). `blockcast kbroadcast-table`
// (cli/cmd_kbroadcast.cpp), the public API's kitem_table (api/kitem_table.cpp) and Python's
// blockcast.kitem_table call kitem_table_run; reports/kbroadcast_table_run.hpp renders it.
//
// Verdict (the CLI's JSON "verdict"): OK when every row is decided, UNKNOWN when a row is
// open or the deadline left rows out (a limit never gives IMPOSSIBLE), REJECTED when a
// schedule of --ranges failed its replay (a bug).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "kitem/range_table.hpp"
#include "kitem/table.hpp"
#include "outcome.hpp"

namespace blockcast {

// The request's bounds (cli/options_table.cpp shows the same in help).
inline constexpr std::int64_t kKitemTableMaxL = 16, kKitemTableMaxP = 100'000, kKitemTableMaxK = 4096;
// Each search and SAT solve of the exact rows when time_limit is 0 (no deadline).
inline constexpr double kKitemTableSolveSeconds = 60;

struct KitemTableRequest {
  std::pair<std::int64_t, std::int64_t> L{1, 3}, P{2, 8}, k{1, 4};  // inclusive ranges
  bool ranges = false;    // constructions in ranges (any size) instead of the exact rows
  double time_limit = 0;  // seconds for the whole call (0 = none)
  // --ranges only: seconds per SAT solve in the small cells (nullopt: kRangeExactSeconds).
  std::optional<double> exact_time_limit;
  // --ranges only: seconds per cell of the counting model in the cells still above the bound
  // with P <= 64, k <= 16 (nullopt: kRangeCountingSeconds; 0 = not run).
  std::optional<double> counting_time_limit;
  int threads = 0;     // --ranges only: P values decided in parallel (0 = all cores)
  RunControl control;  // the caller's cancel flag
};

struct KitemTableResult {
  Verdict verdict = Verdict::unknown;  // done, unknown or rejected (see above)
  std::string reason;                  // one line: what was decided, or which limit stopped it
  double seconds = 0;                  // measured, the whole call
  bool ranges = false;                 // which payload holds the answer
  KItemTable rows;                     // the exact rows (not ranges)
  RangeTable range_table;              // the ranges (ranges)
};

// Progress of a long call (the CLI's progress line and its rows printed as they finish).
struct KitemTableProgress {
  std::function<void(const KItemRow&)> on_row;           // exact rows, each as it is decided
  std::function<void(int, std::int64_t)> on_range_pair;  // ranges: (L, P) finished
};

// InputError (one line) for a request that cannot be answered: a range descending or out of
// its bounds, exact rows above kExactMaxP or kExactMaxK, exact_time_limit or counting_time_limit
// without ranges, a
// negative time limit or thread count.
void check_kitem_table_request(const KitemTableRequest& q);
KitemTableResult kitem_table_run(const KitemTableRequest& q, const KitemTableProgress& progress = {});

}  // namespace blockcast
