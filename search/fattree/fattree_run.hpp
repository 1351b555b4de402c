// The fat-tree runs (Dimakopoulos and Dimopoulos 1995; docs/fattree.md): one library call per
// question of `blockcast fattree`, taking the public request and returning the public result
// of include/blockcast/fattree.hpp, so that the CLI (cli/cmd_fattree*.cpp), the C++ API
// (api/fattree.cpp) and Python (python/fattree.cpp) share one implementation and one set of
// verdict rules. Each run checks its request first (InputError, one line) and measures its
// seconds; the search's `time_limit` is one deadline for the whole call (engine/limits.hpp),
// and a limit gives UNKNOWN, never IMPOSSIBLE. Rendering is reports/fattree_run.hpp's.
//   fattree_run.cpp           search: the walk to the minimum or one step bound (CSP or SAT)
//   fattree_simulate_run.cpp  simulate and table: the paper's schedules replayed
//   fattree_plot_run.cpp      plot: saved search outputs re-checked and merged
#pragma once
#include <blockcast/fattree.hpp>
#include <functional>
#include <string>

#include "fattree/tree.hpp"

namespace blockcast::fattree {

// Where a long search reports (the CLI's progress line); empty functions: nothing.
struct SearchProgress {
  std::function<void(int steps)> deciding;        // the decision of a step bound starts
  std::function<void(const std::string&)> line;   // solver statistics, about every 10 s
};

api::FattreeSearchResult run_fattree_search(const api::FattreeSearchRequest& request,
                                            const SearchProgress& progress = {});
api::FattreeSimulateResult run_fattree_simulate(const api::FattreeSimulateRequest& request);
api::FattreeTableResult run_fattree_table(const api::FattreeTableRequest& request);
api::FattreePlotResult run_fattree_plot(const api::FattreePlotRequest& request);

// The capacities c_1..c_h of T as "1,2,4" (the results' `c`).
std::string caps_text(const FatTree& T);

}  // namespace blockcast::fattree
