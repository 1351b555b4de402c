// Per-rank programs (engine/per_rank.hpp): the program computed for one rank by
// counting equals the filtered explicit schedule of engine/expand.hpp, for every rank of
// every cell of an every-P table (optimal, ties and pruned trees, L = 2..5, P = 2..70), both
// for the k-item cut and for a window of the endless schedule; bad ranks and windows are
// refused with InputError.
#include <doctest/doctest.h>

#include "everyp/every_p.hpp"
#include "expand.hpp"
#include "per_rank.hpp"

using namespace blockcast;

namespace {

std::vector<Cell> cells() {
  EveryPOptions o;
  o.threads = 1;
  return every_p_table({2, 5}, {2, 70}, o);
}

// The explicit messages of `rank` whose send or arrival step lies in [lo, hi].
api::RankProgram window_of(const Schedule& s, i64 rank, i64 lo, i64 hi) {
  api::RankProgram p = schedule_program(s, rank);
  auto outside = [&](const api::Transfer& t) { return t.step < lo || t.step > hi; };
  std::erase_if(p.sends, outside);
  std::erase_if(p.recvs, outside);
  return p;
}

}  // namespace

TEST_CASE("per-rank program: counting equals the filtered expansion on every cell") {
  i64 compared = 0;
  for (const Cell& c : cells()) {
    REQUIRE(c.witness);
    const Assignment& a = *c.witness;
    INFO("L=" << c.L << " P=" << c.P);
    for (i64 k : {i64{1}, i64{3}, 2 * a.delay() + 1}) {
      const Schedule s = expand_assignment(a, k);
      for (i64 rank = 0; rank < a.P; ++rank) {
        INFO("k=" << k << " rank=" << rank);
        CHECK(assignment_program(a, rank, k) == schedule_program(s, rank));
        ++compared;
      }
    }
    // A window of the endless schedule: every item >= 0 whose message is in the window is
    // an item below first + steps, so the expansion of that many items holds them all.
    const i64 first = a.delay() + 2, steps = 2 * a.delay() + 3;
    const Schedule s = expand_assignment(a, first + steps);
    for (i64 rank = 0; rank < a.P; ++rank)
      CHECK(assignment_window(a, rank, first, steps) == window_of(s, rank, first, first + steps - 1));
  }
  MESSAGE(compared << " (cell, k, rank) programs compared");
}

TEST_CASE("per-rank program: bad rank, k or window") {
  const Cell c = cells().front();
  const Assignment& a = *c.witness;
  CHECK_THROWS_AS(assignment_program(a, -1, 3), InputError);
  CHECK_THROWS_AS(assignment_program(a, a.P, 3), InputError);
  CHECK_THROWS_AS(assignment_program(a, 0, 0), InputError);
  CHECK_THROWS_AS(assignment_window(a, 0, -1, 3), InputError);
  CHECK_THROWS_AS(assignment_window(a, 0, 0, -3), InputError);
  CHECK(assignment_window(a, 0, 5, 0).sends.empty());
}
