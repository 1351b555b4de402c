// Optimal single-item LogP broadcast trees (Karp et al. 1993, Sec. 2: Def. 2.3-2.4, Thm 2.2, Fig. 1):
// the counted completion time against the explicit greedy tree and a brute-force count of
// the universal tree, and P(t) = f_t in the postal model.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "logp_tree.hpp"
#include "postal.hpp"

using namespace blockcast;

namespace {
// Nodes of the universal tree with label <= T, by walking it (small T only).
i64 brute_count(const LogP& m, i64 T) {
  std::function<i64(i64)> below = [&](i64 d) -> i64 {
    i64 n = 1;
    for (i64 c = d + m.child_offset(); c <= T; c += m.g) n += below(c);
    return n;
  };
  return below(0);
}
}  // namespace

TEST_CASE("Fig. 1 of Karp et al. 1993: P=8, L=6, g=4, o=2 completes at time 24") {
  const LogP m{6, 2, 4};
  auto tree = optimal_tree(m, 8);
  std::vector<i64> labels;
  for (const auto& n : tree) labels.push_back(n.label);
  // Root 0; its children 10, 14, 18, 22; the node at 10 has children 20, 24; 14 has 24.
  CHECK(labels == std::vector<i64>{0, 10, 14, 18, 20, 22, 24, 24});
  CHECK(completion_time(tree) == 24);
  CHECK(broadcast_time(m, 8) == 24);
  // Deterministic ties: of the two 24s, the child of node 1 (label 10) comes first.
  CHECK(tree[6].parent == 1);
  CHECK(tree[7].parent == 2);
  CHECK(tree[4].parent == 1);  // 20 = 10 + L + 2o
}

TEST_CASE("explicit tree is a subtree of the universal tree with the P smallest labels") {
  for (i64 L : {1, 2, 5})
    for (i64 o : {0, 1, 3})
      for (i64 g : {1, 2, 7}) {
        const LogP m{L, o, g};
        auto tree = optimal_tree(m, 200);
        CAPTURE(L);
        CAPTURE(o);
        CAPTURE(g);
        for (size_t id = 1; id < tree.size(); ++id) {
          const auto& n = tree[id];
          REQUIRE(n.parent >= 0);
          REQUIRE(n.parent < static_cast<i64>(id));  // parents are taken first
          CHECK(n.label == tree[n.parent].label + n.child_index * g + L + 2 * o);
          CHECK(tree[id - 1].label <= n.label);      // taken in label order
        }
        const i64 T = completion_time(tree);
        CHECK(brute_count(m, T - 1) < 200);  // fewer than P nodes strictly before T
        CHECK(brute_count(m, T) >= 200);
        CHECK(broadcast_time(m, 200) == T);
      }
}

TEST_CASE("nodes_within counts the universal tree exactly (closed form vs brute force)") {
  for (i64 L : {1, 3, 4})
    for (i64 o : {0, 2})
      for (i64 g : {1, 3, 9}) {
        const LogP m{L, o, g};
        for (i64 T = 0; T <= 40; ++T) {
          CAPTURE(L);
          CAPTURE(o);
          CAPTURE(g);
          CAPTURE(T);
          const i64 n = nodes_within(m, T, i64{1} << 62);
          if (n > 100000) break;  // brute force would be too slow
          CHECK(n == brute_count(m, T));
        }
      }
}

// f_t has a plateau f_0 = .. = f_{L-1} = 1, so B(f_t) = t only for t = 0 and t >= L.
TEST_CASE("postal model: P(t) = f_t (Thm 2.2) and B(f_t) = t beyond the plateau t < L") {
  for (int L = 1; L <= 8; ++L) {
    const LogP m{L, 0, 1};
    const int tmax = std::min(max_depth(L), 90);
    auto f = fib_sequence(L, tmax);
    for (int t = 0; t <= tmax; ++t) {
      CAPTURE(L);
      CAPTURE(t);
      CHECK(nodes_within(m, t, i64{1} << 62) == std::min(f[t], i64{1} << 62));
      if (f[t] > (i64{1} << 62)) continue;
      CHECK(broadcast_time(m, f[t]) == (t < L ? 0 : t));
      if (f[t] < (i64{1} << 62))
        CHECK(broadcast_time(m, f[t] + 1) == (t + 1 < L ? L : t + 1));
      CHECK(broadcast_time(m, f[t]) == broadcast_depth(L, f[t]));
    }
  }
}

TEST_CASE("postal model: the explicit tree on f_t nodes completes at t with n_d nodes at label d") {
  for (int L = 1; L <= 6; ++L)
    for (int t = L; t <= 24; ++t) {  // t < L: f_t = 1, a lone root
      const i64 P = fib(L, t);
      if (P > 300000) continue;
      auto tree = optimal_tree({L, 0, 1}, P);
      CAPTURE(L);
      CAPTURE(t);
      CHECK(completion_time(tree) == t);
      std::vector<i64> at(t + 1, 0);
      for (const auto& n : tree) ++at[n.label];
      for (int d = 0; d <= t; ++d) CHECK(at[d] == nodes_at_label(L, d));
    }
}

TEST_CASE("counting handles P up to 2^62, the explicit tree refuses P beyond 10^7") {
  CHECK(broadcast_time({3, 0, 1}, i64{1} << 62) == broadcast_depth(3, i64{1} << 62));
  CHECK(broadcast_time({1, 0, 1}, i64{1} << 62) == 62);  // L=1: f_t = 2^t
  const i64 big = broadcast_time({64, 1000000, 1000000}, i64{1} << 62);
  CHECK(big > 0);
  CHECK(nodes_within({64, 1000000, 1000000}, big - 1, i64{1} << 62) < (i64{1} << 62));
  CHECK(broadcast_time({6, 2, 4}, 1) == 0);
  CHECK_THROWS_AS(optimal_tree({3, 0, 1}, kMaxExplicitTree + 1), InputError);
  CHECK_THROWS_AS(optimal_tree({3, 0, 1}, 0), InputError);
  CHECK_THROWS_AS(broadcast_time({0, 0, 1}, 5), InputError);
  CHECK_THROWS_AS(broadcast_time({3, 0, 0}, 5), InputError);
}
