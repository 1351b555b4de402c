// The routed endgame (search/kitem/routed_endgame.hpp): every schedule of a
// plan, for kept items from none to more than the delay (so the role map of the shift argument
// is exercised, not only the canonical frame), is replayed by the simulator at the plan's time
// and is never below the lower bound (a theorem: a schedule below it is a simulator bug); the
// obstruction instance that no colouring solves reaches the bound; attempts replay; bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cstdint>

#include "checked.hpp"
#include "everyp/every_p.hpp"
#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/colored_endgame.hpp"
#include "kitem/exact.hpp"
#include "kitem/routed_endgame.hpp"
#include "kitem/schedules.hpp"
#include "simulator.hpp"
#include "kitem_replay.hpp"
#include "test_seed.hpp"

using namespace blockcast;

TEST_CASE("routed endgame: every plan's schedules replay at the planned time, any number of kept items") {
  int plans = 0, replays = 0, at_bound = 0;
  for (int L = 2; L <= 5; ++L) {
    EveryPOptions o;
    o.threads = 1;
    const auto cells = every_p_table({L, L}, {2, 90}, o);
    for (const Cell& c : cells) {
      if (!c.witness) continue;
      const Assignment& a = *c.witness;
      const int K = endgame_items_at_bound(L, a.P);
      const EndgamePlan plan = routed_plan(a, K + 2, 2, kRoutedAttempts, Limits{});
      ++plans;
      const i64 big = K + 2 * a.delay();  // more kept items than the delay: steady-state frame
      at_bound += plan.time(big).first == kitem_lower_bound(L, a.P, big);
      for (i64 k : {i64{1}, i64{K}, i64{K + 1}, i64{K + 3}, big}) replays += replay_plan(a, plan, k);
    }
  }
  MESSAGE(plans << " plans, " << replays << " schedules replayed, " << at_bound << " at the bound for large k");
  CHECK(replays > 3 * plans);
  CHECK(at_bound > plans / 2);  // measured: 207 of 356 (most with L <= 3, many with L = 4)
}

TEST_CASE("routed endgame: a shared frame plans as fresh ones, whichever window it expanded first") {
  // RoutingFrame expands once, to the largest window asked so far; a smaller window routes on a
  // prefix of its slots. Small windows first, then larger ones (expanded again), then small
  // ones on the larger expansion: every plan must equal the plan of a fresh frame, and replay.
  auto same = [](const EndgamePlan& x, const EndgamePlan& y) {
    if (x.entries.size() != y.entries.size()) return false;
    for (size_t i = 0; i < x.entries.size(); ++i)
      if (x.entries[i].window != y.entries[i].window || x.entries[i].routed != y.entries[i].routed ||
          x.entries[i].rotation.ids != y.entries[i].rotation.ids)
        return false;
    return true;
  };
  int plans = 0, routed = 0;
  for (int L = 2; L <= 4; ++L) {
    EveryPOptions o;
    o.threads = 1;
    for (const Cell& c : every_p_table({L, L}, {2, 60}, o)) {
      if (!c.witness) continue;
      const Assignment& a = *c.witness;
      const int K = endgame_items_at_bound(L, a.P);
      RoutingFrame frame(a);
      struct Call {
        int max_K, max_extra, min_extra;
      };
      for (const Call& call : {Call{K, 0, 0}, Call{K + 3, 2, 1}, Call{K + 1, 1, 0}}) {
        const EndgamePlan shared = routed_plan(frame, call.max_K, call.max_extra, 8, Limits{}, INT_MAX, call.min_extra);
        const EndgamePlan fresh = routed_plan(a, call.max_K, call.max_extra, 8, Limits{}, INT_MAX, call.min_extra);
        CAPTURE(L);
        CAPTURE(a.P);
        CAPTURE(call.max_K);
        CHECK(same(shared, fresh));
        ++plans;
        if (shared.time(K + 5).second > 0) routed += replay_plan(frame.assignment(), shared, K + 5) > 0;
      }
    }
  }
  MESSAGE(plans << " plans on shared frames, " << routed << " replayed");
  CHECK(routed > plans / 2);
}

TEST_CASE("routed endgame: the obstruction instance (L = 3, P = 14) reaches the bound once repacked") {
  // docs/kbroadcast.md Sec. 8.2: every word order of the repacking is tight and has no colouring.
  const BestSchedule b = best_continuous(3, 14, time_limit_each(5));
  REQUIRE(b.witness);
  const int K = endgame_items_at_bound(3, 14);
  const std::optional<Assignment> r = balance_for_endgame(*b.witness, K, Limits{});
  REQUIRE(r);
  const EndgamePlan plan = routed_plan(*r, K + 2, 0, kRoutedAttempts, Limits{});
  for (i64 k = K; k <= 12; ++k) {
    CHECK(plan.time(k).first == kitem_lower_bound(3, 14, k));
    replay_plan(*r, plan, k);
  }
}

