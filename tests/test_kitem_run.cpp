// The k-item run (search/kitem/kitem_run.hpp; Karp et al. 1993 Sec. 3.1) and its public face
// (include/blockcast/blockcast.hpp kitem): the same run gives the same verdict, time and
// method; the fast-first bound (a schedule within about 1 s and 500 MB at L = 16, P = 100,
// k = 10 with a small time_limit); bad input is one InputError / InvalidInput line.
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <blockcast/blockcast.hpp>
#include <chrono>
#include <limits>
#include <vector>

#include "checked.hpp"
#include "kitem/kitem_run.hpp"
#include "simulator.hpp"

using namespace blockcast;

namespace {

KitemRequest request(int L, std::int64_t P, std::int64_t k, double time_limit) {
  KitemRequest q;
  q.L = L, q.P = P, q.k = k, q.time_limit = time_limit, q.threads = 1;
  return q;
}

long max_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

}  // namespace

// Within the budget every cell is decided the same way by both calls. A cell whose SAT
// endgame the deadline cut (UNKNOWN) may end differently in two calls on a loaded machine,
// so for those only the schedule's existence and the verdict are compared.
TEST_CASE("kitem_run and api::kitem agree on verdict, time and method (L 1..4, P 2..40, k 1..8)") {
  int cells = 0, unknown = 0;
#ifdef BLOCKCAST_SANITIZED  // 5-10x slower: a smaller grid, so that the 2 s budgets still decide it
  const std::vector<std::int64_t> Ps{2, 5, 12, 23}, ks{1, 2, 5};
#else
  const std::vector<std::int64_t> Ps{2, 3, 4, 5, 7, 9, 12, 16, 23, 31, 40}, ks{1, 2, 3, 4, 5, 6, 7, 8};
#endif
  for (int L = 1; L <= 4; ++L)
    for (std::int64_t P : Ps)
      for (std::int64_t k : ks) {
        CAPTURE(L);
        CAPTURE(P);
        CAPTURE(k);
        const KitemResult r = kitem_run(request(L, P, k, 2));
        const api::KItemSchedule s = api::kitem(L, P, k, api::Options{2, 1, {}});
        ++cells;
        REQUIRE(r.time >= 0);
        REQUIRE(s.found());
        CHECK(r.checks_ok);
        CHECK(r.time >= r.lower_bound);
        CHECK(s.lower_bound() == r.lower_bound);
        CHECK(r.optimal == (r.time == r.lower_bound || r.schedules.proved_optimal));
        // UNKNOWN only when the deadline cut a method and nothing proves the best optimal; one
        // call may be cut where the other was not, so each is held to the rule on its own.
        if (r.verdict == Verdict::unknown) CHECK(!r.optimal);
        if (s.verdict() == api::Verdict::unknown) CHECK(!s.optimal());
        if (r.verdict == Verdict::unknown || s.verdict() == api::Verdict::unknown) {
          ++unknown;
          continue;
        }
        CHECK(s.verdict() == api::Verdict::solved);
        CHECK(s.time() == r.time);
        CHECK(s.method() == r.method);
        CHECK(s.optimal() == r.optimal);
        if (const KItemSchedule* b = r.best(); b && !b->schedule.messages.empty()) CHECK(simulate(b->schedule).ok);
      }
  MESSAGE(cells << " cells, " << unknown << " cut by the 2 s deadline");
  CHECK(unknown < cells / 10);
}

TEST_CASE("fast first: L = 16, P = 100, k = 10 with a small time_limit returns a schedule within the bound") {
  const auto start = std::chrono::steady_clock::now();
  const KitemResult r = kitem_run(request(16, 100, 10, 1));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(r.time >= 0);
  CHECK(r.checks_ok);
  CHECK(r.time >= r.lower_bound);
  CHECK(r.time <= r.bounds.continuous_formula);  // never worse than the cut schedule
  // The verdict follows the one rule: SOLVED iff optimal or no limit stopped a method.
  CHECK((r.verdict == Verdict::solved) == (r.optimal || !r.time_limit_reached));
  CHECK(seconds < 1 * 1.1 + 2);  // slack for a loaded machine
  CHECK(max_rss_kb() < 500 * 1024);
  CHECK(!r.candidates.empty());
  CHECK(r.candidates.front().method == "continuous-search");
}

TEST_CASE("the default budget is finite and the same constant everywhere") {
  CHECK(KitemRequest{}.time_limit == api::kKitemTimeLimit);
  CHECK(api::kKitemTimeLimit > 0);
}

TEST_CASE("bad input: one InputError line from the run, InvalidInput from the face, never another exception") {
  CHECK_THROWS_AS(kitem_run(request(0, 10, 3, 1)), InputError);
  CHECK_THROWS_AS(kitem_run(request(3, 1, 3, 1)), InputError);
  CHECK_THROWS_AS(kitem_run(request(3, 10, 0, 1)), InputError);
  CHECK_THROWS_AS(kitem_run(request(3, 10, 3, -1)), InputError);
  CHECK_THROWS_AS(kitem_run(request(3, 10, 3, std::numeric_limits<double>::quiet_NaN())), InputError);
  CHECK_THROWS_AS(kitem_run(request(1, 20'000'000, 5, 1)), InputError);
  CHECK_THROWS_AS(api::kitem(0, 10, 3), api::InvalidInput);
  CHECK_THROWS_AS(api::kitem(2, 1, 3), api::InvalidInput);
  CHECK_THROWS_AS(api::kitem(2, 10, 0), api::InvalidInput);
  CHECK_THROWS_AS(api::kitem(2, 10, 3, api::Options{-1, 1, {}}), api::InvalidInput);
}
