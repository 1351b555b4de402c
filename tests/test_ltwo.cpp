// L = 2 decided in closed form (search/everyp/ltwo.hpp): the counting refutation agrees
// with a brute force over every trimming profile, the construction covers the band next to
// the threshold for every depth up to P > 10^6, and the every-P table for L = 2 has no
// undecided cell, with the lower bound reached exactly where 2R + 1 >= f_{t-2}.
#include <doctest/doctest.h>

#include <random>

#include "everyp/every_p.hpp"
#include "everyp/ltwo.hpp"
#include "postal.hpp"
#include "test_seed.hpp"
#include "trim_brute.hpp"

using namespace blockcast;

namespace {

// Depth-T spec removing D leaves (P - 1 = f_T - D), at most 2 leaves per node.
TreeSpec depth_spec(int T, i64 D) { return pruned_spec(2, fib(2, T) - D + 1, T); }

// Smallest R the counting allows at depth T: 2R + 1 >= I = f_{T-2}.
i64 threshold(int T) { return fib(2, T - 2) / 2; }

}  // namespace

TEST_CASE("L=2: counting refutation and construction agree with a brute force on every trimmed tree, T <= 9") {
  int refuted = 0, built = 0, solved_only_by_brute = 0;
  for (int T = 2; T <= 9; ++T)
    for (i64 D = 0; fib(2, T) - D >= fib(2, T - 2); ++D) {
      const TreeSpec s = depth_spec(T, D);
      CAPTURE(T);
      CAPTURE(D);
      const Verdict brute = testing::brute_force(2, s.P, T);
      const auto why = ltwo_counting_refutation(s);
      const auto a = ltwo_construction(s);
      if (why) {
        ++refuted;
        CHECK(brute == Verdict::impossible);
      }
      if (a) {
        ++built;
        CHECK(brute == Verdict::solved);
      }
      if (!why) CHECK(D * 2 + 1 >= fib(2, T - 2));
      // At the optimal depth (f_{T-1} < P - 1) the two decide everything the brute force does.
      if (fib(2, T) - D > fib(2, T - 1)) CHECK((why || a));
      if (!why && !a && brute == Verdict::solved) ++solved_only_by_brute;
    }
  MESSAGE("refuted " << refuted << ", constructed " << built << ", solved only by the brute force (deeper "
                     << "trees, far from the threshold) " << solved_only_by_brute);
  CHECK(refuted > 0);
  CHECK(built > 0);
}

TEST_CASE("L=2: at every depth T <= 31 the threshold R = floor(f_{T-2}/2) is constructed and R - 1 refuted") {
  const std::uint64_t seed = testing::test_seed("L=2 construction samples", 20260007);
  CAPTURE(seed);
  std::mt19937_64 rng(seed);
  for (int T = 4; T <= 31; ++T) {
    CAPTURE(T);
    const i64 I = fib(2, T - 2), R0 = threshold(T);
    CHECK(ltwo_counting_refutation(depth_spec(T, R0 - 1)));
    CHECK_FALSE(ltwo_counting_refutation(depth_spec(T, R0)));
    // The band the searches could not decide (docs/shapes.md): R0 up to R0 + I/16, every R
    // for small T, the ends and seeded samples beyond.
    std::vector<i64> Rs;
    const i64 hi = R0 + I / 16;
    if (hi - R0 <= 400) {
      for (i64 R = R0; R <= hi; ++R) Rs.push_back(R);
    } else {
      for (i64 k = 0; k < 50; ++k) Rs.push_back(R0 + k), Rs.push_back(hi - k);
      std::uniform_int_distribution<i64> pick(R0, hi);
      for (int k = 0; k < 100; ++k) Rs.push_back(pick(rng));
    }
    for (i64 R : Rs) {
      CAPTURE(R);
      const auto a = ltwo_construction(depth_spec(T, R));
      REQUIRE(a);
      CHECK(a->P == fib(2, T) - R + 1);
      CHECK_FALSE(check_assignment(listed_instance(*a), *a));
    }
  }
}

TEST_CASE("L=2: every cell of P 2..10000 is decided, at the lower bound exactly where 2R + 1 >= f_{t-2}") {
  EveryPOptions o;
  o.threads = 2;
  o.keep_witnesses = false;
  const auto cells = every_p_table({2, 2}, {2, 10000}, o);
  int at_bound = 0;
  for (const Cell& c : cells) {
    CAPTURE(c.P);
    REQUIRE(c.found());
    CHECK(c.proved);
    const i64 R = fib(2, c.t) - (c.P - 1);
    const bool reach = c.t < 2 || 2 * R + 1 >= fib(2, c.t - 2);
    CHECK(c.optimal() == reach);
    CHECK(c.delay() <= c.lower_bound + 1);
    at_bound += c.optimal();
  }
  CHECK(at_bound == 5480);
}
