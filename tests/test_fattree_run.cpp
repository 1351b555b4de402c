// The fat-tree runs (search/fattree/fattree_run.hpp; Dimakopoulos and Dimopoulos 1995) through
// the run and through the public API (include/blockcast/fattree.hpp): the optima of
// docs/fattree.md for n = 4 and 8 ("The settled table"), the simulated paper schedules, bad
// input (one line; InvalidInput from the API) and a deadline that cannot be met (UNKNOWN, never
// IMPOSSIBLE). The JSON of the API is the command's (reports/fattree_run.hpp).
#include <doctest/doctest.h>

#include <blockcast/fattree.hpp>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>

#include "checked.hpp"
#include "fattree/fattree_run.hpp"
#include "fattree_run.hpp"

namespace api = blockcast::api;
namespace ft = blockcast::fattree;

namespace {

api::FattreeSearchRequest search(const std::string& op, std::int64_t n, const std::string& caps,
                                 const std::string& model = "", int steps = 0) {
  api::FattreeSearchRequest r;
  r.op = op;
  r.n = n;
  r.capacities = caps;
  r.model = model;
  r.steps = steps;
  r.time_limit = 120;  // the values below take a second or less
  return r;
}

// Every SOLVED decision's witness was replayed within its steps; IMPOSSIBLE ones carry their evidence.
void check_decisions(const api::FattreeSearchResult& r) {
  for (const auto& d : r.runs) {
    if (d.verdict == api::Verdict::solved) {
      CHECK(!d.witness.injections.empty());
      CHECK(d.witness_simulated_steps <= d.steps);
    }
    if (d.verdict == api::Verdict::impossible && r.solver == "sat") CHECK(d.proof.find("verified") != std::string::npos);
  }
}

int minimum_of(const api::FattreeSearchRequest& req) {
  const api::FattreeSearchResult r = ft::run_fattree_search(req);
  check_decisions(r);
  CHECK(r.verdict == api::Verdict::solved);
  CHECK(r.minimum == r.best_found);
  CHECK(r.lower_bound == r.minimum.value_or(-1));
  return r.minimum.value_or(-1);
}

}  // namespace

TEST_CASE("fattree run: the settled n = 4 and 8 optima of docs/fattree.md") {
  CHECK(minimum_of(search("total-exchange", 4, "ebft")) == 6);
  CHECK(minimum_of(search("total-exchange", 8, "ebft")) == 11);  // below the conjectured 12
  CHECK(minimum_of(search("total-exchange", 8, "ebft", "queue-free")) == 11);
  CHECK(minimum_of(search("total-exchange", 4, "cbft")) == 7);
  CHECK(minimum_of(search("total-exchange", 8, "linear")) == 11);
  CHECK(minimum_of(search("broadcast", 8, "cbft")) == 6);
  CHECK(minimum_of(search("scatter", 8, "cbft")) == 9);
  CHECK(minimum_of(search("multinode-broadcast", 8, "cbft")) == 9);
  CHECK(minimum_of(search("multinode-broadcast", 8, "cbft", "flood")) == 13);  // the CSP by default
}

TEST_CASE("fattree run: the walk's evidence, and one step bound at a time") {
  const api::FattreeSearchResult walk = ft::run_fattree_search(search("total-exchange", 8, "ebft"));
  CHECK(walk.solver == "sat");
  CHECK(walk.lower_bound_source == "exact search: IMPOSSIBLE at 10");
  CHECK(walk.reason.find("minimum 11") == 0);
  CHECK(walk.seconds > 0);
  const api::FattreeSearchResult no = ft::run_fattree_search(search("total-exchange", 8, "ebft", "", 10));
  REQUIRE(no.runs.size() == 1);
  CHECK(no.verdict == api::Verdict::impossible);
  CHECK(!no.minimum);
  const api::FattreeSearchResult yes = ft::run_fattree_search(search("total-exchange", 8, "ebft", "", 11));
  CHECK(yes.verdict == api::Verdict::solved);
  CHECK(yes.best_found == 11);
  check_decisions(yes);
  const api::FattreeSearchResult csp = ft::run_fattree_search(search("queue-free-mnb", 8, "cbft", "flood", 12));
  CHECK(csp.solver == "csp");
  CHECK(csp.verdict == api::Verdict::impossible);
  CHECK(csp.runs.front().nodes > 0);
}

