// Träff's circulant-graph k-item schedule for L = 1 (engine/kitem/circulant.hpp):
// every schedule is replayed by the independent simulator and must end at
// k - 1 + ceil(log2 P), which is the lower bound kitem_lower_bound(1, P, k).
#include <doctest/doctest.h>

#include <algorithm>
#include <iostream>
#include <random>

#include "kitem/bounds.hpp"
#include "kitem/circulant.hpp"
#include "kitem/schedules.hpp"
#include "simulator.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

int ceil_log2(i64 P) {
  int q = 0;
  while ((i64{1} << q) < P) ++q;
  return q;
}

// Replays the schedule and checks it against the bound; returns false (with a message) on
// the first difference so that a loop over thousands of cases stops early.
bool optimal(i64 P, i64 k) {
  const Schedule s = circulant_schedule(P, k);
  const SimulationResult sim = simulate(s);
  i64 time = 0;
  for (const Message& m : s.messages) time = std::max<i64>(time, m.recv_step);
  const i64 bound = k - 1 + ceil_log2(P);
  const bool ok = sim.ok && time == bound && circulant_time(P, k) == bound &&
                  kitem_lower_bound(1, P, k) == bound && static_cast<i64>(s.messages.size()) == (P - 1) * k;
  if (!ok)
    std::cout << "circulant P=" << P << " k=" << k << ": " << (sim.ok ? "" : sim.violation.text) << " time " << time
              << " bound " << bound << " lower bound " << kitem_lower_bound(1, P, k) << "\n";
  return ok;
}

}  // namespace

// k <= 16 covers one to four phases for every P <= 16 and the short schedules of the others;
// 31..33 and 64 longer ones (every k <= 64 is streamed by the long sweep, and every P <= 2000
// with the k that matter by test_kbroadcast_circulant_scale.cpp; docs/kbroadcast.md Sec. 6.2).
TEST_CASE("circulant schedule: every P <= 300 and k <= 16, 31..33, 64 reach k - 1 + ceil(log2 P), the lower bound") {
  int failures = 0;
  for (i64 P = 2; P <= 300 && failures < 5; ++P)
    for (i64 k = 1; k <= 64; k = k < 16 ? k + 1 : k < 31 ? 31 : k < 33 ? k + 1 : 2 * k - 2)
      if (!optimal(P, k)) ++failures;
  CHECK(failures == 0);
}

TEST_CASE("circulant schedule: longer windows for a few P (more phases than rounds per phase)") {
  for (i64 P : {2, 3, 5, 7, 17, 100, 127, 128, 129, 255, 257})
    for (i64 k : {33, 64, 100, 129}) CHECK(optimal(P, k));
}

TEST_CASE("circulant schedule: seeded random P up to 10^5") {
  const std::uint64_t seed = testing::test_seed("circulant schedule", 23);
  CAPTURE(seed);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<i64> pick_P(301, 100'000), pick_k(1, 40);
  for (int sample = 0; sample < 10; ++sample) {  // larger P: test_kbroadcast_circulant_scale.cpp
    const i64 P = pick_P(rng), k = std::min<i64>(pick_k(rng), std::max<i64>(1, 2'000'000 / P));
    CAPTURE(P);
    CAPTURE(k);
    CHECK(optimal(P, k));
  }
}

TEST_CASE("circulant phase: skips halve from P, the source's base block is q, sizes are checked") {
  const CirculantPhase c = circulant_phase(1000);
  CHECK(c.q == 10);
  CHECK(c.skip.front() == 1);
  CHECK(c.skip.back() == 1000);
  for (int j = 0; j < c.q; ++j) CHECK(c.skip[static_cast<size_t>(j)] == (c.skip[static_cast<size_t>(j) + 1] + 1) / 2);
  CHECK(c.base[0] == 10);
  const CirculantPhase two = circulant_phase(1024);  // a power of two: the binomial skips
  for (int j = 0; j <= two.q; ++j) CHECK(two.skip[static_cast<size_t>(j)] == i64{1} << j);
  CHECK_THROWS_AS(circulant_phase(1), InputError);
  CHECK_THROWS_AS(circulant_schedule(2, 0), InputError);
  CHECK_THROWS_AS(circulant_schedule(1'000'000, 100), InputError);  // over kMaxScheduleEvents
}

TEST_CASE("kbroadcast's schedules for L = 1 include the circulant one at the lower bound") {
  const BestSchedule b = best_continuous(1, 100, time_limit_each(30));
  REQUIRE(b.witness);
  const KItemSchedules ks = kitem_schedules(*b.witness, 20, time_limit_each(30));
  CHECK(ks.lower_bound == 19 + 7);
  REQUIRE(ks.schedules.size() == 2);  // the cut, then the circulant; no endgame needed
  CHECK(ks.schedules[1].name == "circulant");
  CHECK(ks.schedules[1].simulated_ok);
  CHECK(ks.schedules[1].time == ks.lower_bound);
  CHECK(ks.best().time == ks.lower_bound);
}
