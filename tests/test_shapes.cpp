// Best delay per P over the tree shapes of SPEC Sec. 6 (search/everyp/best_schedule.hpp):
// the paper's facts at the lower bound L + t (Karp et al. 1993: L=3 t=7 solvable, L=4 t=8 not,
// L=2 infinitely often not; Thm 3.5: L=2 reaches L+t+1 on pruned trees), and the
// invariants every result must keep whatever the search decides: verdicts never
// contradict each other, UNKNOWN is never reported as a proof, every witness passes the
// checker against the instance it claims and has the reported delay.
#include <doctest/doctest.h>

#include "assignment_json.hpp"
#include "everyp/best_schedule.hpp"
#include "postal.hpp"

using namespace blockcast;

namespace {

SearchOptions limited(double seconds = 20) {
  SearchOptions o;
  o.limits.time_limit = seconds;
  return o;
}

i64 P_of(int L, int t) { return fib(L, t) + 1; }

void require_witness(const BestSchedule& b) {
  REQUIRE(b.witness);
  const Assignment& w = *b.witness;
  CHECK_FALSE(check_assignment(claimed_instance(w), w).has_value());
  REQUIRE(b.delay);
  CHECK(w.delay() == *b.delay);
  CHECK(w.P == b.P);
  CHECK(b.verification.rfind("symbolic check passed; ", 0) == 0);
}

// What must hold for every result of best_schedule, complete search or not.
void check_invariants(const BestSchedule& b) {
  CAPTURE(b.L);
  CAPTURE(b.P);
  REQUIRE_FALSE(b.attempts.empty());
  CHECK(b.t == broadcast_depth(b.L, b.P - 1));
  CHECK(b.lower_bound == b.L + b.t);
  const ShapeAttempt& first = b.attempts[0];
  CHECK(first.delay == b.lower_bound);
  CHECK(first.shape == lower_bound_shape(b.L, b.P));
  CHECK(first.removed == fib(b.L, b.t) - (b.P - 1));
  if (first.verdict == Verdict::solved) {
    CHECK(b.attempts.size() == 1);
    CHECK(b.optimal());
    CHECK(b.reason.empty());
    CHECK(b.shape == first.shape);
    require_witness(b);
    return;
  }
  // L+t failed: the reason says how, and never claims a proof for UNKNOWN.
  REQUIRE(b.attempts.size() == 2);
  const bool proved = b.reason.find("proved impossible") != std::string::npos;
  const bool undecided = b.reason.find("undecided") != std::string::npos;
  CHECK(b.reason.rfind("delay L+t = " + std::to_string(b.lower_bound), 0) == 0);
  if (first.verdict == Verdict::impossible) CHECK(proved);
  if (first.verdict == Verdict::unknown) CHECK(b.reason.rfind("delay L+t = " + std::to_string(b.lower_bound) + " undecided", 0) == 0);
  const ShapeAttempt& second = b.attempts[1];
  CHECK(second.shape == Shape::pruned);
  CHECK(second.delay == b.lower_bound + 1);
  CHECK(second.T == b.t + 1);
  CHECK_FALSE(b.optimal());
  if (second.verdict == Verdict::solved) {
    CHECK(b.shape == Shape::pruned);
    require_witness(b);
  } else {
    CHECK_FALSE(b.delay);
    CHECK_FALSE(b.witness);
    CHECK(b.reason.find("no schedule found") != std::string::npos);
    if (second.verdict == Verdict::unknown) CHECK(undecided);
  }
}

}  // namespace

TEST_CASE("best schedule: L=3, t=7 (P=10) reaches the lower bound 10 on the optimal tree") {
  const BestSchedule b = best_schedule(3, P_of(3, 7), limited());
  check_invariants(b);
  CHECK(b.P == 10);
  CHECK(b.t == 7);
  CHECK(b.lower_bound == 10);
  REQUIRE(b.delay);
  CHECK(*b.delay == 10);
  CHECK(b.shape == Shape::optimal);
  CHECK(b.attempts[0].verdict == Verdict::solved);
  CHECK(b.verification.find("simulated") != std::string::npos);
}

TEST_CASE("best schedule: L=4, t=8 (P=8) has no block-cyclic schedule at L+t = 12, pruned is tried") {
  const BestSchedule b = best_schedule(4, P_of(4, 8), limited());
  check_invariants(b);
  CHECK(b.P == 8);
  REQUIRE(b.attempts.size() == 2);
  CHECK(b.attempts[0].verdict == Verdict::impossible);  // Karp et al. 1993, Sec. 3.2
  CHECK(b.attempts[0].shape == Shape::optimal);
  CHECK(b.reason.rfind("delay L+t = 12 proved impossible for block-cyclic schedules on the optimal tree T_8", 0) == 0);
  CHECK(b.attempts[1].shape == Shape::pruned);
  CHECK(b.attempts[1].delay == 13);
  if (b.attempts[1].verdict == Verdict::solved) CHECK(*b.delay == 13);
}

