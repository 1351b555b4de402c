// Trimmed trees: the shapes `ties` and `pruned` of SPEC Sec. 6 (Karp et al. 1993, Thm 3.5 for L=2).
// A trimmed tree is T_T with trailing leaf children removed from some internal nodes. A
// node with r0 children (index u = L-1+r0) that loses its last m leaves removes one leaf
// of each letter 0..m-1 and becomes block (r0-m, u), or a leaf with letter u when m = r0.
// Only leaves can be removed, so m <= L; `ties` (delay L+t, T = t = B(P-1)) removes only
// label-t leaves (m <= 1), `pruned` (delay L+t+1, T = t+1) any trailing leaves (m <= L).
// Everything is kept as multiplicities: a profile says how many nodes of each class lose
// how many leaves, never which ones.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "instance.hpp"

namespace blockcast {

// What a shape asks for, for a given number of processors P.
struct TreeSpec {
  int L = 0;
  Shape shape = Shape::optimal;
  int t = 0;         // B(P-1): depth of the optimal tree for P
  int T = 0;         // depth of the trimmed tree (delay L + T)
  i64 P = 0;
  i64 removed = 0;   // leaves of T_T to remove: f_T - (P-1)
  int max_trim = 0;  // largest m per node (0 optimal, 1 ties, L pruned)
  i64 delay() const { return L + T; }
};

int max_trim(Shape s, int L);
// InputError if L or P is out of range, or P-1 != f_t for shape optimal.
TreeSpec tree_spec(int L, i64 P, Shape shape);
// Shape for P - 1 = f_t (the paper's P; ties then removes nothing).
TreeSpec tree_spec_for_t(int L, int t, Shape shape);
// A pruned tree of any depth T >= t = B(P-1) (deeper trees for the P where depth t fails):
// T_T minus f_T - (P-1) trailing leaves, at most L per node, delay L + T. T = t is the
// general trimming of the optimal depth (ties trees are the special case m <= 1).
// InputError if T < t or fewer than P-1 nodes would remain impossible (P-1 < f_{T-L}).
TreeSpec pruned_spec(int L, i64 P, int T);
// Leaves a pruned T_T can lose in all: every leaf (f_T - f_{T-L}).
i64 removable_leaves(int L, int T);

// Internal nodes of T_T with r0 children: index u = L-1+r0 = T - label.
struct NodeClass {
  int r0 = 0;
  i64 nodes = 0;
};
std::vector<NodeClass> node_classes(int L, int T);  // r0 descending (root first)
std::vector<i64> full_leaves(int L, int T);         // letters 0..L-1 of T_T

// (r0, m) -> number of nodes with r0 children that lose their last m >= 1 leaves.
using TrimProfile = std::map<std::pair<int, int>, i64>;

// The instance of a trimmed tree. InputError if the profile does not fit the spec (class
// sizes, m range, total removed).
Instance trimmed_instance(const TreeSpec& spec, const TrimProfile& profile);

// Recover the profile of an instance that claims shape ties or pruned and check it against
// T_T and the shape's rules: one line naming the first problem, or nullopt. Shape optimal
// instances are compared with optimal_instance.
std::optional<std::string> shape_error(const Instance& inst);
TrimProfile profile_of(const Instance& inst);  // assumes !shape_error(inst)

}  // namespace blockcast
