// The counting model of k-item broadcast (search/kitem/counting_cnf.hpp, counting_exact.hpp)
// against the pair model (search/kitem/kitem_cnf.hpp, exact.hpp): two independent encodings of
// the postal rules must give the same optimum on every small cell; every SAT answer of the
// counting model is decoded into messages and replayed by the simulator (inside the run, and
// again here), and the time one below the lower bound of Karp et al. 1993, Thm 3.1 (as
// corrected, engine/kitem/bounds.hpp) is refuted with a DRAT proof the independent checker
// accepts. The symmetry breaking is checked by deciding the same times without it.
#include <doctest/doctest.h>

#include <string>

#include "kitem/bounds.hpp"
#include "kitem/counting_cnf.hpp"
#include "kitem/counting_exact.hpp"
#include "kitem/exact.hpp"
#include "sanitized.hpp"
#include "simulator.hpp"

using namespace blockcast;

namespace {
bool verified_unsat(const TimeAttempt& a) {
  return a.verdict == Verdict::impossible && a.detail.find("verified by the independent checker") != std::string::npos;
}
}  // namespace

TEST_CASE("k-item counting model: same optimum as the pair model, SAT answers replay") {
  const int max_P = testing::sanitized ? 5 : 8;
  for (int L = 1; L <= 4; ++L)
    for (int P = 2; P <= max_P; ++P)
      for (int k = 1; k <= 4; ++k) {
        CAPTURE(L);
        CAPTURE(P);
        CAPTURE(k);
        const int lb = static_cast<int>(kitem_lower_bound(L, P, k));
        const int max_T = lb + 2 * L + P + k;
        const KItemExact pair = kitem_exact(L, P, k, lb, max_T);
        // Started one below the proved bound: that time must be refuted with a checked proof.
        const KItemExact counting = kitem_counting_exact(L, P, k, lb - 1, max_T);
        REQUIRE(pair.verdict == Verdict::solved);
        REQUIRE(counting.verdict == Verdict::solved);
        CHECK(*counting.optimum == *pair.optimum);
        REQUIRE(counting.attempts.size() >= 2);
        CHECK(verified_unsat(counting.attempts[0]));
        REQUIRE(counting.schedule);
        const SimulationResult sim = simulate(*counting.schedule);
        CHECK(sim.ok);
        CHECK(schedule_time(*counting.schedule) == *counting.optimum);
      }
}

TEST_CASE("k-item counting model: symmetry breaking keeps the answer") {
  // Without the item and processor orders the model is the plain counting model; with them it
  // must be satisfiable exactly when the plain one is (at the optimum and one below it).
  for (int L = 2; L <= 3; ++L)
    for (int P = 3; P <= 6; ++P)
      for (int k = 2; k <= 3; ++k) {
        CAPTURE(L);
        CAPTURE(P);
        CAPTURE(k);
        const int lb = static_cast<int>(kitem_lower_bound(L, P, k));
        for (int T = lb - 1; T <= lb; ++T) {
          CAPTURE(T);
          sat::CountingProblem plain{L, P, k, T, false, false};
          sat::CountingProblem broken{L, P, k, T, true, true};
          const CheckedAnswer a = decide_checked(sat::CountingCnf(plain).cnf(), {});
          const CheckedAnswer b = decide_checked(sat::CountingCnf(broken).cnf(), {});
          CHECK(a.verdict == b.verdict);
          CHECK(a.verdict == (T == lb ? Verdict::solved : Verdict::impossible));
          if (b.verdict == Verdict::solved) CHECK(simulate(sat::CountingCnf(broken).decode(b.sat)).ok);
        }
      }
}

TEST_CASE("k-item counting model: a horizon too short is refuted, bad sizes are refused") {
  const KItemExact none = kitem_counting_exact(2, 4, 2, 2, 4);
  CHECK(none.verdict == Verdict::impossible);
  CHECK(!none.schedule);
  CHECK_THROWS_AS(sat::CountingCnf(sat::CountingProblem{0, 4, 2, 5}), std::invalid_argument);
  CHECK_THROWS_AS(sat::CountingCnf(sat::CountingProblem{2, 1, 2, 5}), std::invalid_argument);
  CHECK_THROWS_AS(sat::CountingCnf(sat::CountingProblem{2, 4000, 16, 100}), std::invalid_argument);
}
