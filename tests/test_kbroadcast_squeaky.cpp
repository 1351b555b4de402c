// The routed endgame's attempts that learn from each other (squeaky wheel, search/kitem/
// routed_endgame.hpp) and the table's routing above the bound where the bound fails
// (search/kitem/range_table.cpp, route_above_bound and the fast path's short K):
// tight instances where the plain greedy fails route at the bound, every schedule is
// replayed by the independent simulator, an attempt replays and the ones before it fail.
#include <doctest/doctest.h>

#include <cstdint>

#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/colored_endgame.hpp"
#include "kitem/endgame_tree.hpp"
#include "kitem/range_table.hpp"
#include "kitem/routed_endgame.hpp"
#include "kitem/schedules.hpp"
#include "kitem_replay.hpp"

using namespace blockcast;

TEST_CASE("squeaky wheel: tight retrimmed trees at L = 8 route at the bound where the plain greedy does not") {
  // docs/kbroadcast.md Sec. 8.3: at P = 356..360 every processor of the retrimmed, repacked tree
  // has barely K = 5 free receive slots in the bound's window (8-48 slots of slack in all).
  int routed = 0;
  for (i64 P : {356, 357, 360}) {
    CAPTURE(P);
    const int K = endgame_items_at_bound(8, P);
    const std::optional<Assignment> t = endgame_tree_schedule(8, P, TrimOrder::largest_first, Limits{});
    REQUIRE(t);
    const std::optional<Assignment> b = balance_for_endgame(*t, K, Limits{});
    REQUIRE(b);
    const int bound = static_cast<int>(kitem_lower_bound(8, P, K));
    // The premise: attempt 0, the plain greedy, leaves a processor short at the bound.
    const EndgamePlan plain = routed_plan(*b, K, 0, 1, Limits{});
    REQUIRE(plain.entries.size() == static_cast<size_t>(K));
    CHECK_FALSE(plain.entries.back().window);
    const EndgamePlan plan = routed_plan(*b, K, 0, kRoutedAttempts, Limits{});
    const EndgamePlan::Entry& e = plan.entries.back();
    if (!e.window) continue;
    ++routed;
    CHECK(*e.window == bound);
    REQUIRE(e.routed);
    CHECK(*e.routed > 0);
    MESSAGE("P = " << P << ": routed at the bound by attempt " << *e.routed);
    for (i64 k : {i64{K}, i64{K + 1}, i64{100}}) {
      CHECK(plan.time(k).first == kitem_lower_bound(8, P, k));
      replay_plan(*b, plan, k);
    }
    // The attempt before fails: routed_schedule replays attempts 0..n and needs the last.
    CHECK_FALSE(routed_schedule(*b, 100, K, bound, e.rotation, *e.routed - 1));
  }
  CHECK(routed >= 2);  // measured: all three (the plain greedy, 4 seeds: none)
}

TEST_CASE("kbroadcast-table: where the bound fails, routed one window above it, replayed (L = 5, P = 330)") {
  // The colouring gives +2 and no repacking exists (docs Sec. 8.2); the routing one window above
  // the bound gives +1, and the table replays its first two k (P <= 2000).
  const RangeTable t = kitem_range_table({5, 5}, {330, 330}, {1, 40}, Limits{}, 1);
  CHECK(t.failure.empty());
  REQUIRE(t.per_L.size() == 1);
  CHECK(t.per_L[0].simulated > 0);
  bool above = false;
  for (const PRange& r : t.rows)
    for (const KRange& kr : r.ks) {
      CAPTURE(kr.k0);
      if (kr.k0 >= 2) {
        CHECK(kr.gap <= 1);
        if (kr.gap == 1) {
          CHECK(kr.method == "routed-endgame");
          above = true;
        }
      }
    }
  CHECK(above);
}

TEST_CASE("kbroadcast-table's fast path: the short K routed above their bound, where colouring fails (L = 8, P = 2100)") {
  // Above P = 2000 the repacking routes at the bound for k >= 4; k = 2, 3 were the cut schedule's
  // +5 (no colouring within the node budget). Now they are routed above their bound (+1).
  const RangeTable t = kitem_range_table({8, 8}, {2100, 2100}, {1, 8}, Limits{}, 1);
  CHECK(t.failure.empty());
  for (const PRange& r : t.rows)
    for (const KRange& kr : r.ks) {
      CAPTURE(kr.k0);
      CHECK(kr.gap <= 2);
      if (kr.k0 >= 4) CHECK(kr.status == RangeStatus::at_bound);
    }
}
