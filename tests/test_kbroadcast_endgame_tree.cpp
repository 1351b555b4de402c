// The ties tree chosen for the endgame (search/kitem/endgame_tree.hpp): the
// profile trims 1-child nodes first and the other classes in the order asked; its schedules are
// legal ties schedules of the optimal delay (symbolic checker, shape check, simulator) with the
// fewest r = 1 blocks the tree allows; where no repacking of `solve --P`'s schedule exists, the
// retrimmed one reaches the bound and replays; a cell the exact search left open reaches the
// bound without SAT; bad input and the deadline.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>

#include "checked.hpp"
#include "everyp/best_schedule.hpp"
#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/endgame_tree.hpp"
#include "kitem/routed_endgame.hpp"
#include "kitem/schedules.hpp"
#include "kitem_replay.hpp"
#include "replay.hpp"

using namespace blockcast;

namespace {

i64 one_child_nodes(int L, int T) {
  for (const NodeClass& c : node_classes(L, T))
    if (c.r0 == 1) return c.nodes;
  return 0;
}

}  // namespace

TEST_CASE("endgame tree: the profile trims 1-child nodes first, then r0 >= 3 in the order asked, 2-child nodes last") {
  int checked = 0;
  for (int L = 2; L <= 8; ++L)
    for (i64 P = 2; P <= 3000; P += (P < 200 ? 1 : 7))
      for (TrimOrder order : {TrimOrder::largest_first, TrimOrder::smallest_first}) {
        CAPTURE(L);
        CAPTURE(P);
        const TreeSpec spec = tree_spec(L, P, Shape::ties);
        const std::optional<TrimProfile> prof = endgame_profile(L, P, order);
        REQUIRE(prof.has_value() == (spec.removed > 0));
        if (!prof) continue;
        ++checked;
        CHECK(trimmed_instance(spec, *prof).consistency_error().empty());
        std::map<int, i64> cut, size;
        i64 total = 0;
        for (const auto& [rm, n] : *prof) {
          CHECK(rm.second == 1);
          cut[rm.first] = n;
          total += n;
        }
        for (const NodeClass& c : node_classes(L, spec.T)) size[c.r0] = c.nodes;
        CHECK(total == spec.removed);
        CHECK(cut[1] == std::min(spec.removed, one_child_nodes(L, spec.T)));
        // The classes r0 >= 3 are cut in order: none is touched before the ones ahead of it are
        // full, and the 2-child nodes only once all of them are.
        bool open = false;  // a class ahead was not cut in full
        std::vector<int> big;
        for (const auto& [r0, n] : size)
          if (r0 >= 3) big.push_back(r0);
        if (order == TrimOrder::largest_first) std::reverse(big.begin(), big.end());
        for (int r0 : big) {
          if (open) CHECK(cut[r0] == 0);
          open = open || cut[r0] < size[r0];
        }
        if (open || cut[1] < size[1]) CHECK(cut[2] == 0);
      }
  MESSAGE(checked << " profiles checked");
  CHECK(checked > 5000);
}

TEST_CASE("endgame tree: legal ties schedules of delay L + B(P-1) with the fewest r = 1 blocks, simulated") {
  int built = 0, tried = 0;
  for (int L = 2; L <= 6; ++L)
    for (i64 P = 5; P <= 400; P += 11)
      for (TrimOrder order : {TrimOrder::largest_first, TrimOrder::smallest_first}) {
        CAPTURE(L);
        CAPTURE(P);
        const std::optional<TrimProfile> prof = endgame_profile(L, P, order);
        if (!prof) continue;
        ++tried;
        const std::optional<Assignment> a = endgame_tree_schedule(L, P, order, Limits{});
        if (!a) continue;
        ++built;
        const TreeSpec spec = tree_spec(L, P, Shape::ties);
        CHECK(!check_assignment(trimmed_instance(spec, *prof), *a));
        CHECK(!shape_error(listed_instance(*a)));
        CHECK(a->delay() == L + spec.t);
        i64 r1 = 0;  // blocks (1, L): the untrimmed 1-child nodes
        for (const BlockWord& b : a->blocks) r1 += b.r == 1 && b.u == L ? b.count : 0;
        CHECK(r1 == one_child_nodes(L, spec.T) - prof->at({1, 1}));
        const SimulationResult sim = simulate_assignment(*a, 3);  // the independent simulator
        CHECK_MESSAGE(sim.ok, sim.violation.text);
      }
  // The constructive methods are incomplete (and a trimmed tree may have no packing at all):
  // measured 300 of 342, so a drop below 85 % is a regression, not a fact about the trees.
  MESSAGE(built << " of " << tried << " endgame trees packed");
  CHECK(built * 100 >= tried * 85);
}

TEST_CASE("endgame tree: where no repacking of solve --P's schedule exists, the retrimmed one reaches the bound") {
  // L = 6, P = 2043: solve --P's schedule has r = 1 blocks holding surplus that no repacking can
  // move (BalanceStats::impossible). The tree with its 1-child nodes trimmed first repacks, and
  // its slots route at the bound; replayed for K, K + 1 and a steady-state k.
  const int L = 6;
  const i64 P = 2043;
  const int K = endgame_items_at_bound(L, P);
  SearchOptions o;
  o.threads = 1;
  const BestSchedule bs = best_schedule(L, P, o, 0);
  REQUIRE(bs.witness);
  BalanceStats st;
  CHECK(!balance_for_endgame(*bs.witness, K, Limits{}, &st));
  CHECK(st.impossible);
  const std::optional<Assignment> t = endgame_tree_schedule(L, P, TrimOrder::largest_first, Limits{});
  REQUIRE(t);
  const std::optional<Assignment> b = balance_for_endgame(*t, K, Limits{});
  REQUIRE(b);
  CHECK(!check_assignment(listed_instance(*t), *b));
  const EndgamePlan plan = routed_plan(*b, K + 3, 0, 4, Limits{});
  const i64 big = K + 2 * b->delay();
  CHECK(plan.time(big).first == kitem_lower_bound(L, P, big));
  int replays = 0;
  for (i64 k : {i64{K}, i64{K + 1}, big}) replays += replay_plan(*b, plan, k);
  CHECK(replays == 3);
}

TEST_CASE("kbroadcast --L 4 --P 9 --k 8 reaches the bound without SAT (the exact search left it open at 30 s per solve)") {
  const BestSchedule bs = best_continuous(4, 9, Limits{});
  REQUIRE(bs.witness);
  const KItemSchedules ks = kitem_schedules(*bs.witness, 8, Limits{}, 0);  // 0: no SAT endgame
  REQUIRE(ks.lower_bound == 17);
  CHECK(ks.best().time == 17);
  CHECK(ks.best().name == "retrimmed-routed-endgame");
  CHECK(ks.best().simulated_ok);
}

TEST_CASE("endgame tree: nothing to choose, bad input, an expired deadline") {
  CHECK(!endgame_profile(5, 9, TrimOrder::largest_first));  // P - 1 = f_t: no leaf to drop
  CHECK(!endgame_tree_schedule(5, 9, TrimOrder::largest_first, Limits{}));
  CHECK_THROWS_AS(endgame_profile(0, 9, TrimOrder::largest_first), InputError);
  CHECK_THROWS_AS(endgame_profile(3, 1, TrimOrder::largest_first), InputError);
  Limits past;
  past.deadline = Clock::now() - std::chrono::seconds(1);
  CHECK(!endgame_tree_schedule(6, 2043, TrimOrder::largest_first, past));
}
