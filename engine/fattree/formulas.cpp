// Closed forms of Dimakopoulos and Dimopoulos 1995 and the lower bounds the table is checked against.
#include "fattree/formulas.hpp"

#include <algorithm>
#include <cmath>

#include "fattree/algorithms.hpp"

namespace blockcast::fattree {

namespace {
std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }
std::int64_t pow4(int e) { return std::int64_t{1} << (2 * e); }

// Thm 1 proof: the last packet for the subtree S_i of leaves at distance 2i leaves the
// source at step ceil((n - 2^{i-1}) / c_1) and arrives 2i - 1 steps later.
std::int64_t scatter_time(const FatTree& T) {
  std::int64_t t = 0;
  for (int i = 1; i <= T.h; ++i)
    t = std::max(t, ceil_div(T.n - (std::int64_t{1} << (i - 1)), T.cap(1)) + 2 * i - 1);
  return t;
}
}  // namespace

std::int64_t ebft_lemma3_bound(std::int64_t n) {
  double h = std::log2(static_cast<double>(n));
  double v = static_cast<double>(n) + 2 * h - 2 * std::log2(h) - 2;
  return static_cast<std::int64_t>(std::ceil(v - 1e-9));
}

std::int64_t branch_bound(Op op, const FatTree& T) {
  std::int64_t best = 0;
  for (int j = 0; j < T.h; ++j) {
    std::int64_t size = std::int64_t{1} << j, K = 0;
    switch (op) {
      case Op::broadcast: K = 1; break;
      case Op::scatter:
      case Op::gather: K = T.n - size; break;  // the subtree holding the root/source
      case Op::multinode_broadcast: K = std::max(size, T.n - size); break;  // leave once / enter once
      case Op::total_exchange:
      case Op::total_exchange_phased: K = checked_mul(size, T.n - size); break;
    }
    best = std::max(best, 2 * j + 1 + ceil_div(K, T.cap(j + 1)));
  }
  // Every operation also needs the diameter for its farthest pair (2 log n) when it spans the tree.
  return std::max(best, std::int64_t{2} * T.h);
}

PaperValues paper_values(Op op, const FatTree& T) {
  PaperValues v;
  const std::int64_t n = T.n, h = T.h;
  const bool c1 = T.cap(1) == 1;
  // Table 1: n+1 for scatter/gather/multinode broadcast/total exchange when a leaf's branch
  // carries one packet per step (the "two holes in the first four steps" argument needs
  // n >= 4); with c_1 > 1 only the trivial ceil((n-1)/c_1) + 1 remains.
  std::int64_t nplus1 = c1 ? (n >= 4 ? n + 1 : n) : std::max(2 * h, ceil_div(n - 1, T.cap(1)) + 1);
  v.branch_bound = branch_bound(op, T);
  switch (op) {
    case Op::broadcast:
      v.formula = v.expected = 2 * h;
      v.lower_bound = 2 * h;
      v.source = "Sec. 2.1: 2 log n";
      break;
    case Op::scatter:
    case Op::gather:
      v.expected = scatter_time(T);
      v.formula = c1 ? v.expected : std::optional<std::int64_t>{};
      v.lower_bound = nplus1;
      v.source = c1 ? "Thm 1: max_i (n - 2^{i-1} + 2i - 1) = n+1" : "Thm 1 assumes c1 = 1";
      break;
    case Op::multinode_broadcast:
      if (c1) v.formula = v.expected = nplus1;
      v.lower_bound = nplus1;
      v.source = c1 ? "Thm 2: n+1 (proved for CBFT)" : "Thm 2 assumes c1 = 1";
      break;
    case Op::total_exchange:
    case Op::total_exchange_phased: {
      std::int64_t paper = 0, ours = 0;
      for (int i = 1; i <= h; ++i) {
        paper += ceil_div(pow4(i - 1), T.cap(i));
        ours += ceil_div(pow4(i - 1), crossing_rate(T, i));
      }
      std::int64_t extra = op == Op::total_exchange ? 2 * h - 1 : h * h;
      v.formula = paper + extra;
      v.expected = ours + extra;
      v.source = op == Op::total_exchange ? "eq. (2): sum ceil(4^{i-1}/c_i) + 2 log n - 1"
                                          : "eq. (1): sum ceil(4^{i-1}/c_i) + (log n)^2";
      v.lower_bound = std::max(nplus1, ceil_div(n * n, 4 * T.cap(static_cast<int>(h))));
      if (T.pattern == "ebft") v.lower_bound = std::max(v.lower_bound, ebft_lemma3_bound(n));
      break;
    }
  }
  return v;
}

}  // namespace blockcast::fattree
