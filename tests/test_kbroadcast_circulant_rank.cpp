// One rank's program of the circulant schedule (engine/kitem/circulant_rank.hpp, issue 23
// part 2): for every P <= 300 and a few k, every rank's sends and receives, computed for
// that rank alone, equal its slice of the full schedule (engine/kitem/circulant.hpp).
#include <doctest/doctest.h>

#include <vector>

#include "kitem/circulant.hpp"
#include "kitem/circulant_rank.hpp"

using namespace blockcast;

namespace {

// Every rank's slice of the explicit schedule, compared with circulant_rank_program.
bool slices_match(i64 P, i64 k) {
  const Schedule s = circulant_schedule(P, k);
  std::vector<std::vector<CirculantTransfer>> sends(static_cast<size_t>(P)), recvs(static_cast<size_t>(P));
  for (const Message& m : s.messages) {  // by send step, then sender: each list comes out by step
    sends[static_cast<size_t>(m.sender)].push_back({m.send_step, m.receiver, m.item});
    recvs[static_cast<size_t>(m.receiver)].push_back({m.send_step, m.sender, m.item});
  }
  for (i64 r = 0; r < P; ++r) {
    const CirculantRankProgram p = circulant_rank_program(P, k, r);
    if (p.sends != sends[static_cast<size_t>(r)] || p.receives != recvs[static_cast<size_t>(r)] ||
        p.time != circulant_time(P, k)) {
      MESSAGE("P=" << P << " k=" << k << " rank " << r << ": program differs from the schedule's slice");
      return false;
    }
  }
  return true;
}

}  // namespace

TEST_CASE("circulant rank program: equals the schedule's slice for every rank, P <= 300") {
  int failures = 0;
  for (i64 P = 2; P <= 300 && failures < 3; ++P) {
    const i64 q = circulant_time(P, 1);
    for (i64 k : {i64{1}, i64{2}, q + 1, 2 * q + 3})
      if (!slices_match(P, k)) ++failures;
  }
  CHECK(failures == 0);
  CHECK_THROWS_AS(circulant_rank_program(10, 3, 10), InputError);
  CHECK_THROWS_AS(circulant_rank_program(1, 3, 0), InputError);
}
