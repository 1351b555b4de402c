// The any-form run of a continuous-broadcast cell (search/kitem/anyform_cell.hpp,
// docs/anyform.md): cells where block-cyclic schedules miss the lower bound L + B(P-1) but a
// periodic schedule reaches it (Karp et al. 1993 Sec. 3.3 speaks of block-cyclic schedules
// only), a delay below the bound refuted by a window with a verified DRAT proof, and a limit
// that gives UNKNOWN, never IMPOSSIBLE. Every SOLVED pattern is checked and replayed again here.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>

#include "checked.hpp"
#include "kitem/anyform_cell.hpp"
#include "periodic_schedule.hpp"
#include "sanitized.hpp"
#include "simulator.hpp"

using namespace blockcast;

namespace {
AnyformCellRequest cell(int L, int P, std::pair<int, int> periods, bool windows) {
  AnyformCellRequest q;
  q.L = L, q.P = P, q.periods = periods, q.try_windows = windows;
  q.time_limit = testing::sanitized ? 600 : 120;
  return q;
}

void require_replayed(const AnyformCellResult& r) {
  REQUIRE(r.schedule);
  CHECK_FALSE(check_periodic(*r.schedule));
  const SimulationResult sim = simulate(expand_periodic(*r.schedule, periodic_window(*r.schedule)));
  CHECK(sim.ok);
  CHECK(sim.max_delay <= r.delay);
}
}  // namespace

TEST_CASE("any form: L = 2, P = 6 reaches the bound 6 with period 4 (block-cyclic: 7)") {
  const AnyformCellResult r = anyform_cell_run(cell(2, 6, {1, 4}, true));
  CHECK(r.lower_bound == 6);
  CHECK(r.delay == 6);
  CHECK(r.verdict == Verdict::solved);
  CHECK(r.schedule->period == 4);
  CHECK(r.source_at_release);
  require_replayed(r);
  CHECK(to_json(r)["schedule"]["format"] == "blockcast-periodic-schedule");
}

TEST_CASE("any form: L = 2, P = 9 at 7 and L = 4, P = 8 at 12, both with period 5") {
  const AnyformCellResult a = anyform_cell_run(cell(2, 9, {5, 5}, false));
  CHECK(a.delay == 7);
  CHECK(a.verdict == Verdict::solved);
  require_replayed(a);
  const AnyformCellResult b = anyform_cell_run(cell(4, 8, {5, 5}, false));
  CHECK(b.delay == 12);
  CHECK(b.verdict == Verdict::solved);
  require_replayed(b);
}

TEST_CASE("any form: below the bound a window is refuted with a verified DRAT proof") {
  AnyformCellRequest q = cell(2, 6, {1, 2}, true);
  q.delay = 5;  // one below L + B(P-1) = 6
  q.windows = {1, 4}, q.window_step = 1;
  const AnyformCellResult r = anyform_cell_run(q);
  CHECK(r.verdict == Verdict::impossible);
  CHECK(r.refuting_window == 1);
  const auto refuting = std::find_if(r.attempts.begin(), r.attempts.end(), [](const PeriodicOutcome& o) { return o.window == 1; });
  REQUIRE(refuting != r.attempts.end());
  CHECK(refuting->verdict == Verdict::impossible);
  CHECK(refuting->detail.find("verified by the independent checker") != std::string::npos);
  CHECK(to_json(r)["refuting_window"] == 1);
}

TEST_CASE("any form: the counting model agrees with the pair model on periods and windows") {
  const Limits limits = with_deadline_in(Limits{}, testing::sanitized ? 600 : 120);
  for (int period = 1; period <= 5; ++period) {  // L = 2, P = 6, D = 6: only period 4 of 1..5
    const PeriodicOutcome pairs = periodic_search(2, 6, 6, period, limits, ContinuousModel::pairs);
    const PeriodicOutcome counts = periodic_search(2, 6, 6, period, limits, ContinuousModel::counting);
    CHECK(pairs.verdict == counts.verdict);
    CHECK(counts.verdict == (period == 4 ? Verdict::solved : Verdict::impossible));
  }
  for (const auto& [L, P, D, N] : {std::array{2, 6, 5, 2}, std::array{2, 6, 6, 6}, std::array{3, 10, 9, 2}}) {
    const PeriodicOutcome pairs = window_search(L, P, D, N, true, limits, ContinuousModel::pairs);
    const PeriodicOutcome counts = window_search(L, P, D, N, true, limits, ContinuousModel::counting);
    CHECK(pairs.verdict == counts.verdict);
    CHECK(counts.verdict == (D == 6 ? Verdict::solved : Verdict::impossible));
  }
}

TEST_CASE("any form: a limit gives UNKNOWN, never IMPOSSIBLE") {
  AnyformCellRequest q;
  q.L = 2, q.P = 14, q.time_limit = 0.3;
  const AnyformCellResult r = anyform_cell_run(q);
  CHECK(r.verdict == Verdict::unknown);
  CHECK(r.reason.find("open at delay 8") == 0);
  CHECK(r.seconds < 5);
  CHECK_FALSE(r.schedule);
}

TEST_CASE("any form: bad requests are one InputError") {
  AnyformCellRequest q;
  q.L = 2, q.P = 1;
  CHECK_THROWS_AS(anyform_cell_run(q), InputError);
  q.P = 6, q.delay = 1;
  CHECK_THROWS_AS(anyform_cell_run(q), InputError);
  q.delay = 0, q.periods = {3, 2};
  CHECK_THROWS_AS(anyform_cell_run(q), InputError);
  q.periods = {1, 2}, q.time_limit = -1;
  CHECK_THROWS_AS(anyform_cell_run(q), InputError);
}
