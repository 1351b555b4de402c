// The constructive endgame (search/kitem/colored_endgame.hpp), the k = 1 tree
// (engine/kitem/single_item.hpp) and the table in ranges (search/kitem/range_table.hpp): tree sets
// against the expansion, every schedule it builds replayed by the simulator, the colouring
// search against brute force, Karp et al. 1993, Fig. 2 without SAT, bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "assignment_json.hpp"
#include "everyp/best_schedule.hpp"
#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/colored_endgame.hpp"
#include "kitem/exact.hpp"
#include "kitem/range_table.hpp"
#include "kitem/schedules.hpp"
#include "kitem/single_item.hpp"
#include "simulator.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

Assignment fig2_assignment() { return read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"); }

// The sorted list of every processor's tree set, read off the expanded (and rotated) schedule.
std::vector<std::vector<int>> sets_from_expansion(const Assignment& a, int window, const Rotation& rot) {
  const int trees = window - a.L + 1;
  Schedule s = expand_assignment(a, trees);
  rotate_roles(s, rot);
  std::vector<std::vector<int>> seen(static_cast<size_t>(a.P));
  for (const Message& m : s.messages)
    if (m.recv_step <= window) seen[static_cast<size_t>(m.receiver)].push_back(m.item);
  std::vector<std::vector<int>> out(seen.begin() + 1, seen.end());
  for (auto& v : out) std::sort(v.begin(), v.end());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::vector<int>> sets_from_classes(const TreeClasses& c) {
  std::vector<std::vector<int>> out;
  for (size_t i = 0; i < c.sets.size(); ++i)
    for (i64 n = 0; n < c.counts[i]; ++n) out.push_back(c.sets[i]);
  std::sort(out.begin(), out.end());
  return out;
}

// Every colouring of `trees` trees with K colours, the same rule as color_trees.
bool brute_colorable(const TreeClasses& c, int K) {
  std::vector<int> col(static_cast<size_t>(c.trees), 0);
  for (;;) {
    bool ok = true;
    for (const auto& s : c.sets) {
      std::uint64_t seen = 0;
      for (int v : s) seen |= 1ull << col[static_cast<size_t>(v)];
      ok = ok && std::popcount(seen) == K;
    }
    if (ok) return true;
    size_t i = 0;
    while (i < col.size() && ++col[i] == K) col[i++] = 0;
    if (i == col.size()) return false;
  }
}

}  // namespace

TEST_CASE("tree sets from the letter pattern equal the expansion's, with and without the rotation") {
  for (int L = 2; L <= 6; ++L)
    for (i64 P : {9, 30, 77, 150}) {
      const BestSchedule b = best_continuous(L, P, time_limit_each(5));
      if (!b.witness) continue;  // L = 2: a pruned schedule may need longer; the others cover the rule
      const Assignment& a = *b.witness;
      const int ks = static_cast<int>(k_star(L, P));
      for (int K = 1; K <= ks + 1; ++K) {
        const int W = static_cast<int>(kitem_lower_bound(L, P, K));
        CAPTURE(L);
        CAPTURE(P);
        CAPTURE(K);
        CHECK(sets_from_classes(tree_classes(a, W)) == sets_from_expansion(a, W, Rotation{}));
        if (auto rot = receive_only_rotation(a, K); rot && rot->g() >= 2)
          CHECK(sets_from_classes(tree_classes(a, W, *rot)) == sets_from_expansion(a, W, *rot));
      }
    }
}

// The paper's own assignment (H5: acab) has an odd cycle of two-tree sets, so its endgame needs
// SAT (test_kbroadcast_schedules.cpp); the schedule the search finds for P = 10 colours.
TEST_CASE("Fig. 2 of Karp et al. 1993 (L = 3, P = 10, k = 8) reaches the lower bound 15 without SAT") {
  const BestSchedule b = best_continuous(3, 10, time_limit_each(5));
  REQUIRE(b.witness);
  const Assignment& a = *b.witness;
  Limits l;
  l.max_nodes = kColoringNodes;
  const EndgamePlan plan = endgame_plan(a, 4, 2, l);
  const std::pair<i64, int> planned = plan.time(8);
  const i64 time = planned.first;
  const int K = planned.second;
  CHECK(time == 15);
  CHECK(K == 2);  // k* = 2 items in the endgame, as Thm 3.2 says
  const auto& e = plan.entries[static_cast<size_t>(K - 1)];
  CHECK(e.rotation.g() == 2);  // the receive-only processor and the D_1 processor take turns
  const Schedule s = colored_schedule(a, 8, K, *e.window, e.color, e.rotation);
  CHECK(simulate(s).ok);
  CHECK(schedule_time(s) == 15);
  const KItemSchedules ks = kitem_schedules(a, 8, time_limit_each(60));
  CHECK(ks.best().name == "colored-endgame");
  CHECK(ks.best().time == 15);
}

TEST_CASE("every coloured schedule is a schedule: simulated, its time as planned, never below the bound") {
  std::mt19937_64 rng(testing::test_seed("coloured endgame sample", 23));
  int at_bound = 0, built = 0;
  for (int L = 2; L <= 6; ++L)
    for (int draw = 0; draw < 12; ++draw) {
      const i64 P = std::uniform_int_distribution<i64>(3, 260)(rng);
      const BestSchedule b = best_continuous(L, P, time_limit_each(5));
      if (!b.witness) continue;
      Limits l;
      l.max_nodes = kColoringNodes;
      const int ks = static_cast<int>(k_star(L, P));
      const EndgamePlan plan = endgame_plan(*b.witness, ks + 3, 2, l);
      for (i64 k : {1, 2, ks, ks + 1, ks + 7, 40}) {
        if (k < 1) continue;
        // No structured binding: clang 14 cannot CAPTURE one.
        const std::pair<i64, int> planned = plan.time(k);
        const i64 time = planned.first;
        const int K = planned.second;
        CAPTURE(L);
        CAPTURE(P);
        CAPTURE(k);
        CAPTURE(K);
        CHECK(time >= kitem_lower_bound(L, P, k));
        if (K == 0) {
          CHECK(time == b.witness->delay() + k - 1);
          continue;
        }
        const auto& e = plan.entries[static_cast<size_t>(K - 1)];
        const Schedule s = colored_schedule(*b.witness, k, K, *e.window, e.color, e.rotation);
        const SimulationResult r = simulate(s);
        CHECK(r.ok);
        CHECK(schedule_time(s) == time);
        ++built;
        at_bound += time == kitem_lower_bound(L, P, k);
      }
    }
  MESSAGE(built << " schedules built, " << at_bound << " at the lower bound");
  CHECK(built >= 50);
  CHECK(at_bound >= 10);
}

TEST_CASE("the colouring search agrees with brute force on small random set systems") {
  std::mt19937_64 rng(testing::test_seed("colouring brute force", 7));
  int solvable = 0;
  for (int round = 0; round < 400; ++round) {
    TreeClasses c;
    c.trees = std::uniform_int_distribution<int>(2, 7)(rng);
    const int K = std::uniform_int_distribution<int>(1, 3)(rng);
    const int nsets = std::uniform_int_distribution<int>(1, 6)(rng);
    for (int i = 0; i < nsets; ++i) {
      std::vector<int> s;
      for (int v = 0; v < c.trees; ++v)
        if (rng() % 2) s.push_back(v);
      c.sets.push_back(s), c.counts.push_back(1);
    }
    const TreeColoring col = color_trees(c, K, Limits{});
    const bool brute = brute_colorable(c, K);
    CAPTURE(round);
    REQUIRE(col.verdict != Verdict::unknown);
    CHECK((col.verdict == Verdict::solved) == brute);
    if (col.verdict == Verdict::solved) {
      ++solvable;
      REQUIRE(col.color.size() == static_cast<size_t>(c.trees));
      CHECK(col.color[0] == 0);  // renumbered by first use
      for (const auto& s : c.sets) {
        std::uint64_t seen = 0;
        for (int v : s) seen |= 1ull << col.color[static_cast<size_t>(v)];
        CHECK(std::popcount(seen) == K);
      }
    }
  }
  CHECK(solvable > 20);
}

TEST_CASE("coloured endgame: bad input is an InputError") {
  const Assignment a = fig2_assignment();
  CHECK_THROWS_AS(tree_classes(a, a.L - 1), InputError);
  CHECK_THROWS_AS(color_trees(tree_classes(a, 9), 0, Limits{}), InputError);
  CHECK_THROWS_AS(color_trees(tree_classes(a, 9), 65, Limits{}), InputError);
  const std::vector<int> color(7, 0);
  CHECK_THROWS_AS(colored_schedule(a, 1, 2, 9, color), InputError);        // K > k
  CHECK_THROWS_AS(colored_schedule(a, 8, 2, 8, std::vector<int>(6, 0)), InputError);  // window < D - 1 with kept items
  CHECK_THROWS_AS(colored_schedule(a, 8, 2, 9, std::vector<int>(5, 0)), InputError);  // wrong tree count
}

TEST_CASE("k = 1: the optimal single-item tree is a schedule at the lower bound for every L <= 6, P <= 300") {
  for (int L = 1; L <= 6; ++L)
    for (i64 P = 2; P <= 300; ++P) {
      const Schedule s = single_item_schedule(L, P);
      CAPTURE(L);
      CAPTURE(P);
      REQUIRE(simulate(s).ok);
      CHECK(schedule_time(s) == single_item_time(L, P));
      CHECK(single_item_time(L, P) == kitem_lower_bound(L, P, 1));
    }
  CHECK_THROWS_AS(single_item_schedule(3, 1), InputError);
}

TEST_CASE("the table in ranges covers every (L, P, k) once, its claims replayed") {
  const RangeTable t = kitem_range_table({1, 4}, {2, 60}, {1, 20}, Limits{}, 2);
  CHECK(t.failure.empty());
  CHECK(t.not_reached == 0);
  REQUIRE(t.per_L.size() == 4);
  for (const RangeTableStats& st : t.per_L) {
    CHECK(st.cells == 59 * 20);
    CHECK(st.at_bound + st.upper_only + st.no_schedule == st.cells);
    if (st.L == 1) CHECK(st.at_bound == st.cells);  // the circulant schedule
    if (st.L >= 2) CHECK(st.simulated > 0);
  }
  // Every (L, P) once, in order; its k ranges tile 1..20; k = 1 is at the bound (single-item tree).
  int L = 1;
  i64 next_P = 2;
  for (const PRange& p : t.rows) {
    if (p.L != L) {
      CHECK(next_P == 61);
      L = p.L, next_P = 2;
    }
    CHECK(p.P0 == next_P);
    next_P = p.P1 + 1;
    i64 next_k = 1;
    for (const KRange& k : p.ks) {
      CHECK(k.k0 == next_k);
      CHECK(k.gap >= 0);
      CHECK((k.status == RangeStatus::at_bound) == (k.gap == 0));
      next_k = k.k1 + 1;
    }
    CHECK(next_k == 21);
    CHECK(p.ks.front().status == RangeStatus::at_bound);
  }
  // The colored-endgame ranges agree with kbroadcast's own schedules on the same continuous schedule.
  const BestSchedule b = best_continuous(3, 10, time_limit_each(5));
  REQUIRE(b.witness);
  CHECK(kitem_schedules(*b.witness, 16, time_limit_each(5), 0).best().time == kitem_lower_bound(3, 10, 16));
}
