// The L = 1 circulant schedule at scale: the structural check of
// the phase (engine/kitem/circulant_check.hpp), the streaming simulator
// (engine/kitem/stream_simulator.hpp) against the explicit one (engine/simulator.hpp), and
// the implicit schedule streamed for every P <= 2000 with the k that matter (the schedule
// depends on k only through k mod q and the number of phases: docs/kbroadcast.md Sec. 6),
// plus seeded samples up to P = 10^6. The full sweep k <= 64 is the ctest entry
// kbroadcast_circulant_sweep_long (LABEL long, tests/bench/circulant_stream.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>

#include "assignment_json.hpp"
#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/circulant.hpp"
#include "kitem/circulant_check.hpp"
#include "kitem/schedules.hpp"
#include "kitem/stream_simulator.hpp"
#include "simulator.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

StreamResult stream_explicit(const Schedule& s) {
  StreamSimulator sim(s.P, s.L, s.items);
  size_t i = 0;
  while (i < s.messages.size()) {
    size_t e = i;
    while (e < s.messages.size() && s.messages[e].send_step == s.messages[i].send_step) ++e;
    if (!sim.feed(s.messages[i].send_step, s.messages.data() + i, e - i)) break;
    i = e;
  }
  return sim.finish();
}

StreamResult stream_implicit(const CirculantSchedule& c) {
  StreamSimulator sim(c.phase.P, 1, c.k);
  std::vector<std::uint8_t> has_last(static_cast<size_t>(c.phase.P), 0);
  std::vector<Message> batch;
  for (i64 step = 0; step < c.time(); ++step) {
    circulant_step_messages(c, step, has_last, batch);
    if (!sim.feed(step, batch)) break;
  }
  return sim.finish();
}

// Streams (P, k) and compares with the bound; prints the case on failure.
bool streams_optimal(const CirculantSchedule& c) {
  const StreamResult r = stream_implicit(c);
  const i64 P = c.phase.P, k = c.k;
  const bool ok = r.ok && r.last_step == k - 1 + c.phase.q && r.last_step == kitem_lower_bound(1, P, k) &&
                  r.messages == (P - 1) * k;
  if (!ok) MESSAGE("P=" << P << " k=" << k << ": " << r.violation << " last step " << r.last_step);
  return ok;
}

CirculantSchedule with_k(CirculantSchedule c, i64 k) {
  c.k = k;
  c.skipped = (c.phase.q - (k - 1) % c.phase.q) % c.phase.q;
  return c;
}

}  // namespace

TEST_CASE("circulant structural check: accepts the phase of every P <= 2000, rejects broken tables") {
  int failures = 0;
  for (i64 P = 2; P <= 2000 && failures < 3; ++P)
    if (auto bad = check_circulant_phase(circulant_phase(P))) {
      MESSAGE("P=" << P << ": " << *bad);
      ++failures;
    }
  CHECK(failures == 0);
  const CirculantPhase good = circulant_phase(100);
  const int q = good.q;
  auto broken = [&](auto change) {
    CirculantPhase c = good;
    change(c);
    return check_circulant_phase(c).value_or("");
  };
  // Two rounds of one processor exchanged: some block is sent before the sender has it, or
  // received before it exists.
  int caught = 0;
  for (i64 r = 1; r < 100; ++r)
    caught += broken([&](CirculantPhase& c) { std::swap(c.at(r, 0), c.at(r, q - 1)); }) != "";
  CHECK(caught >= 90);
  CHECK(broken([&](CirculantPhase& c) { c.at(5, 1) = c.at(5, 0); }).rfind("exactly-once", 0) == 0);
  CHECK(broken([&](CirculantPhase& c) { c.at(7, 2) = static_cast<std::int8_t>(q); }).rfind("range", 0) == 0);
  CHECK(broken([&](CirculantPhase& c) { c.skip[3] = 0; }).find("skip[3]") != std::string::npos);
  CHECK(broken([&](CirculantPhase& c) { c.q += 1; }) != "");
  // Processor 1 gets the source's block of round 0 in every round: the source sends it too late.
  CHECK(broken([&](CirculantPhase& c) {
          for (int j = 0; j < q; ++j) c.at(1, j) = static_cast<std::int8_t>(q - 1 - j);
        }).rfind("held", 0) == 0);
}

