// Counting and building the optimal LogP broadcast tree (Karp et al. 1993, Sec. 2).
// A non-root node is reached by a path of depth a >= 1 whose child indices sum to b >= 0,
// so its label is a*(L+2o) + b*g and exactly C(a-1+b, b) nodes share (a, b). Summing these
// binomials along one axis telescopes (hockey stick), which counts labels <= T without
// visiting nodes.
#include "logp_tree.hpp"

#include <algorithm>
#include <queue>
#include <string>

namespace blockcast {

namespace {

constexpr i64 kMaxParam = i64{1} << 40;  // keeps every label sum below 2^63

// C(n, k) saturated at cap (cap <= 2^62). With k <= n-k the partial products C(n-k+j, j)
// never decrease, so we may stop as soon as one exceeds cap.
i64 binomial_capped(__int128 n, __int128 k, i64 cap) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  __int128 c = 1;
  for (__int128 j = 1; j <= k; ++j) {
    c = c * (n - k + j) / j;
    if (c >= cap) return cap;
  }
  return static_cast<i64>(c);
}

}  // namespace

void require_logp(const LogP& m) {
  if (m.L < 1 || m.L > kMaxParam)
    throw InputError("LogP latency L must be in 1..2^40, got " + std::to_string(m.L));
  if (m.o < 0 || m.o > kMaxParam)
    throw InputError("LogP overhead o must be in 0..2^40, got " + std::to_string(m.o));
  if (m.g < 1 || m.g > kMaxParam)
    throw InputError("LogP gap g must be in 1..2^40, got " + std::to_string(m.g));
}

i64 nodes_within(const LogP& m, i64 T, i64 cap) {
  require_logp(m);
  cap = std::min(cap, i64{1} << 62);
  if (T < 0 || cap <= 0) return 0;
  const i64 c = m.child_offset(), g = m.g;
  i64 total = 1;  // the root
  // Sum along the axis with fewer terms: T/max(c, g) + 1 of them.
  if (c >= g) {
    // Fixed depth a: sum_{b=0..B} C(a-1+b, a-1) = C(a+B, a), B = floor((T - a*c) / g).
    for (i64 a = 1; a <= T / c && total < cap; ++a) {
      i64 B = (T - a * c) / g;
      total = std::min<i64>(cap, total + binomial_capped(__int128{a} + B, a, cap));
    }
  } else {
    // Fixed index sum b: sum_{a=1..A} C(a-1+b, b) = C(A+b, b+1), A = floor((T - b*g) / c).
    for (i64 b = 0; b <= T / g && total < cap; ++b) {
      i64 A = (T - b * g) / c;
      if (A < 1) break;  // A only shrinks as b grows
      total = std::min<i64>(cap, total + binomial_capped(__int128{A} + b, b + 1, cap));
    }
  }
  return std::min(total, cap);
}

i64 broadcast_time(const LogP& m, i64 P) {
  require_logp(m);
  if (P < 1 || P > (i64{1} << 62))
    throw InputError("processor count P must be in 1..2^62, got " + std::to_string(P));
  if (P == 1) return 0;
  // Every node holding the item by T has a new child by T + c + g, so the count at least
  // doubles per c + g steps and the doubling search below stops after ~63 rounds.
  i64 lo = 0, hi = m.child_offset();
  while (nodes_within(m, hi, P) < P) {
    lo = hi;
    hi = checked_add(checked_mul(hi, 2, "broadcast time"), m.g, "broadcast time");
  }
  while (lo < hi) {  // smallest T in (lo, hi] with N(T) >= P; N(lo) < P
    i64 mid = lo + (hi - lo) / 2;
    if (nodes_within(m, mid, P) >= P)
      hi = mid;
    else
      lo = mid + 1;
  }
  return hi;
}

std::vector<TreeNode> optimal_tree(const LogP& m, i64 P) {
  require_logp(m);
  if (P < 1 || P > kMaxExplicitTree)
    throw InputError("explicit tree needs 1 <= P <= " + std::to_string(kMaxExplicitTree) +
                     ", got P=" + std::to_string(P) + " (use the counted broadcast time instead)");
  // Candidates are each taken node's next untaken child; the heap yields the smallest label,
  // ties to the parent taken first (so ids, and hence parents, are in label order).
  struct Candidate {
    i64 label, parent, index;
    bool operator>(const Candidate& o) const {
      return label != o.label ? label > o.label : parent > o.parent;
    }
  };
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
  std::vector<TreeNode> tree;
  tree.reserve(static_cast<size_t>(P));
  tree.push_back({0, -1, 0});
  heap.push({m.child_offset(), 0, 0});
  while (static_cast<i64>(tree.size()) < P) {
    Candidate cand = heap.top();
    heap.pop();
    const i64 id = static_cast<i64>(tree.size());
    tree.push_back({cand.label, cand.parent, cand.index});
    heap.push({cand.label + m.g, cand.parent, cand.index + 1});  // parent's next child
    heap.push({cand.label + m.child_offset(), id, 0});          // the new node's first child
  }
  return tree;
}

i64 completion_time(const std::vector<TreeNode>& tree) {
  i64 t = 0;
  for (const auto& n : tree) t = std::max(t, n.label);
  return t;
}

}  // namespace blockcast
