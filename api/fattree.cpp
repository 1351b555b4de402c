// The public API's fat-tree questions (include/blockcast/fattree.hpp; Dimakopoulos and
// Dimopoulos 1995, docs/fattree.md): the thin face of the runs of
// search/fattree/fattree_run.hpp, the same ones `blockcast fattree` calls, and their JSON from
// reports/fattree_run.hpp (the command's --json without "command"). The engine's InputError
// becomes InvalidInput with the same one line.
#include <blockcast/fattree.hpp>

#include "api/impl.hpp"
#include "fattree/fattree_run.hpp"
#include "fattree_run.hpp"

namespace blockcast::api {

FattreeSearchResult fattree_search(const FattreeSearchRequest& request) {
  return guarded([&] { return fattree::run_fattree_search(request); });
}

FattreeSimulateResult fattree_simulate(const FattreeSimulateRequest& request) {
  return guarded([&] { return fattree::run_fattree_simulate(request); });
}

FattreeTableResult fattree_table(const FattreeTableRequest& request) {
  return guarded([&] { return fattree::run_fattree_table(request); });
}

FattreePlotResult fattree_plot(const FattreePlotRequest& request) {
  return guarded([&] { return fattree::run_fattree_plot(request); });
}

std::string to_json(const FattreeSearchResult& result) { return fattree_json_text(fattree_search_outcome(result)); }
std::string to_json(const FattreeSimulateResult& result) { return fattree_json_text(fattree_simulate_outcome(result)); }
std::string to_json(const FattreeTableResult& result) { return fattree_json_text(fattree_table_outcome(result)); }
std::string to_json(const FattreePlotResult& result) { return fattree_json_text(fattree_plot_outcome(result)); }

}  // namespace blockcast::api
