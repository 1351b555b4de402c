// Two-tree broadcast: Sanders, Speck, Traff, "Two-tree algorithms for full
// bandwidth broadcast, reduction and scan", Parallel Computing 35(12), 2009. Two binary trees
// T1, T2 span the processors 1..n (n = P - 1); every interior node of one is a leaf of the
// other, so each processor forwards for one tree only. The source sends the even items to
// T1's root and the odd items to T2's root, alternating; each tree pipelines its items.
// Our variant of the construction:
//  - T1 is the in-order tree on positions 1..n: x of height h = (trailing zeros of x) has
//    children x - 2^(h-1) and x + 2^(h-1), a child beyond n replaced by its in-range left
//    descendant (root: the largest power of two <= n). Its leaves are exactly the odd
//    positions, its interior nodes the even ones. Processor = position.
//  - T2, n even: T1 mirrored (processor n + 1 - position), so its leaves are the even
//    processors (the paper's "mirror" case). n odd: T1's shape on n - 1 positions mirrored
//    (processor n - position) and processor n as the second child of processor 1, which in
//    that shape has one child (the paper shifts instead; ours keeps both trees binary with
//    processor n a leaf of both).
// Scheduling, as the paper's bidirectional variant: the edges of both trees and the source's
// two edges form a bipartite graph (sender side, receiver side) in which every processor has
// at most two out-edges (its children in the one tree where it is interior; the source: the
// two roots) and at most two in-edges (one parent per tree), so it has a proper 2-edge-
// colouring (its components are paths and even cycles; colour them alternately). An edge of
// colour c sends only at steps of parity c: a processor's two sends never collide, and its
// two receptions arrive at steps of different parity. Each message takes the earliest step
// of its edge's parity at which the sender holds the item (greedy, baseline_builder.hpp),
// item after item, a processor serving its larger subtree first. This is a postal-model
// adaptation of the paper's colouring (made for L = 1, the telephone model); for L >= 2 a
// message may wait one step for its parity.
#include <algorithm>

#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"