TEST_CASE("best schedule: L=2, P=f_t+1 for t=4..6: L+t is impossible, L+t+1 never refuted (Thm 3.4, 3.5)") {
  for (int t = 4; t <= 6; ++t) {
    CAPTURE(t);
    const BestSchedule b = best_schedule(2, P_of(2, t), limited());
    check_invariants(b);
    CHECK(b.attempts[0].verdict == Verdict::impossible);
    REQUIRE(b.attempts.size() == 2);
    // Thm 3.5: a pruned tree reaches L+t+1 for every P = f_t+1, so a complete search must
    // find it; only a limit may leave it open.
    CHECK(b.attempts[1].verdict == Verdict::solved);  // self-certifying: the witness is re-checked
    REQUIRE(b.delay);
    CHECK(*b.delay == 2 + t + 1);
    CHECK(b.shape == Shape::pruned);
  }
}

TEST_CASE("best schedule: a P between f_t+1 values reaches L+t on a ties tree (L=3, P=15)") {
  const BestSchedule b = best_schedule(3, 15, limited());
  check_invariants(b);
  CHECK(b.t == 9);  // f_8 = 13 < 14 <= f_9 = 19
  CHECK(b.attempts[0].shape == Shape::ties);
  CHECK(b.attempts[0].removed == 5);
  REQUIRE(b.delay);
  CHECK(*b.delay == 12);
  CHECK(b.shape == Shape::ties);
}

TEST_CASE("best schedule: invariants for every P <= 40, L = 2..5 (ties, pruned, all verdicts)") {
  int solved_lb = 0, solved_pruned = 0;
  for (int L = 2; L <= 5; ++L)
    for (i64 P = 2; P <= 40; ++P) {
      const BestSchedule b = best_schedule(L, P, limited(5));
      check_invariants(b);
      solved_lb += b.optimal();
      solved_pruned += b.delay && !b.optimal();
    }
  CHECK(solved_lb > 0);
  MESSAGE("cells at L+t: " << solved_lb << ", at L+t+1: " << solved_pruned << " of " << 4 * 39);
}

TEST_CASE("best schedule: P = 2 and small trees (t < L) are solved at the lower bound") {
  for (int L = 1; L <= 6; ++L) {
    CAPTURE(L);
    const BestSchedule b = best_schedule(L, 2, limited());
    check_invariants(b);
    CHECK(b.t == 0);
    REQUIRE(b.delay);
    CHECK(*b.delay == L);  // one processor besides the source: it receives every item after L
  }
}

TEST_CASE("forced shapes agree with best_schedule and reject shapes that do not fit P") {
  for (int L = 2; L <= 4; ++L)
    for (i64 P = 3; P <= 25; ++P) {
      CAPTURE(L);
      CAPTURE(P);
      const BestSchedule best = best_schedule(L, P, limited(5));
      const Shape s = lower_bound_shape(L, P);
      const BestSchedule forced = schedule_for_shape(L, P, s, limited(5));
      REQUIRE(forced.attempts.size() == 1);
      const Verdict a = best.attempts[0].verdict, f = forced.attempts[0].verdict;
      if (a != Verdict::unknown && f != Verdict::unknown) CHECK(a == f);
      if (forced.witness) require_witness(forced);
      const BestSchedule pruned = schedule_for_shape(L, P, Shape::pruned, limited(5));
      CHECK(pruned.at_lower_bound() == nullptr);
      CHECK(pruned.attempts[0].delay == best.lower_bound + 1);
      if (pruned.witness) require_witness(pruned);
      if (best.attempts.size() == 2 && best.attempts[1].verdict != Verdict::unknown &&
          pruned.attempts[0].verdict != Verdict::unknown)
        CHECK(best.attempts[1].verdict == pruned.attempts[0].verdict);
    }
  CHECK_THROWS_AS(schedule_for_shape(3, 11, Shape::optimal, limited()), InputError);  // P-1 = 10 is no f_t
  CHECK_THROWS_AS(best_schedule(3, 1, limited()), InputError);
  CHECK_THROWS_AS(best_schedule(0, 5, limited()), InputError);
}

TEST_CASE("best schedule JSON: the fields of docs/shapes.md") {
  const BestSchedule b = best_schedule(4, P_of(4, 8), limited());
  const auto j = to_json(b, true);
  CHECK(j["L"] == 4);
  CHECK(j["P"] == 8);
  CHECK(j["t"] == 8);
  CHECK(j["lower_bound"] == 12);
  CHECK(j["optimal"] == false);
  CHECK(j["optimal_delay_verdict"] == "IMPOSSIBLE");
  CHECK(j["optimal_delay_shape"] == "optimal");
  CHECK(j["attempts"].size() == 2);
  CHECK(j["attempts"][1]["shape"] == "pruned");
  if (b.delay) {
    CHECK(j["delay"] == *b.delay);
    CHECK(j["shape"] == "pruned");
    const Assignment a = assignment_from_json(j);  // the object is an assignment file
    CHECK(a == *b.witness);
    CHECK_FALSE(check_assignment(claimed_instance(a), a));
  } else {
    CHECK(j["delay"].is_null());
    CHECK(j["shape"].is_null());
  }
  const auto k = to_json(schedule_for_shape(4, 8, Shape::pruned, limited()), false);
  CHECK(k["optimal_delay_verdict"].is_null());
  CHECK_FALSE(k.contains("blocks"));
}
