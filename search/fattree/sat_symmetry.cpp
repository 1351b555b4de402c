// Symmetry breaking for the time-expanded CNF of sat_model.hpp (Dimakopoulos and Dimopoulos 1995 model, SPEC Sec. 9):
// lex-leader constraints over automorphisms of the fat tree. The argument (docs/fattree.md,
// "Encoding speed") in short:
//  * An automorphism of the tree (swap the two children of any routing node, recursively)
//    maps links to links of the same level, hence of the same capacity, and paths to paths. It
//    maps a schedule (every item's crossing steps) to a schedule of the same length, with the
//    same queues, of the operation whose deliveries are relabelled. Total exchange and
//    multinode broadcast are closed under every automorphism; scatter, gather and broadcast
//    from leaf 0 under those that fix leaf 0.
//  * Key of a leaf x != 0: the injection step of "its" item (total exchange and scatter 0 -> x,
//    gather x -> 0, multinode broadcast x's message). Swap constraint at a node v whose subtree
//    avoids leaf 0, children A and B: min key over A <= min key over B. Every schedule can be
//    brought to satisfy all of them: visit those nodes from the top down and swap the children
//    of v where the constraint fails. A swap at v fixes leaf 0, keeps the leaf set of every node
//    outside v's subtree (so the minima above v and beside v), and only permutes nodes below v,
//    which are visited later.
//  * Leaf 0 first (total exchange and multinode broadcast only): the tree's automorphisms act
//    transitively on the leaves, so some automorphism moves the leaf with the smallest value of
//    an invariant f to leaf 0, and the swaps above fix leaf 0 and keep every f value. f(s) is
//    the injection step of s -> s^1 (its sibling) for total exchange and of s's message for
//    multinode broadcast.
// The constraints are on order literals y[item][first link][t] ("injected by step t"):
// key(x) <= t for some x in B implies key(x') <= t for some x' in A.
#include <vector>

#include "fattree/sat_model.hpp"

namespace blockcast::fattree {

void TimeExpandedModel::encode_symmetry() {
  const FatTree& T = spec_.tree;
  const int S = spec_.steps;
  const Op op = spec_.op;
  // key[x]: index of leaf x's key item, or -1.
  std::vector<int> key(static_cast<std::size_t>(T.n), -1), sibling(static_cast<std::size_t>(T.n), -1);
  for (std::size_t i = 0; i < items_.size(); ++i) {
    const Item& it = items_[i];
    const bool unicast = it.dests.size() == 1;
    if (op == Op::multinode_broadcast) {
      key[static_cast<std::size_t>(it.src)] = static_cast<int>(i);
      sibling[static_cast<std::size_t>(it.src)] = static_cast<int>(i);
    } else if (unicast && it.src == 0) {
      key[static_cast<std::size_t>(it.dests[0])] = static_cast<int>(i);
    } else if (unicast && it.dests[0] == 0 && op == Op::gather) {
      key[static_cast<std::size_t>(it.src)] = static_cast<int>(i);
    }
    if (op == Op::total_exchange && unicast && it.dests[0] == (it.src ^ 1))
      sibling[static_cast<std::size_t>(it.src)] = static_cast<int>(i);
  }
  auto injected_by = [&](int item, int t) { return y(items_[static_cast<std::size_t>(item)], 0, t); };

  // Swap constraints at every routing node (l, j), j >= 1, whose subtree avoids leaf 0.
  for (int l = 1; l <= T.h; ++l)
    for (std::int64_t j = 1; j < (T.n >> l); ++j) {
      const std::int64_t half = std::int64_t{1} << (l - 1), a0 = j << l, b0 = a0 + half;
      bool complete = true;
      for (std::int64_t x = a0; x < b0 + half; ++x) complete = complete && key[static_cast<std::size_t>(x)] >= 0;
      if (!complete) continue;
      for (int t = 1; t <= S; ++t)
        for (std::int64_t x = b0; x < b0 + half; ++x) {
          std::vector<sat::Lit> c{-injected_by(key[static_cast<std::size_t>(x)], t)};
          for (std::int64_t a = a0; a < b0; ++a) c.push_back(injected_by(key[static_cast<std::size_t>(a)], t));
          clause(c);
        }
    }
  // Leaf 0 has the smallest f.
  if (sibling[0] < 0) return;
  for (std::int64_t s = 1; s < T.n; ++s) {
    const int other = sibling[static_cast<std::size_t>(s)];
    if (other < 0) return;
    for (int t = 1; t <= S; ++t) clause({-injected_by(other, t), injected_by(sibling[0], t)});
  }
}

}  // namespace blockcast::fattree
