// Shared by the endgame tests: replay a plan's k-item schedule with the independent simulator.
#pragma once
#include <doctest/doctest.h>

#include "kitem/bounds.hpp"
#include "kitem/exact.hpp"
#include "kitem/routed_endgame.hpp"
#include "simulator.hpp"

namespace blockcast {

// Replays the plan's schedule for k: legal, at the plan's time, never below the lower bound (a
// theorem: a schedule below it is a simulator bug). Returns how many checks ran (0 when the
// plan has nothing for k).
inline int replay_plan(const Assignment& a, const EndgamePlan& plan, i64 k) {
  const auto [time, K] = plan.time(k);
  if (K == 0) return 0;
  const Schedule s = plan_schedule(a, plan, k);
  const SimulationResult r = simulate(s);
  CAPTURE(a.L);
  CAPTURE(a.P);
  CAPTURE(k);
  CHECK_MESSAGE(r.ok, r.violation.text);
  CHECK(schedule_time(s) == time);
  CHECK(time >= kitem_lower_bound(a.L, a.P, k));
  return 1;
}

}  // namespace blockcast
