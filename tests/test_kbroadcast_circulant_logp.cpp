// The O(log P) per-processor blocks of the circulant schedule (engine/kitem/circulant_blocks.hpp,
// after Träff 2023/2024) against the window rule (engine/kitem/circulant.hpp): equal to the
// phase table for every P <= 1000, equal to the rule evaluated by counting
// (engine/kitem/circulant_window.hpp) at sampled P up to 2^31 - 1, and the per-rank programs
// built from them mutually consistent there. Also: the explicit schedule replayed by the
// independent streaming simulator for every P <= 1000, and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kitem/circulant.hpp"
#include "kitem/circulant_blocks.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/circulant_window.hpp"
#include "kitem/stream_simulator.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

// Every processor's receive row and every send, against the table of circulant_phase.
bool blocks_match_table(i64 P) {
  const CirculantPhase c = circulant_phase(P);
  const CirculantSkips s = circulant_skips(P);
  if (s.skip != c.skip) return false;
  for (i64 r = 0; r < P; ++r) {
    if (circulant_base(s, r) != c.base[static_cast<size_t>(r)]) return false;
    if (r != 0) {
      const std::vector<int> row = circulant_recv_blocks(s, r);
      for (int j = 0; j < c.q; ++j)
        if (row[static_cast<size_t>(j)] != c.received(r, j)) return false;
    }
    const std::vector<int> send = circulant_send_blocks(s, r);
    for (int j = 0; j < c.q; ++j)
      if (const i64 t = (r + s.skip[static_cast<size_t>(j)]) % P; t != 0 && send[static_cast<size_t>(j)] != c.received(t, j))
        return false;
  }
  return true;
}

// The explicit schedule fed step by step to the streaming simulator.
StreamResult replay(i64 P, i64 k) {
  const Schedule s = circulant_schedule(P, k);
  StreamSimulator sim(P, 1, k);
  size_t i = 0;
  while (i < s.messages.size()) {
    size_t e = i;
    while (e < s.messages.size() && s.messages[e].send_step == s.messages[i].send_step) ++e;
    if (!sim.feed(s.messages[i].send_step, s.messages.data() + i, e - i)) break;
    i = e;
  }
  return sim.finish();
}

bool has(const std::vector<api::Transfer>& list, const api::Transfer& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

}  // namespace

TEST_CASE("circulant blocks in O(log P): receive rows and sends equal the phase table, every P <= 1000") {
  int failures = 0;
  for (i64 P = 2; P <= 1000 && failures < 3; ++P)
    if (!blocks_match_table(P)) {
      MESSAGE("P=" << P << ": the O(log P) blocks differ from circulant_phase");
      ++failures;
    }
  CHECK(failures == 0);
}

TEST_CASE("circulant schedule: the explicit schedule passes the streaming simulator, every P <= 1000, k = 1, 4, 2q+3") {
  int failures = 0;
  for (i64 P = 2; P <= 1000 && failures < 3; ++P) {
    const i64 q = circulant_time(P, 1);
    for (i64 k : {i64{1}, i64{4}, 2 * q + 3}) {
      const StreamResult r = replay(P, k);
      if (!r.ok || r.last_step != circulant_time(P, k)) {
        MESSAGE("P=" << P << " k=" << k << ": " << (r.ok ? "time " + std::to_string(r.last_step) : r.violation));
        ++failures;
      }
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("circulant rank programs at large P: consistent with their peers, rows equal the counted window rule") {
  const std::uint64_t seed = testing::test_seed("circulant logp programs", 2025);
  CAPTURE(seed);
  std::mt19937_64 rng(seed);
  std::vector<i64> Ps{INT32_MAX, (i64{1} << 30) + 1, i64{1} << 31 >> 1};
  for (int n = 0; n < 25; ++n) Ps.push_back(std::uniform_int_distribution<i64>(1'000, INT32_MAX)(rng));
  for (const i64 P : Ps) {
    const CirculantSkips s = circulant_skips(P);
    std::vector<i64> ranks{0, 1, P - 1, P - s.skip[static_cast<size_t>(s.q) - 1]};
    for (int n = 0; n < 4; ++n) ranks.push_back(std::uniform_int_distribution<i64>(0, P - 1)(rng));
    for (const i64 k : {i64{3}, 2 * i64{s.q} + 3}) {
      CAPTURE(P);
      CAPTURE(k);
      for (const i64 r : ranks) {
        CAPTURE(r);
        if (r != 0) CHECK(circulant_recv_blocks(s, r) == circulant_window_recv_blocks(P, r));
        const api::RankProgram me = circulant_rank_program(P, k, r);
        // Every item exactly once (the source: none), each forwarded only once held.
        std::vector<i64> got(static_cast<size_t>(k), -1);
        for (const api::Transfer& x : me.recvs) {
          REQUIRE(got[static_cast<size_t>(x.item)] == -1);
          got[static_cast<size_t>(x.item)] = x.step;
        }
        CHECK(std::count(got.begin(), got.end(), -1) == (r == 0 ? k : 0));
        CHECK(static_cast<i64>(me.recvs.size()) == (r == 0 ? 0 : k));
        for (const api::Transfer& x : me.sends) {
          CHECK((r == 0 ? x.item <= x.step : got[static_cast<size_t>(x.item)] <= x.step));
          CHECK(has(circulant_rank_program(P, k, x.peer).recvs, api::Transfer{x.step + 1, r, x.item}));
        }
        for (const api::Transfer& x : me.recvs)
          CHECK(has(circulant_rank_program(P, k, x.peer).sends, api::Transfer{x.step - 1, r, x.item}));
      }
    }
  }
}

TEST_CASE("circulant blocks and rank program: bad input is an InputError") {
  CHECK_THROWS_AS(circulant_skips(1), InputError);
  CHECK_THROWS_AS(circulant_skips(i64{1} << 31), InputError);
  CHECK_THROWS_AS(circulant_rank_program(0, 3, 0), InputError);
  CHECK_THROWS_AS(circulant_rank_program(i64{1} << 31, 3, 0), InputError);
  CHECK_THROWS_AS(circulant_rank_program(10, 0, 0), InputError);
  CHECK_THROWS_AS(circulant_rank_program(10, 3, -1), InputError);
  CHECK_THROWS_AS(circulant_rank_program(10, 3, 10), InputError);
  CHECK_THROWS_AS(circulant_window_recv_blocks(10, 0), InputError);
  CHECK_THROWS_AS(circulant_window_recv_blocks(1, 0), InputError);
}
