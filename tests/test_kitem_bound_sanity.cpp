// A sanity check of the k-item lower bound (engine/kitem/bounds.hpp, the corrected Thm 3.1
// of Karp, Sahay, Santos and Schauser 1993) against the older, weaker bound of Bar-Noy and
// Kipnis (1992/1994): the last item is created at step k - 1 and then needs the single-item
// postal optimum f_L(P) = min{t : N_t >= P} more steps, where N_t processors can hold an item
// t steps after its creation (N_t = 1 for t < L, N_t = N_{t-1} + N_{t-L}). So no k-item
// schedule is faster than (k - 1) + f_L(P), and a bound below it would be wrong.
// The recurrence is computed here on its own (not with engine/postal.hpp), over every cell of
// the k-item table's range (L 1..8, P 2..10^4, k 1..256) and at the largest latencies.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "kitem/bounds.hpp"

namespace {

// f_L(P) for every P in 2..max_P: the single-item optimum, by the recurrence above.
std::vector<std::int64_t> single_item_optimum(int L, std::int64_t max_P) {
  std::vector<std::int64_t> reach{1};  // N_0 = 1
  while (reach.back() < max_P) {
    const std::size_t t = reach.size();
    const std::int64_t back = t >= static_cast<std::size_t>(L) ? reach[t - L] : 0;
    reach.push_back(reach[t - 1] + back);
  }
  std::vector<std::int64_t> opt(max_P + 1, 0);
  std::int64_t t = 0;
  for (std::int64_t P = 2; P <= max_P; ++P) {
    while (reach[t] < P) ++t;
    opt[P] = t;
  }
  return opt;
}

// Every P of the table in Release (about 18 s on the 2-core machine); the sanitizer builds
// check P <= 1000 (the same code, ten times fewer cells).
#ifdef BLOCKCAST_SANITIZED
constexpr std::int64_t kMaxP = 1'000;
#else
constexpr std::int64_t kMaxP = 10'000;
#endif

}  // namespace

TEST_CASE("k-item lower bound: at least Bar-Noy and Kipnis' (k - 1) + f_L(P) in every cell") {
  for (int L = 1; L <= 8; ++L) {
    const auto f = single_item_optimum(L, kMaxP);
    std::int64_t cells = 0, failures = 0;
    for (std::int64_t P = 2; P <= kMaxP; ++P)
      for (std::int64_t k = 1; k <= 256; ++k, ++cells) {
        const std::int64_t ours = blockcast::kitem_lower_bound(L, P, k), theirs = k - 1 + f[P];
        if (ours < theirs && failures++ < 5) FAIL_CHECK("L=" << L << " P=" << P << " k=" << k << ": " << ours << " < " << theirs);
        // k = 1: the single-item optimum itself (the counting bound is exact there).
        if (k == 1 && ours != theirs && failures++ < 5) FAIL_CHECK("L=" << L << " P=" << P << " k=1: " << ours << " != " << theirs);
      }
    CHECK(failures == 0);
    CHECK(cells == (kMaxP - 1) * 256);
  }
}

TEST_CASE("k-item lower bound: at least (k - 1) + f_L(P) at large L and P") {
  for (int L : {16, 64, 256})
    for (std::int64_t P : {2, 3, 100, 1000, 123'457}) {
      const auto f = single_item_optimum(L, P);
      for (std::int64_t k : {1, 2, 7, 100, 10'000}) CHECK(blockcast::kitem_lower_bound(L, P, k) >= k - 1 + f[P]);
      CHECK(blockcast::kitem_lower_bound(L, P, 1) == f[P]);
    }
}
