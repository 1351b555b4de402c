// One rank's program of the circulant schedule (engine/kitem/circulant_rank.hpp):
// for every P <= 300 and a few k, every rank's sends and receives, computed for
// that rank alone, equal its slice of the full schedule (engine/kitem/circulant.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kitem/circulant.hpp"
#include "kitem/circulant_rank.hpp"
#include "per_rank.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

// Every rank's slice of the explicit schedule, compared with circulant_rank_program.
bool slices_match(i64 P, i64 k) {
  const Schedule s = circulant_schedule(P, k);
  for (i64 r = 0; r < P; ++r)
    if (circulant_rank_program(P, k, r) != schedule_program(s, r)) {
      MESSAGE("P=" << P << " k=" << k << " rank " << r << ": program differs from the schedule's slice");
      return false;
    }
  return true;
}

}  // namespace

TEST_CASE("circulant rank program: equals the schedule's slice for every rank, P <= 300 (k = 2q+3, and k = 1, 2, q+1 for P <= 100)") {
  int failures = 0;
  for (i64 P = 2; P <= 300 && failures < 3; ++P) {
    const i64 q = circulant_time(P, 1);
    // 2q + 3: a start residue, phases with dropped blocks, a full phase and the clamped end;
    // one and two phases for the smaller P. The per-rank phase part does not depend on k.
    if (!slices_match(P, 2 * q + 3)) ++failures;
    if (P <= 100)
      for (i64 k : {i64{1}, i64{2}, q + 1})
        if (!slices_match(P, k)) ++failures;
  }
  CHECK(failures == 0);
  CHECK_THROWS_AS(circulant_rank_program(10, 3, 10), InputError);
  CHECK_THROWS_AS(circulant_rank_program(1, 3, 0), InputError);
}

TEST_CASE("circulant rank program: seeded P up to 10^6, a few ranks against the generated messages") {
  const std::uint64_t seed = testing::test_seed("circulant rank program", 2024);
  CAPTURE(seed);
  std::mt19937_64 rng(seed);
  for (int sample = 0; sample < 3; ++sample) {
    const i64 P = std::uniform_int_distribution<i64>(301, 1'000'000)(rng);
    const CirculantSchedule c = circulant_implicit(P, 1);
    const i64 k = std::min<i64>(2 * c.phase.q + 3, std::max<i64>(1, 5'000'000 / P));
    const CirculantSchedule s = circulant_implicit(P, k);
    std::vector<i64> ranks{0, 1, P - 1};
    for (int n = 0; n < 3; ++n) ranks.push_back(std::uniform_int_distribution<i64>(0, P - 1)(rng));
    CAPTURE(P);
    CAPTURE(k);
    std::vector<api::RankProgram> want(ranks.size());
    for (size_t n = 0; n < ranks.size(); ++n) want[n].rank = ranks[n], want[n].L = 1;
    std::vector<std::uint8_t> has_last(static_cast<size_t>(P), 0);
    std::vector<Message> batch;
    for (i64 step = 0; step < s.time(); ++step) {
      circulant_step_messages(s, step, has_last, batch);
      for (const Message& m : batch)  // a rank sends and receives at most once per step: no order needed
        for (size_t n = 0; n < ranks.size(); ++n) {
          if (m.sender == ranks[n]) want[n].sends.push_back({m.send_step, m.receiver, m.item});
          if (m.receiver == ranks[n]) want[n].recvs.push_back({m.recv_step, m.sender, m.item});
        }
    }
    for (size_t n = 0; n < ranks.size(); ++n) {
      CAPTURE(ranks[n]);
      CHECK(circulant_rank_program(P, k, ranks[n]) == want[n]);
    }
  }
}
