// blockcast's `kbroadcast-table` and `continuous-search` questions in the public C++ API
// (docs/library.md). kitem_table: for every (L, P, k) of three ranges the exact k-item
// optimum over general schedules (SAT, DRAT-checked) against blockcast's schedules,
// Subramonian and Venkatasubramanian's (1993) simple schedule and the lower bound of Karp et
// al. 1993 Thm 3.1; or, with `ranges`, the constructions at any size in ranges of P and k.
// continuous_search: is delay D reachable by a periodic (not block-cyclic) continuous
// schedule of each period, and by a window of N items of any continuous schedule? The same
// runs as the CLI (search/kitem/kitem_table_run.hpp, continuous_search_run.hpp): the same
// checks, verdicts, text and JSON.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <blockcast/control.hpp>

namespace blockcast::api {

struct KitemTableRequest {
  std::pair<std::int64_t, std::int64_t> L{1, 3}, P{2, 8}, k{1, 4};  // inclusive ranges: L 1..16, P 2..100000, k 1..4096
  bool ranges = false;    // constructions in ranges (any size) instead of the exact rows (P <= 12, k <= 8)
  double time_limit = 0;  // seconds for the whole call (0 = none)
  std::optional<double> exact_time_limit;  // ranges only: seconds per SAT solve in the small cells (default 3)
  // ranges only: seconds per cell of the counting model in the cells still above the bound with
  // P <= 64, k <= 16: a safety cap, the budget is 5,000 conflicts per SAT call (default 30; 0 = not run)
  std::optional<double> counting_time_limit;
  int threads = 0;     // ranges only: 0 = all cores
  RunControl control;  // the caller's cancel flag (progress: none)
};

// One exact row (ranges = false).
struct KitemTableRow {
  int L = 0, P = 0, k = 0;
  int lower_bound = 0;                       // Karp et al. 1993 Thm 3.1 as corrected
  Verdict exact_verdict = Verdict::unknown;  // SOLVED (optimum proved), IMPOSSIBLE or UNKNOWN
  std::optional<int> optimum;                // the proved optimum
  std::optional<int> exact_upper;            // the best schedule the exact search simulated
  std::string exact_proof;
  double exact_seconds = 0;
  std::optional<int> continuous_delay;  // the best block-cyclic delay found for (L, P)
  std::optional<int> cut_time;          // that schedule cut after k items (simulated)
  std::optional<int> ours_time;         // the best of blockcast's schedules (simulated)
  std::string ours_name;
  int simple_time = 0;  // the simple schedule's formula
};

// One range of P and k of one L with one status (ranges = true).
struct KitemTableRange {
  int L = 0;
  std::int64_t P0 = 0, P1 = 0, k0 = 0, k1 = 0;
  std::string status;               // "at the bound", "proved above", "upper bound only", "no schedule"
  std::optional<std::int64_t> gap;  // time - lower bound (none without a schedule)
  std::string method;
};

struct KitemTable {
  Verdict verdict =
      Verdict::unknown;  // OK (every row decided), UNKNOWN (a row open or not reached), REJECTED (a replay failed)
  std::string reason;
  double seconds = 0;  // measured
  bool ranges = false;
  std::vector<KitemTableRow> rows;     // ranges = false
  std::vector<KitemTableRange> cells;  // ranges = true
  std::int64_t not_reached = 0;        // rows (exact) or (L, P) pairs (ranges) the deadline left out
  std::string text;                    // the CLI's text
  std::string json;                    // the CLI's --json output without the command line
  std::string to_json() const { return json; }
};

// InvalidInput for a request the CLI would refuse.
KitemTable kitem_table(const KitemTableRequest& request);

struct ContinuousSearchRequest {
  int L = 0;                          // 1..1024
  std::optional<int> t;               // tree depth (P - 1 = f_t); give t or P
  std::optional<std::int64_t> P;      // processors, 2..256
  int delay = 0;                      // delay D to decide; 0 = the lower bound L + B(P-1)
  std::pair<int, int> periods{1, 4};  // periods searched, inclusive, 1..64
  int window = 0;                     // also the first N items of any continuous schedule (0 = skip, at most 64)
  double time_limit = 0;              // seconds for the whole call (0 = none; each SAT solve then at most 120 s)
  RunControl control;                 // the caller's cancel flag (progress: none)
};

struct PeriodicSearch {
  int period = 0, window = 0;          // window > 0: the window search of `window` items
  Verdict verdict = Verdict::unknown;  // SOLVED, IMPOSSIBLE (DRAT-verified) or UNKNOWN
  std::string detail;
  int vars = 0;
  std::int64_t clauses = 0;
  double seconds = 0;
};

struct ContinuousSearch {
  Verdict verdict =
      Verdict::unknown;  // SOLVED (a period reaches D), IMPOSSIBLE (every search refuted), UNKNOWN (a limit)
  std::string reason;
  double seconds = 0;
  int L = 0;
  std::int64_t P = 0;
  int delay = 0, lower_bound = 0;
  std::vector<PeriodicSearch> results;  // one per period, then the window's
  std::string text;                     // the CLI's text
  std::string json;  // the CLI's --json output without the command line (with the first SOLVED period's schedule)
  std::string to_json() const { return json; }
};

// InvalidInput for a request the CLI would refuse (the same messages).
ContinuousSearch continuous_search(const ContinuousSearchRequest& request);

}  // namespace blockcast::api