TEST_CASE("fattree run: the API gives the run's result and the command's JSON") {
  const api::FattreeSearchResult a = api::fattree_search(search("broadcast", 8, "cbft"));
  CHECK(a.minimum == 6);
  const auto j = nlohmann::json::parse(api::to_json(a));
  CHECK(j["format"] == "blockcast-fattree-search");
  CHECK(j["verdict"] == "SOLVED");
  CHECK(j["minimum"] == "6");
  CHECK(!j.contains("command"));
  CHECK(j["runs"].size() == a.runs.size());
  for (std::size_t i = 0; i < a.runs.size(); ++i)  // a witness exactly where a bound was SOLVED
    CHECK(j["runs"][i].contains("witness") == (a.runs[i].verdict == api::Verdict::solved));
  CHECK(j["runs"][0]["witness"].size() == a.runs[0].witness.injections.size());  // 6: SOLVED, then 5
  api::FattreeSimulateRequest s{"broadcast", 8, "cbft", false, false};
  const api::FattreeSimulateResult sim = api::fattree_simulate(s);
  CHECK(sim.accepted);
  CHECK(sim.row.simulated == 6);
  CHECK(sim.row.paper_formula == 6);
  CHECK(sim.row.status == "ok");
  CHECK(nlohmann::json::parse(api::to_json(sim))["verdict"] == "ACCEPTED");
}

TEST_CASE("fattree run: simulate, table and plot") {
  const api::FattreeSimulateResult rejected = ft::run_fattree_simulate({"multinode-broadcast", 8, "cbft", true, false});
  CHECK(!rejected.accepted);
  CHECK(rejected.reason.find("schedule rejected") == 0);
  const api::FattreeSimulateResult te = ft::run_fattree_simulate({"total-exchange", 8, "ebft", false, true});
  CHECK(te.row.simulated == 12);  // eq. (3): n + 2 log n - 2
  CHECK(te.row.delivered == te.row.required);
  CHECK(!te.trace.empty());
  const api::FattreeTableResult t = ft::run_fattree_table({{4, 8}, "cbft,ebft"});
  CHECK(t.accepted);
  CHECK(t.rows.size() == 2 * 2 * 6);  // patterns x sizes x operations
  const api::FattreePlotResult p = ft::run_fattree_plot({{std::string(FT_RUN_DATA_DIR) + "/search_te_ebft8_queue_free_11.json"}});
  CHECK(p.accepted);
  REQUIRE(p.rows.size() == 1);
  CHECK(p.rows[0].best == 11);
  CHECK(p.rows[0].formula == 12);
}

TEST_CASE("fattree run: bad input is one line, InvalidInput from the API") {
  const auto one_line = [](const auto& f) {
    try {
      f();
    } catch (const blockcast::InputError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
      return true;
    }
    return false;
  };
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 6, "cbft")); }));
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 8, "cbft", "flood")); }));
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 8, "cbft", "sideways")); }));
  CHECK(one_line([] { ft::run_fattree_search(search("shuffle", 8, "cbft")); }));
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 8, "cbft", "", 401)); }));
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 0, "cbft")); }));
  CHECK(one_line([] { ft::run_fattree_search(search("total-exchange", 8, "1,2")); }));
  CHECK(one_line([] {
    auto r = search("total-exchange", 8, "cbft");
    r.time_limit = std::nan("");
    ft::run_fattree_search(r);
  }));
  CHECK(one_line([] {
    auto r = search("total-exchange", 8, "cbft", "queue-free");
    r.queue_bound = 2;
    ft::run_fattree_search(r);
  }));
  CHECK(one_line([] { ft::run_fattree_simulate({"", 8, "cbft", false, false}); }));
  CHECK(one_line([] { ft::run_fattree_simulate({"total-exchange", 2048, "cbft", false, false}); }));
  CHECK(one_line([] { ft::run_fattree_table({{}, "cbft"}); }));
  CHECK(one_line([] { ft::run_fattree_table({{8}, "1,2,4"}); }));
  CHECK(one_line([] { ft::run_fattree_plot({{std::string(FT_RUN_DATA_DIR) + "/nothing.json"}}); }));
  CHECK_THROWS_AS(api::fattree_search(search("total-exchange", 6, "cbft")), api::InvalidInput);
  CHECK_THROWS_AS(api::fattree_simulate({"broadcast", 3, "cbft", false, false}), api::InvalidInput);
}

TEST_CASE("fattree run: a deadline that cannot be met gives UNKNOWN, never IMPOSSIBLE") {
  // n = 16 EBFT queue-free total exchange at 19 steps: UNKNOWN after 600 s in docs/fattree.md.
  auto r = search("total-exchange", 16, "ebft", "queue-free", 19);
  r.time_limit = 0.5;
  const auto start = std::chrono::steady_clock::now();
  const api::FattreeSearchResult one = ft::run_fattree_search(r);
  CHECK(one.verdict == api::Verdict::unknown);
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 10);
  CHECK(one.reason.find("time limit") != std::string::npos);
  // The walk: whatever it decided before the deadline, the minimum stays open (19..21).
  r.steps = 0;
  r.time_limit = 1;
  const api::FattreeSearchResult walk = ft::run_fattree_search(r);
  CHECK(walk.verdict == api::Verdict::unknown);
  CHECK(!walk.minimum);
  CHECK(walk.lower_bound <= 19);
}
