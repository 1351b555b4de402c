// Periodic continuous schedules (engine/periodic_schedule.hpp): the pattern check against
// the independent simulator on every one-message change of schedules the periodic search
// found (two methods that must agree: the check covers every item, the replay a window that
// meets every residue), the file's round trip, and the readers that take it (check,
// simulate for any number of items).
#include <doctest/doctest.h>

#include "kitem/periodic_search.hpp"
#include "periodic_schedule.hpp"
#include "schedule_json.hpp"
#include "check/schedule_check.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

PeriodicSchedule found(int L, int P, int D, int period) {
  const PeriodicOutcome o = periodic_search(L, P, D, period);
  REQUIRE(o.verdict == Verdict::solved);
  REQUIRE(o.schedule);
  return *o.schedule;
}

// The replay's verdict on a window that meets every residue: legal and within the delay.
bool replay_accepts(const PeriodicSchedule& ps) {
  const SimulationResult r = simulate(expand_periodic(ps, periodic_window(ps)));
  return r.ok && r.max_delay <= ps.delay;
}

}  // namespace

TEST_CASE("periodic schedule: found patterns pass the check and replay for many items") {
  struct Cell {
    int L, P, D, period;
  };
  for (const Cell c : {Cell{2, 6, 6, 4}, Cell{2, 10, 8, 5}, Cell{4, 8, 12, 5}}) {
    const int L = c.L, P = c.P, D = c.D;  // no structured bindings: clang 14 cannot CAPTURE them
    CAPTURE(L);
    CAPTURE(P);
    const PeriodicSchedule ps = found(L, P, D, c.period);
    CHECK_FALSE(check_periodic(ps));
    const SimulationResult r = simulate(expand_periodic(ps, 200));
    CHECK(r.ok);
    CHECK(r.max_delay == D);
  }
}

TEST_CASE("periodic schedule: the pattern check agrees with the replay on every one-message change") {
  const PeriodicSchedule base = found(4, 8, 12, 5);
  int changes = 0, rejected = 0;
  for (std::size_t i = 0; i < base.messages.size(); ++i)
    for (int field = 0; field < 3; ++field)
      for (int delta : {-2, -1, 1, 2}) {
        PeriodicSchedule ps = base;
        PeriodicMessage& m = ps.messages[i];
        if (field == 0) m.offset += delta;
        if (field == 1) m.receiver = (m.receiver + delta + 2 * base.P) % base.P;
        if (field == 2) m.sender = (m.sender + delta + 2 * base.P) % base.P;
        if (m.offset < 0 || m.receiver == 0 || m.sender == m.receiver) continue;  // not a pattern message
        ++changes;
        const bool check_ok = !check_periodic(ps);
        CAPTURE(i);
        CAPTURE(field);
        CAPTURE(delta);
        CHECK(check_ok == replay_accepts(ps));
        rejected += check_ok ? 0 : 1;
      }
  CHECK(changes > 100);
  CHECK(rejected > 0);
}

TEST_CASE("periodic schedule: the file's round trip and its readers") {
  const PeriodicSchedule ps = found(4, 8, 12, 5);
  const nlohmann::json j = to_json(ps);
  CHECK(j["format"] == "blockcast-periodic-schedule");
  CHECK(periodic_schedule_from_json(j, "test") == ps);
  const ScheduleInput in = schedule_from_json(j, "test", "check");
  REQUIRE(in.periodic);
  for (std::int64_t k : {0, 1, 27, 100}) {
    CAPTURE(k);
    const ScheduleCheck c = run_schedule_check({in, k, CheckMode::simulate, "test"});
    CHECK(c.verdict == Verdict::accepted);
    CHECK(c.items == (k > 0 ? k : periodic_window(ps)));
    CHECK(c.max_delay <= 12);
  }
  nlohmann::json bad = j;
  bad["messages"][0][3] = 1000;  // past the claimed delay
  CHECK_THROWS_AS(periodic_schedule_from_json(bad, "test"), InputError);
  bad = j;
  bad["messages"].erase(0);  // a reception missing
  const ScheduleCheck c = run_schedule_check({schedule_from_json(bad, "test", "check"), 0, CheckMode::check, "test"});
  CHECK(c.verdict == Verdict::rejected);
  CHECK(c.rule == "periodic");
}

}  // namespace blockcast
