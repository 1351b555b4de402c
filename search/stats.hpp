// Search statistics: plain int64 counters, merged across TBB workers with operator+=
// (Gecode's Statistics habit), printed by --stats.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>

namespace blockcast {

struct SearchStats {
  std::int64_t nodes = 0;         // vector choices tried (one per block per candidate)
  std::int64_t memo_hits = 0;     // subtrees cut by a remembered nogood (position, letters)
  std::int64_t prune_bound = 0;   // cut: a letter exceeds what the remaining blocks can absorb
  std::int64_t prune_tail = 0;    // cut: the closed-form check of the r <= 2 tail failed
  std::int64_t prune_root = 0;    // root vectors rejected as not extendable by x
  std::int64_t leaves = 0;        // complete letter distributions reached
  std::int64_t tasks = 0;         // subtrees handed to other workers (parallel split)
  double seconds = 0;

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes, memo_hits += o.memo_hits, prune_bound += o.prune_bound;
    prune_tail += o.prune_tail, prune_root += o.prune_root, leaves += o.leaves;
    tasks += o.tasks;
    return *this;
  }
  nlohmann::json json() const {
    return {{"nodes", nodes},           {"memo_hits", memo_hits}, {"prune_bound", prune_bound},
            {"prune_tail", prune_tail}, {"prune_root", prune_root}, {"leaves", leaves},
            {"tasks", tasks},
            {"seconds", seconds}};
  }
};

}  // namespace blockcast
