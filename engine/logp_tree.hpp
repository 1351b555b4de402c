// Optimal single-item broadcast in full LogP (L, o, g) (SPEC Sec. 1; Karp et al. 1993, Sec. 2,
// Def. 2.3-2.4, Thm 2.1-2.2, Fig. 1). The universal tree has the root at label 0 and
// children of a node with label d at d + i*g + L + 2o, i >= 0; the optimal tree on P nodes
// keeps the P smallest labels and completes at the largest kept label. With o = 0, g = 1
// (postal model) the number of nodes with label <= t is f_t (Thm 2.2).
#pragma once
#include <vector>

#include "checked.hpp"

namespace blockcast {

struct LogP {
  i64 L = 1, o = 0, g = 1;
  i64 child_offset() const { return L + 2 * o; }  // label gap parent -> first child
};

// InputError unless L >= 1, o >= 0, g >= 1 and L + 2o fits comfortably in 64 bits.
void require_logp(const LogP& m);

// Number of nodes of the universal tree with label <= T, saturated at cap (never above it).
// Counted in closed form (hockey-stick sums of binomials), no per-node work.
i64 nodes_within(const LogP& m, i64 T, i64 cap);

// B(P; L, o, g): completion time of the optimal tree on P >= 1 nodes (root included),
// by counting; any P up to 2^62.
i64 broadcast_time(const LogP& m, i64 P);

struct TreeNode {
  i64 label = 0;      // time at which the node holds the item
  i64 parent = -1;    // node id of the parent, -1 for the root
  i64 child_index = 0;  // i in label = parent + i*g + L + 2o
};

// E(P) explicitly: node 0 is the root; nodes are numbered in the order they are taken, i.e.
// by label, ties broken by the smaller parent id (the parent taken earlier). InputError for
// P < 1 or P > kMaxExplicitTree.
inline constexpr i64 kMaxExplicitTree = 10'000'000;
std::vector<TreeNode> optimal_tree(const LogP& m, i64 P);

// Largest label of a tree (0 for a lone root).
i64 completion_time(const std::vector<TreeNode>& tree);

}  // namespace blockcast