namespace blockcast {

namespace {

std::int64_t trailing_zeros(std::int64_t x) {
  std::int64_t h = 0;
  while ((x & 1) == 0) x >>= 1, ++h;
  return h;
}

// The in-order tree on positions 1..n as (root, children by position); root 0 if n = 0.
std::pair<std::int64_t, Children> inorder_tree(std::int64_t n) {
  Children ch(static_cast<size_t>(n + 1));
  std::int64_t root = 0;
  if (n == 0) return {root, ch};
  root = 1;
  while (2 * root <= n) root *= 2;
  for (std::int64_t x = 2; x <= n; x += 2) {
    const std::int64_t half = (std::int64_t{1} << trailing_zeros(x)) / 2;
    ch[static_cast<size_t>(x)].push_back(x - half);
    std::int64_t c = x + half;
    while (c > n && c % 2 == 0) c -= (std::int64_t{1} << trailing_zeros(c)) / 2;
    if (c <= n) ch[static_cast<size_t>(x)].push_back(c);
  }
  return {root, ch};
}

// A tree on positions relabelled to processors: processor = label(position).
template <class Label>
std::int64_t relabel(const std::pair<std::int64_t, Children>& t, Label label, Children& out) {
  for (size_t x = 1; x < t.second.size(); ++x)
    for (std::int64_t c : t.second[x]) out[static_cast<size_t>(label(static_cast<std::int64_t>(x)))].push_back(label(c));
  return label(t.first);
}

// Larger subtree first, so the deeper part of the tree starts earlier.
void larger_first(Children& ch, std::int64_t root) {
  const std::vector<std::int64_t> size = subtree_sizes(ch, root);
  for (auto& c : ch)
    std::stable_sort(c.begin(), c.end(), [&](std::int64_t a, std::int64_t b) { return size[static_cast<size_t>(a)] > size[static_cast<size_t>(b)]; });
}

// Proper 2-edge-colouring of the bipartite graph of edges (from, to): out-degree and
// in-degree at most 2 per processor. Paths are walked from an end, then the (even) cycles.
std::vector<int> two_colour(const std::vector<std::pair<std::int64_t, std::int64_t>>& edges, std::int64_t P) {
  std::vector<std::vector<size_t>> out(static_cast<size_t>(P)), in(static_cast<size_t>(P));
  for (size_t e = 0; e < edges.size(); ++e) {
    out[static_cast<size_t>(edges[e].first)].push_back(e);
    in[static_cast<size_t>(edges[e].second)].push_back(e);
  }
  std::vector<int> colour(edges.size(), -1);
  // Walk from edge e (colour c) through its `to` end (at_in) or `from` end, alternating.
  auto walk = [&](size_t e, int c, bool at_in) {
    while (colour[e] < 0) {
      colour[e] = c;
      const auto& next = at_in ? in[static_cast<size_t>(edges[e].second)] : out[static_cast<size_t>(edges[e].first)];
      size_t f = e;
      for (size_t g : next)
        if (g != e) f = g;
      if (f == e) return;
      e = f;
      c = 1 - c;
      at_in = !at_in;
    }
  };
  for (std::int64_t v = 0; v < P; ++v) {  // path ends: a vertex side with one edge
    if (out[static_cast<size_t>(v)].size() == 1) walk(out[static_cast<size_t>(v)][0], 0, true);
    if (in[static_cast<size_t>(v)].size() == 1) walk(in[static_cast<size_t>(v)][0], 0, false);
  }
  for (size_t e = 0; e < edges.size(); ++e)
    if (colour[e] < 0) walk(e, 0, true);
  return colour;
}

}  // namespace

Schedule two_tree(int L, std::int64_t P, std::int64_t k) {
  const std::int64_t n = P - 1;
  Children t1(static_cast<size_t>(P)), t2(static_cast<size_t>(P));
  const std::int64_t r1 = relabel(inorder_tree(n), [](std::int64_t x) { return x; }, t1);
  std::int64_t r2 = 1;
  if (n % 2 == 0) {
    r2 = relabel(inorder_tree(n), [n](std::int64_t x) { return n + 1 - x; }, t2);
  } else if (n > 1) {
    r2 = relabel(inorder_tree(n - 1), [n](std::int64_t x) { return n - x; }, t2);
    t2[1].push_back(n);
  }
  larger_first(t1, r1);
  larger_first(t2, r2);
  // Edges: the source's two, then both trees'; parent_edge[tree][v] = index of v's in-edge.
  std::vector<std::pair<std::int64_t, std::int64_t>> edges{{0, r1}};
  if (r2 != r1) edges.push_back({0, r2});
  std::vector<std::int64_t> parent_edge[2] = {std::vector<std::int64_t>(static_cast<size_t>(P), 0),
                                              std::vector<std::int64_t>(static_cast<size_t>(P), r2 != r1 ? 1 : 0)};
  const Children* trees[2] = {&t1, &t2};
  for (int t = 0; t < 2; ++t)
    for (std::int64_t u = 0; u < P; ++u)
      for (std::int64_t v : (*trees[t])[static_cast<size_t>(u)]) {
        parent_edge[t][static_cast<size_t>(v)] = static_cast<std::int64_t>(edges.size());
        edges.push_back({u, v});
      }
  std::vector<int> colour = two_colour(edges, P);
  if (P == 2) colour.assign(colour.size(), -1);  // one edge carries both trees: no parity to keep
  BaselineBuilder b(L, P, k);
  for (std::int64_t i = 0; i < k; ++i) {
    const int t = static_cast<int>(i % 2);
    const std::int64_t root = t == 0 ? r1 : r2;
    b.send(0, root, i, 0, colour[static_cast<size_t>(parent_edge[t][static_cast<size_t>(root)])]);
    std::vector<std::int64_t> queue{root};
    for (size_t at = 0; at < queue.size(); ++at)
      for (std::int64_t c : (*trees[t])[static_cast<size_t>(queue[at])]) {
        b.send(queue[at], c, i, 0, colour[static_cast<size_t>(parent_edge[t][static_cast<size_t>(c)])]);
        queue.push_back(c);
      }
  }
  return std::move(b).finish();
}

}  // namespace blockcast
