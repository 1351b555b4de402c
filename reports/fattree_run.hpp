// Rendering the fat-tree runs (search/fattree/fattree_run.hpp; Dimakopoulos and Dimopoulos
// 1995, docs/fattree.md) for `blockcast fattree search|simulate|table|plot`: the outcome whose
// envelope is the command's --json (engine/outcome.hpp; also the API's to_json and Python's
// to_dict), and the text the command prints without --json. Renders only: never searches or
// simulates.
#pragma once
#include <blockcast/fattree.hpp>
#include <string>
#include <vector>

#include "fattree/fattree_run.hpp"  // the runs, reached by the CLI through this header
#include "fattree_plots.hpp"
#include "outcome.hpp"

namespace blockcast {

// "blockcast-fattree-search": the request's fields, every decision (with its witness), the best
// found, the lower bound and the minimum ("unknown" when open).
Outcome fattree_search_outcome(const api::FattreeSearchResult& r);
// The header, one line per decision, the summary and the best witness sorted by step.
std::string fattree_search_text(const api::FattreeSearchResult& r);

// "blockcast-fattree-simulate": ACCEPTED or REJECTED by the simulator's check.
Outcome fattree_simulate_outcome(const api::FattreeSimulateResult& r);
std::string fattree_simulate_text(const api::FattreeSimulateResult& r);

// "blockcast-fattree-table": the rows (verdict OK; a failed row makes the command exit 1).
Outcome fattree_table_outcome(const api::FattreeTableResult& r);
std::string fattree_table_text(const api::FattreeTableResult& r);
// The rows of the table report (fattree_plots.hpp).
std::vector<FatTreeTableRow> fattree_table_rows(const api::FattreeTableResult& r);

// "blockcast-fattree-plot": the merged rows, or REJECTED with the reason and no rows.
Outcome fattree_plot_outcome(const api::FattreePlotResult& r);
std::string fattree_plot_text(const api::FattreePlotResult& r);

// The JSON of an outcome as the API returns it: the envelope without "command", indented.
std::string fattree_json_text(const Outcome& o);

}  // namespace blockcast
