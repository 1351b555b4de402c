// Beyond block-cyclic: the period scan behind `solve --P`, `table --period`
// and continuous-search (search/kitem/periodic_search.hpp). Every SOLVED period is replayed
// by the simulator inside periodic_search; here also from its JSON, as `check` reads it.
// The block-cyclic search and the periodic CNF are two independent methods: where the first
// finds a witness, the second must find one at the period lcm(block sizes).
#include <doctest/doctest.h>

#include <numeric>

#include "block_search.hpp"
#include "everyp/every_p.hpp"
#include "instance.hpp"
#include "kitem/periodic_search.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

using namespace blockcast;

TEST_CASE("period scan: L = 2, P = 6 stops at period 4, the first that reaches L + t = 6") {
  const PeriodScan s = scan_periods(2, 6, 6, 1, 6, {});
  REQUIRE(s.periods.size() == 4);
  for (int p = 1; p <= 3; ++p) CHECK(s.periods[p - 1].verdict == Verdict::impossible);
  REQUIRE(s.found());
  CHECK(s.found()->period == 4);
  CHECK(s.verdict() == Verdict::solved);
  CHECK(s.brief() == "period 4 reaches L+t");
  const nlohmann::json j = to_json(s);
  CHECK(j["verdict"] == "SOLVED");
  const PeriodicSchedule ps = periodic_schedule_from_json(j["schedule"], "test");  // the pattern, for any number of items
  CHECK_FALSE(check_periodic(ps));
  const SimulationResult sim = simulate(expand_periodic(ps, periodic_window(ps)));
  CHECK(sim.ok);
  CHECK(sim.max_delay <= 6);
  // `all` goes on past the first SOLVED period (continuous-search lists every period).
  CHECK(scan_periods(2, 6, 6, 4, 5, {}, true).periods.size() == 2);
}

TEST_CASE("period scan: every period refuted is IMPOSSIBLE about those periods only") {
  const PeriodScan s = scan_periods(4, 8, 12, 1, 3, {});
  CHECK(s.verdict() == Verdict::impossible);
  CHECK(s.brief() == "periods 1..3 refuted");
  CHECK(s.summary() == "periods 1..3 refuted (DRAT proofs verified)");
  for (const auto& o : s.periods) CHECK(o.detail.find("verified by the independent checker") != std::string::npos);
}

TEST_CASE("period scan: a limit leaves periods open, never refuted") {
  Limits past;
  past.deadline = Clock::now();
  const PeriodScan s = scan_periods(4, 8, 12, 1, 2, past);
  CHECK(s.verdict() == Verdict::unknown);
  CHECK(s.brief() == "periods 1..2 open");
  for (const auto& o : s.periods) CHECK(o.detail == "not searched: time limit reached");
  CHECK_THROWS_AS(scan_periods(4, 8, 12, 3, 2, {}), InputError);
  CHECK_THROWS_AS(scan_periods(4, 8, 12, 0, 2, {}), InputError);
}

TEST_CASE("beyond block-cyclic: searched only above the lower bound and up to kPeriodicMaxP") {
  CHECK_FALSE(beyond_block_cyclic(4, 8, 12, 12, 1, 1, {}));               // block-cyclic at the bound
  CHECK_FALSE(beyond_block_cyclic(2, kPeriodicMaxP + 1, 14, 15, 1, 1, {}));  // too many processors
  const auto s = beyond_block_cyclic(4, 8, 12, 13, 1, 1, {});
  REQUIRE(s);
  CHECK(s->brief() == "period 1 refuted");
}

TEST_CASE("periodic cells of a table: only cells above the bound, the same at 1 and 2 threads") {
  EveryPOptions opt;
  opt.threads = 1;
  for (int threads : {1, 2}) {
    CAPTURE(threads);
    std::vector<Cell> cells = every_p_table({2, 2}, {2, 10}, opt);
    search_periodic_cells(cells, 1, 4, {}, 0, threads);
    for (const auto& c : cells) {
      CAPTURE(c.P);
      if (c.optimal()) {
        CHECK(c.periodic.empty());
        continue;
      }
      if (c.P == 6) {
        CHECK(c.periodic == "period 4 reaches L+t");
        CHECK(c.periodic_at_bound);
      } else {
        REQUIRE(c.P == 9);  // L = 2: block-cyclic misses the bound at P = 6 and 9 here
        CHECK(c.periodic == "periods 1..4 refuted");
        CHECK_FALSE(c.periodic_at_bound);
      }
    }
  }
}

TEST_CASE("two methods agree: a block-cyclic witness means a periodic schedule of period lcm(block sizes)") {
  for (const std::pair<int, int>& Lt : {std::pair{3, 5}, std::pair{3, 6}, std::pair{4, 6}}) {
    const int L = Lt.first, t = Lt.second;  // not a structured binding: clang 14 cannot capture one in CAPTURE
    CAPTURE(L);
    CAPTURE(t);
    const Instance inst = optimal_instance(L, t);
    const SearchResult r = solve_exact(inst, {});
    REQUIRE(r.witness);
    int period = 1;
    for (const auto& b : r.witness->blocks) period = std::lcm(period, static_cast<int>(b.r));
    const PeriodicOutcome o = periodic_search(L, static_cast<int>(inst.P), static_cast<int>(inst.delay()), period);
    CHECK(o.verdict == Verdict::solved);
  }
}
