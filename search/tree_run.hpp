// The `tree` run (request -> run -> result): the optimal single-item LogP broadcast tree on P
// nodes and its completion time for each P of the request (SPEC Sec. 1; Karp et al. 1993,
// Sec. 2, Fig. 1; engine/logp_tree.hpp). The time is counted for any P up to 2^62; the
// nodes are listed only for small trees. Rendering is reports/tree.hpp's.
#pragma once
#include <string>
#include <vector>

#include "logp_tree.hpp"
#include "outcome.hpp"

namespace blockcast {

inline constexpr i64 kListedTree = 64;  // larger trees: completion time only

struct TreeRequest {
  LogP model;
  std::vector<i64> P;  // one tree per P, in this order
};

struct TreeAnswer {
  i64 P = 0;
  i64 completion_time = 0;      // B(P; L, o, g)
  std::vector<TreeNode> nodes;  // the optimal tree, for P <= kListedTree only
};

struct TreeResult {
  Verdict verdict = Verdict::done;  // the times are computed, never searched
  std::string reason;
  double seconds = 0;  // measured
  LogP model;
  std::vector<TreeAnswer> trees;  // one per requested P
};

// InputError (one line) for a LogP model out of range (engine/logp_tree.hpp require_logp).
TreeResult run_tree(const TreeRequest& request);

}  // namespace blockcast