TEST_CASE("streaming simulator: agrees with the explicit simulator, correct and broken schedules") {
  const Schedule block_cyclic = expand_assignment(read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"), 9);
  for (const Schedule& s : {block_cyclic, circulant_schedule(37, 12), circulant_schedule(64, 5)}) {
    const SimulationResult x = simulate(s);
    const StreamResult r = stream_explicit(s);
    REQUIRE(x.ok);
    CHECK(r.ok);
    CHECK(r.messages == x.messages);
    i64 last = 0;
    for (const Message& m : s.messages) last = std::max<i64>(last, m.recv_step);
    CHECK(r.last_step == last);
    // Each kind of break is found by both, under the same rule name.
    auto both_reject = [&](auto change, const std::string& rule) {
      Schedule b = s;
      change(b);
      const SimulationResult xb = simulate(b);
      const StreamResult rb = stream_explicit(b);
      CHECK_FALSE(xb.ok);
      CHECK_FALSE(rb.ok);
      CHECK_MESSAGE(rb.violation.rfind(rule, 0) == 0, rb.violation);
    };
    both_reject([](Schedule& b) { b.messages.pop_back(); }, "not-received");
    both_reject([](Schedule& b) { b.messages[b.messages.size() / 2].recv_step += 1; }, "latency");
    both_reject([](Schedule& b) { b.messages.back().item = 0; }, "received-twice");
    both_reject(
        [](Schedule& b) {  // the first message's item is not yet created at the source
          b.messages.front().item = b.items - 1;
        },
        "sends-item-not-held");
    both_reject(
        [](Schedule& b) {  // two receptions of one processor in one step
          const Message m = b.messages.back();
          for (auto& x : b.messages)
            if (x.send_step == m.send_step && x.receiver != m.receiver) {
              x.receiver = m.receiver;
              break;
            }
        },
        "two-receives-in-one-step");
  }
  CHECK_THROWS_AS(StreamSimulator(1, 1, 1), InputError);
}

TEST_CASE("circulant streamed: every P <= 2000 with k = 1, 2, q-1, q, q+1, 2q+1, 64") {
  int failures = 0;
  for (i64 P = 2; P <= 2000 && failures < 3; ++P) {
    const CirculantSchedule c = circulant_implicit(P, 1);
    const i64 q = c.phase.q;
    for (i64 k : {i64{1}, i64{2}, q - 1, q, q + 1, 2 * q + 1, i64{64}})
      if (k >= 1 && !streams_optimal(with_k(c, k))) ++failures;
  }
  CHECK(failures == 0);
}

TEST_CASE("circulant at scale: seeded random P up to 10^6, structurally checked and streamed") {
  const std::uint64_t seed = testing::test_seed("circulant at scale", 2023);
  CAPTURE(seed);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<i64> pick_P(2001, 1'000'000);
  for (int sample = 0; sample < 6; ++sample) {
    const i64 P = pick_P(rng);
    const i64 k = std::uniform_int_distribution<i64>(1, std::max<i64>(1, 1'000'000 / P))(rng);
    CAPTURE(P);
    CAPTURE(k);
    const CirculantSchedule c = circulant_implicit(P, k);
    const auto bad = check_circulant_phase(c.phase);
    CHECK_MESSAGE(!bad, bad.value_or(""));
    CHECK(streams_optimal(c));
  }
}

TEST_CASE("circulant entry: implicit above the explicit limit, not simulated above P*k = 10^8") {
  const KItemSchedule small = circulant_entry(100, 20);
  CHECK(small.simulated_ok);
  CHECK(small.time == 19 + 7);
  CHECK(small.schedule.messages.size() == 99 * 20);  // explicit: small enough
  CHECK(small.checks == "structurally checked, streaming replay ok; explicit replay ok");
  const KItemSchedule mid = circulant_entry(100, 20, 1000);  // explicit limit 1000 messages
  CHECK(mid.simulated_ok);
  CHECK(mid.schedule.messages.empty());
  CHECK(mid.implicit);
  CHECK(mid.messages == 99 * 20);
  CHECK(mid.checks == "structurally checked, streaming replay ok");
  const KItemSchedule big = circulant_entry(200'000, 1000);
  CHECK(big.simulated_ok);
  CHECK(big.time == 999 + 18);
  CHECK(big.messages == 199'999 * i64{1000});
  CHECK(big.checks == "not simulated (P*k > 10^8), structurally checked");
  const KItemSchedules ks = circulant_schedules(1000, 5000);
  REQUIRE(ks.schedules.size() == 1);
  CHECK(ks.best().time == ks.lower_bound);
}
