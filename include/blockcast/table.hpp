// blockcast's `table` question in the public C++ API (docs/library.md): a checked
// block-cyclic continuous schedule for every (L, P) of a range, its delay against the lower
// bound L + B(P-1) and whether it is proved optimal for block-cyclic schedules, and on
// request the periodic (not block-cyclic) search in the cells above the bound. The same run
// as `blockcast table` (search/everyp/table_run.hpp): the same cells, verdict and JSON.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <blockcast/control.hpp>

namespace blockcast::api {

struct TableRequest {
  std::vector<int> L;                                        // latencies, 1..1024
  std::vector<std::pair<std::int64_t, std::int64_t>> P;      // inclusive ranges of P (2..999999999), ascending
  std::optional<std::pair<int, int>> periods;                // also search periodic schedules of these periods (1..64)
  double period_time_limit = 10;  // seconds per cell of the periodic search (0 = none)
  int threads = 0;                // 0 = all cores
  std::int64_t max_nodes = 0;     // node limit per search (0 = the CLI's default)
  double time_limit = 0;          // seconds for the whole call (0 = none); cells not reached have no schedule
  RunControl control;             // the caller's cancel flag; progress over the cells ("cells", done, total)
};

struct TableCell {
  int L = 0;
  std::int64_t P = 0;
  int t = 0;                      // B(P-1)
  std::int64_t lower_bound = 0;   // L + t: no schedule of any form is faster
  std::int64_t delay = -1;        // the block-cyclic schedule's delay (-1: none found)
  std::string shape, method;      // the tree shape and how the schedule was found
  bool proved = false;            // the delay is optimal for block-cyclic schedules (on pruned trees)
  bool at_lower_bound = false;    // delay == lower_bound
  std::string periodic;           // with periods: the periodic search at the lower bound, in brief
  bool periodic_at_bound = false; // a periodic schedule (simulated) reaches the lower bound
};

struct Table {
  Verdict verdict = Verdict::unknown;  // SOLVED (every cell has a checked schedule) or UNKNOWN (a limit left cells without)
  std::string reason;
  double seconds = 0;   // measured
  std::vector<TableCell> cells;  // L outer, P inner
  std::string text;     // the CLI's text table (ranges of P)
  std::string json;     // the CLI's --json output without the command line
  std::string to_json() const { return json; }
};

// InvalidInput for a request the CLI would refuse (the same checks and messages).
Table table(const TableRequest& request);

}  // namespace blockcast::api
