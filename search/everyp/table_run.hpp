// The `table` run (request -> run -> result; docs/shapes.md): a checked block-cyclic schedule
// for every (L, P) of the request (search/everyp/every_p.hpp every_p_table, SPEC Sec. 2, 6-7),
// and with `periods` the periodic search (search/kitem/periodic_search.hpp) in the cells
// above the lower bound. One L at a time (table_rows): the CLI spreads the L over MPI ranks
// and records them with --resume (cli/unit_runner.hpp); the public library and Python call
// run_table. Both validate through check_table_request and share table_options, so the
// same request gives the same cells everywhere. All search limits are node counts, so the
// table is the same on every run and machine, except under a time_limit (cells not reached
// have no schedule) and in the periodic column (SAT under a wall-clock budget).
#pragma once
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "everyp/every_p.hpp"
#include "outcome.hpp"

namespace blockcast {

// At most this many cells per request (L values x P values).
inline constexpr std::size_t kMaxTableCells = 20'000'000;
// Witness replay by the simulator per cell (events, about P <= 250); the symbolic re-check
// always runs, and tests/test_everyp.cpp simulates every cell up to P = 2000.
inline constexpr i64 kTableSimulateEvents = 20'000;

struct TableRequest {
  std::vector<int> Ls;                          // latencies, 1..256
  std::vector<std::pair<i64, i64>> P;           // inclusive ranges of P, 2..999'999'999, ascending
  std::optional<std::pair<int, int>> periods;   // also the periodic search, periods A..B (1..64)
  double period_time_limit = 10;                // seconds per cell of the periodic search (0 = none)
  int threads = 0;                              // 0 = all cores
  i64 max_nodes = 0;                            // node limit per search (0 = EveryPOptions' default)
  double time_limit = 0;                        // seconds for the whole call (0 = none)
  bool keep_witnesses = false;                  // keep each cell's checked assignment
  RunControl control;                           // cancel flag; progress per cell ("cells", done, total)
};

// InputError (one line) for a request that cannot be answered: no L or P, an L or P out of
// range, ranges not ascending, too many cells, a bad period range, negative limits.
void check_table_request(const TableRequest& q);
// The options of every_p_table for the request, with `limits` (the call's deadline).
EveryPOptions table_options(const TableRequest& q, const Limits& limits);
// The rows of one L, P ascending over the request's ranges; progress(done, total) per cell.
std::vector<Cell> table_rows(const TableRequest& q, int L, const EveryPOptions& opt,
                             const std::function<void(std::size_t, std::size_t)>& progress = {});

struct TableResult {
  Verdict verdict = Verdict::unknown;  // solved: every cell has a checked schedule; unknown: a limit left cells without
  std::string reason;
  double seconds = 0;
  std::vector<Cell> cells;           // L outer, P inner
};

// The whole table under one deadline, reporting progress over all cells to q.control.
TableResult run_table(const TableRequest& q);

}  // namespace blockcast
