// The public face of the `table` run (include/blockcast/table.hpp): the request passed to
// search/everyp/table_run.hpp as it is, the cells copied out, the text and JSON rendered by
// reports/table_ranges.hpp as the CLI renders them.
#include <blockcast/table.hpp>

#include "api/impl.hpp"
#include "everyp/table_run.hpp"
#include "table_ranges.hpp"

namespace blockcast::api {

namespace {

TableCell cell_of(const Cell& c) {
  TableCell t;
  t.L = c.L, t.P = c.P, t.t = c.t, t.lower_bound = c.lower_bound;
  t.delay = c.found() ? c.delay() : -1;
  t.shape = c.found() ? shape_name(c.shape) : "";
  t.method = c.method, t.proved = c.proved, t.at_lower_bound = c.found() && c.optimal();
  t.periodic = c.periodic, t.periodic_at_bound = c.periodic_at_bound;
  return t;
}

}  // namespace

Table table(const TableRequest& request) {
  return guarded([&] {
    blockcast::TableRequest q;
    q.Ls = request.L, q.P = request.P, q.periods = request.periods;
    q.period_time_limit = request.period_time_limit, q.threads = request.threads;
    q.max_nodes = request.max_nodes, q.time_limit = request.time_limit, q.control = request.control;
    const TableResult r = run_table(q);
    Table t;
    t.verdict = r.verdict, t.reason = r.reason, t.seconds = r.seconds;
    for (const Cell& c : r.cells) t.cells.push_back(cell_of(c));
    const auto ranges = compress_cells(r.cells);
    TableSummary sum = summarize(r.cells);
    sum.seconds = r.seconds;
    t.text = ranges_text(ranges, sum);
    t.json = blockcast::to_json(outcome_from_json("blockcast-table", ranges_json(ranges, sum), r.verdict), "").dump();
    return t;
  });
}

}  // namespace blockcast::api