TEST_CASE("routed endgame: an attempt replays, and the attempts before it fail (seeded P)") {
  // A P drawn from the seed, at L = 2 (one step of slack: attempt 0 usually routes) and at the
  // bound (where later attempts, which learn from earlier ones, are what routes).
  const std::uint64_t seed = testing::test_seed("routed endgame", 11);
  CAPTURE(seed);
  const i64 P = 100 + static_cast<i64>(seed % 300);
  CAPTURE(P);
  const BestSchedule b = best_continuous(2, P, time_limit_each(5));
  REQUIRE(b.witness);
  const Assignment& a = *b.witness;
  const int K = endgame_items_at_bound(2, a.P);
  const std::optional<Rotation> rot = receive_only_rotation(a, K);
  REQUIRE(rot);
  const i64 k = K + 30;
  for (int extra : {1, 0}) {
    const EndgamePlan plan = routed_plan(a, K, extra, kRoutedAttempts, Limits{});
    const EndgamePlan::Entry& e = plan.entries.back();
    if (e.K != K || !e.window || !e.routed) continue;
    const auto s1 = routed_schedule(a, k, K, *e.window, *rot, *e.routed);
    const auto s2 = routed_schedule(a, k, K, *e.window, *rot, *e.routed);
    REQUIRE(s1);
    REQUIRE(s2);
    CHECK(s1->messages == s2->messages);
    const SimulationResult r = simulate(*s1);
    CHECK_MESSAGE(r.ok, r.violation.text);
    CHECK(schedule_time(*s1) == k - K + *e.window);
    if (*e.routed > 0) CHECK_FALSE(routed_schedule(a, k, K, *e.window, *rot, *e.routed - 1));
  }
}

TEST_CASE("routed endgame: bad input") {
  const BestSchedule b = best_continuous(3, 10, time_limit_each(5));
  REQUIRE(b.witness);
  const Assignment& a = *b.witness;
  const int D = static_cast<int>(a.delay());
  CHECK_THROWS_AS(routed_schedule(a, 1, 2, D, {}, 0), InputError);       // K > k
  CHECK_THROWS_AS(routed_schedule(a, 8, 0, D, {}, 0), InputError);       // K = 0
  CHECK_THROWS_AS(routed_schedule(a, 80, 65, D, {}, 0), InputError);     // K > 64
  CHECK_THROWS_AS(routed_schedule(a, 2, 2, a.L - 1, {}, 0), InputError); // window < L
  CHECK_THROWS_AS(routed_schedule(a, 8, 2, D - 2, {}, 0), InputError);   // kept items end after the window
  EndgamePlan none;
  none.L = a.L, none.P = a.P, none.delay = D;
  CHECK_THROWS_AS(plan_schedule(a, none, 8), InputError);  // no entry beats the cut
}

TEST_CASE("routed endgame: the capacity count (fewest_trees) equals the smallest tree set (two derivations)") {
  int compared = 0;
  for (int L = 2; L <= 6; ++L) {
    EveryPOptions o;
    o.threads = 1;
    for (const Cell& c : every_p_table({L, L}, {2, 70}, o)) {
      if (!c.witness) continue;
      const Assignment& a = *c.witness;
      for (int K = 1; K <= endgame_items_at_bound(L, a.P) + 2; ++K) {
        const std::optional<Rotation> rot = receive_only_rotation(a, K);
        if (!rot) continue;
        const int lo = static_cast<int>(kitem_lower_bound(L, a.P, K));
        for (int W = std::max(lo - 1, L); W <= lo + 2; ++W) {
          const TreeClasses tc = tree_classes(a, W, *rot);
          size_t smallest = SIZE_MAX;
          for (const auto& s : tc.sets) smallest = std::min(smallest, s.size());
          CAPTURE(L);
          CAPTURE(a.P);
          CAPTURE(W);
          CHECK(fewest_trees(a, W, *rot) == static_cast<i64>(smallest));
          ++compared;
        }
      }
    }
  }
  MESSAGE(compared << " (assignment, window, rotation) compared");
  CHECK(compared > 1000);
}

TEST_CASE("kbroadcast-table's fast path above P = 2000: the every-P schedule repacked and routed replays at the bound") {
  // What fast_plans (range_table.cpp) builds, where the table replays nothing (P > 2000):
  // replayed here for a few (L, P) and k = K_bound, K_bound + 1 and a steady-state k.
  int replays = 0;
  for (int L : {4, 6, 8}) {
    EveryPOptions o;
    o.threads = 1;
    for (const Cell& c : every_p_table({L, L}, {2401, 2403}, o)) {
      REQUIRE(c.witness);
      const Assignment& a = *c.witness;
      const int K = endgame_items_at_bound(L, a.P);
      const std::optional<Assignment> b = balance_for_endgame(a, K, Limits{});
      if (!b) continue;
      const EndgamePlan plan = routed_plan(*b, K + 3, 0, 2, Limits{});
      const i64 big = K + 2 * b->delay();
      if (plan.time(big).first != kitem_lower_bound(L, a.P, big)) continue;
      for (i64 k : {i64{K}, i64{K + 1}, big}) replays += replay_plan(*b, plan, k);
    }
  }
  MESSAGE(replays << " schedules replayed");
  CHECK(replays >= 12);  // measured: 18, the fast path holds at 6 of these 9 (L, P)
}
