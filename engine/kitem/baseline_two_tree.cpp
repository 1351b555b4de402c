// Two-tree broadcast (issue 23 item 4): Sanders, Speck, Traff, "Two-tree algorithms for full
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
// Scheduling: the paper's edge colouring makes both trees run in the bidirectional telephone
// model with one send and one receive per step; here every message simply takes the earliest
// step with free ports (greedy ASAP, baseline_builder.hpp), item after item, a processor
// serving its larger subtree first. Receptions from the two parents may collide; the greedy
// placement delays one of them.
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
  BaselineBuilder b(L, P, k);
  for (std::int64_t i = 0; i < k; ++i) {
    const bool first = i % 2 == 0;
    b.send(0, first ? r1 : r2, i);
    send_down_tree(b, first ? t1 : t2, first ? r1 : r2, i);
  }
  return std::move(b).finish();
}

}  // namespace blockcast
