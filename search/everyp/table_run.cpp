// The `table` run (table_run.hpp).
#include "everyp/table_run.hpp"

#include <chrono>
#include <string>

#include "kitem/periodic_search.hpp"
#include "postal.hpp"

namespace blockcast {

namespace {

constexpr i64 kMaxTableP = 999'999'999;

std::string range_text(i64 a, i64 b) { return a == b ? std::to_string(a) : std::to_string(a) + ".." + std::to_string(b); }

}  // namespace

void check_table_request(const TableRequest& q) {
  if (q.Ls.empty()) throw InputError("table: L is required (latencies 1.." + std::to_string(kMaxLatency) + ")");
  if (q.P.empty()) throw InputError("table: P is required (processors 2.." + std::to_string(kMaxTableP) + ")");
  for (const int L : q.Ls)
    if (L < 1 || L > kMaxLatency)
      throw InputError("table: L = " + std::to_string(L) + " is out of range 1.." + std::to_string(kMaxLatency));
  std::size_t width = 0;
  i64 last = 1;
  for (const auto& [a, b] : q.P) {
    if (a < 2 || b > kMaxTableP || a > b)
      throw InputError("table: P " + range_text(a, b) + " is out of range 2.." + std::to_string(kMaxTableP));
    if (a <= last) throw InputError("table: the ranges of P must ascend without overlap (" + range_text(a, b) + ")");
    last = b;
    width += static_cast<std::size_t>(b - a + 1);
  }
  const std::size_t cells = width * q.Ls.size();
  if (width > kMaxTableCells || cells > kMaxTableCells)
    throw InputError("table of " + std::to_string(cells) + " cells is too large (at most " + std::to_string(kMaxTableCells) + ")");
  if (q.periods && (q.periods->first < 1 || q.periods->second > 64 || q.periods->first > q.periods->second))
    throw InputError("table: periods " + range_text(q.periods->first, q.periods->second) + " must lie in 1..64");
  if (!(q.time_limit >= 0) || !(q.period_time_limit >= 0) || q.max_nodes < 0 || q.threads < 0)
    throw InputError("table: time_limit, period_time_limit, max_nodes and threads must be >= 0");
}

EveryPOptions table_options(const TableRequest& q, const Limits& limits) {
  EveryPOptions opt;
  opt.threads = q.threads;
  if (q.max_nodes > 0) opt.cell_nodes = opt.base_nodes = q.max_nodes;
  opt.simulate_events = kTableSimulateEvents;
  opt.keep_witnesses = q.keep_witnesses;  // ranges need only delay, shape, method: P up to 10^6 in little memory
  opt.limits = limits;
  return opt;
}

std::vector<Cell> table_rows(const TableRequest& q, int L, const EveryPOptions& opt,
                             const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<Cell> rows;  // one call per range of P
  std::size_t before = 0, total = 0;
  for (const auto& [a, b] : q.P) total += static_cast<std::size_t>(b - a + 1);
  for (const auto& [a, b] : q.P) {
    auto part = every_p_table({L, L}, {a, b}, opt, [&](std::size_t done, std::size_t) {
      if (progress) progress(before + done, total);
    });
    before += part.size();
    rows.insert(rows.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
  }
  if (q.periods)  // beyond block-cyclic, in the cells above the bound
    search_periodic_cells(rows, q.periods->first, q.periods->second, opt.limits, q.period_time_limit, q.threads);
  return rows;
}

TableResult run_table(const TableRequest& q) {
  check_table_request(q);
  const auto start = std::chrono::steady_clock::now();
  const EveryPOptions opt = table_options(q, run_limits(q.control, q.time_limit));
  TableResult r;
  std::size_t width = 0;
  for (const auto& [a, b] : q.P) width += static_cast<std::size_t>(b - a + 1);
  const std::size_t total = width * q.Ls.size();
  for (std::size_t n = 0; n < q.Ls.size(); ++n) {
    auto rows = table_rows(q, q.Ls[n], opt, [&](std::size_t done, std::size_t) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      report_progress(opt.limits, {"cells", static_cast<i64>(n * width + done), static_cast<i64>(total), s});
    });
    r.cells.insert(r.cells.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
  }
  std::size_t none = 0;
  for (const Cell& c : r.cells) none += c.found() ? 0 : 1;
  r.verdict = none == 0 ? Verdict::solved : Verdict::unknown;
  r.reason = none == 0 ? "every cell has a checked schedule"
                       : std::to_string(none) + " of " + std::to_string(r.cells.size()) +
                             " cells have no schedule: a limit stopped every depth tried (time_limit or node limit)";
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace blockcast
