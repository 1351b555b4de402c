// Constructive base-case methods (search/constructive*.cpp) against the complete search
// (solve_exact), and the conjecture run with --method auto against the known L = 3..10
// results (Karp et al. 1993, Thm 3.3; README). A constructive SOLVED must never meet a complete
// IMPOSSIBLE, and a counting IMPOSSIBLE must be confirmed by the complete search.
#include <doctest/doctest.h>

#include <iostream>
#include <random>

#include "block_search.hpp"
#include "conjecture.hpp"
#include "constructive.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {
struct Tally {
  int both_solved = 0, complete_only = 0, constructive_only = 0, refuted = 0;
};

// One (L, t, x) case, extendable (x given) or unconstrained (x = -1 and every x tried).
void compare(int L, int t, Letter x, bool extendable, Tally& tally, std::uint64_t seed) {
  const Instance inst = optimal_instance(L, t);
  ConstructiveOptions co;
  co.x = x, co.extendable = extendable, co.seed = seed;
  ConstructiveResult g = solve_paper_greedy(inst, co);
  ConstructiveResult c = solve_repair(inst, co);
  SearchOptions so;
  so.threads = 1;
  so.receive_only = x;
  so.extendable = extendable;
  so.limits.max_nodes = 2'000'000;
  SearchResult e = solve_exact(inst, so);
  CAPTURE(L);
  CAPTURE(t);
  CAPTURE(x);
  CAPTURE(extendable);
  CAPTURE(c.covered);
  if (e.verdict == Verdict::unknown) return;  // only where both answer
  for (const auto* r : {&g, &c}) {
    if (r->verdict == Verdict::solved) {
      CHECK(e.verdict == Verdict::solved);
      REQUIRE(r->witness);
      CHECK_FALSE(check_assignment(inst, *r->witness));
    }
    if (r->verdict == Verdict::impossible) CHECK(e.verdict == Verdict::impossible);
  }
  if (c.verdict == Verdict::impossible) ++tally.refuted;
  const bool cons = g.verdict == Verdict::solved || c.verdict == Verdict::solved;
  if (cons && e.verdict == Verdict::solved) ++tally.both_solved;
  if (!cons && e.verdict == Verdict::solved) ++tally.complete_only;
}
}  // namespace

TEST_CASE("constructive methods vs the complete search on every (L, t, x) with L <= 10") {
  Tally tally;
  for (int L = 3; L <= 10; ++L)
    for (int t = L; t <= 2 * L + 4; ++t)
      for (Letter x = 0; x < L; ++x) compare(L, t, x, true, tally, 1);
  std::cout << "constructive vs complete (extendable, L<=10, t<=2L+4): both SOLVED " << tally.both_solved
            << ", complete only " << tally.complete_only << ", counting refutations " << tally.refuted << "\n";
  CHECK(tally.both_solved > 0);
  CHECK(tally.refuted > 0);
}

TEST_CASE("seeded random differential test: constructive vs complete") {
  const std::uint64_t seed = testing::test_seed("constructive differential test", 20260001);
  std::mt19937 rng(seed);
  Tally tally;
  for (int rep = 0; rep < 60; ++rep) {
    const int L = 3 + static_cast<int>(rng() % 8), t = L + static_cast<int>(rng() % (2 * L));
    const Letter x = static_cast<Letter>(rng() % L);
    CAPTURE(seed);
    compare(L, t, x, rng() % 2 == 0, tally, rng());
  }
}

TEST_CASE("I(2L) is impossible exactly for even L (parity of the lone root block)") {
  // I(2L): root (L+1, 2L), one r = 1 block, letters 0 (twice), 1..L-1 once. The root takes
  // all letters but x: 2L + L(L-1)/2 - x = 0 (mod L+1) has a solution x <= L-1 iff L is odd.
  for (int L = 3; L <= 40; ++L) {
    const Instance inst = optimal_instance(L, 2 * L);
    bool any = false;
    for (Letter x = 0; x < L; ++x) {
      ConstructiveOptions co;
      co.x = x, co.extendable = false;
      any = any || solve_repair(inst, co).verdict == Verdict::solved;
    }
    CAPTURE(L);
    CHECK(any == (L % 2 == 1));
    if (L <= 12) {
      SearchOptions so;
      so.threads = 1;
      CHECK(solve_exact(inst, so).verdict == (L % 2 == 1 ? Verdict::solved : Verdict::impossible));
    }
  }
}

TEST_CASE("conjecture --method auto keeps the L = 3..10 results") {
  struct Known {
    int L, t0;
    Letter x;
    std::vector<int> impossible;
  };
  const std::vector<Known> known = {{3, 11, 1, {}},   {4, 12, 1, {8}},  {5, 12, 1, {}},   {6, 13, 2, {12}},
                                    {7, 16, 2, {}},   {8, 18, 2, {16}}, {9, 20, 3, {}},   {10, 22, 3, {20}}};
  for (const auto& k : known) {
    ConjectureOptions co;
    co.method = Method::auto_;
    co.search.threads = 1;
    ConjectureResult r = run_conjecture(k.L, co);
    CAPTURE(k.L);
    REQUIRE(r.verdict == Verdict::solved);
    CHECK(r.minimal);
    CHECK(r.certificate.t0 == k.t0);
    CHECK(r.certificate.x == k.x);
    std::vector<int> impossible;
    for (const auto& s : r.smaller) {
      CHECK(s.verdict != Verdict::unknown);
      if (s.verdict == Verdict::impossible) impossible.push_back(s.t);
    }
    CHECK(impossible == k.impossible);
    CHECK(r.methods.size() == static_cast<std::size_t>(k.L));
    CHECK_NOTHROW(verify_certificate(r.certificate));
  }
}
