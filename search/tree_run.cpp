// The `tree` run (see tree_run.hpp; Karp et al. 1993, Sec. 2): the completion time of each
// P by counting, the explicit tree only where it is listed.
#include "tree_run.hpp"

#include <chrono>

namespace blockcast {

TreeResult run_tree(const TreeRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  TreeResult r;
  r.model = request.model;
  for (const i64 P : request.P) {
    TreeAnswer a;
    a.P = P;
    a.completion_time = broadcast_time(request.model, P);
    if (P <= kListedTree) a.nodes = optimal_tree(request.model, P);
    r.trees.push_back(std::move(a));
  }
  r.reason = "optimal trees for " + std::to_string(r.trees.size()) + " values of P";
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace blockcast
