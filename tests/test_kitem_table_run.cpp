// The k-item table and continuous-search runs (search/kitem/kitem_table_run.hpp,
// continuous_search_run.hpp) against their public face (include/blockcast/kitem_table.hpp):
// the same rows, verdict and JSON; a deadline gives UNKNOWN, never IMPOSSIBLE; bad input is
// one InputError / InvalidInput line. Also the verdict rules of the simple-schedule, latency
// and kbroadcast-baselines runs (Subramonian and Venkatasubramanian 1993 Sec. 6-7).
#include <doctest/doctest.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/kitem_table.hpp>
#include <nlohmann/json.hpp>

#include "checked.hpp"
#include "kitem/baselines_run.hpp"
#include "kitem/continuous_search_run.hpp"
#include "kitem/kitem_table_run.hpp"
#include "kitem/latency_run.hpp"
#include "kitem/simple_schedule_run.hpp"
#include "kbroadcast_table_run.hpp"

using namespace blockcast;

namespace {

// The JSON without what is measured.
nlohmann::json steady(nlohmann::json j) {
  if (j.is_object()) {
    for (const char* k : {"seconds", "exact_seconds"}) j.erase(k);
    for (auto& [k, v] : j.items()) v = steady(v);
  } else if (j.is_array()) {
    for (auto& v : j) v = steady(v);
  }
  return j;
}

}  // namespace

TEST_CASE("kitem_table: the exact rows of the run and of its face agree and lie within their bounds") {
  KitemTableRequest q;
  q.L = {2, 3}, q.P = {2, 5}, q.k = {1, 3};
  const KitemTableResult r = kitem_table_run(q);
  CHECK(r.verdict == Verdict::done);
  REQUIRE(r.rows.rows.size() == 2 * 4 * 3);
  for (const KItemRow& row : r.rows.rows) {
    REQUIRE(row.optimum);
    CHECK(*row.optimum >= row.lower_bound);
    if (row.ours_time) CHECK(*row.ours_time >= *row.optimum);
  }
  api::KitemTableRequest a;
  a.L = q.L, a.P = q.P, a.k = q.k;
  const api::KitemTable t = api::kitem_table(a);
  CHECK(t.verdict == api::Verdict::done);
  REQUIRE(t.rows.size() == r.rows.rows.size());
  for (std::size_t i = 0; i < t.rows.size(); ++i) CHECK(t.rows[i].optimum == r.rows.rows[i].optimum);
  CHECK(steady(nlohmann::json::parse(t.json)) == steady(to_json(kitem_table_run_outcome(r), "")));
}

TEST_CASE("kitem_table: ranges and rows under a deadline are UNKNOWN with (L P) not reached") {
  api::KitemTableRequest a;
  a.L = {1, 2}, a.P = {2, 30}, a.k = {1, 8}, a.ranges = true;
  const api::KitemTable t = api::kitem_table(a);
  CHECK(t.verdict == api::Verdict::done);
  CHECK(!t.cells.empty());
  for (const api::KitemTableRange& c : t.cells) CHECK(c.gap.has_value());
  a.time_limit = 1e-6;
  const api::KitemTable cut = api::kitem_table(a);
  CHECK(cut.verdict == api::Verdict::unknown);
  CHECK(cut.not_reached > 0);
  api::KitemTableRequest e;
  e.L = {2, 3}, e.P = {2, 8}, e.k = {1, 4}, e.time_limit = 1e-6;
  const api::KitemTable exact = api::kitem_table(e);
  CHECK(exact.verdict == api::Verdict::unknown);
  CHECK(exact.rows.empty());
  CHECK(exact.not_reached == 2 * 7 * 4);
}

TEST_CASE("kitem_table: bad requests are one line") {
  auto bad = [](auto change) {
    api::KitemTableRequest a;
    change(a);
    CHECK_THROWS_AS(api::kitem_table(a), api::InvalidInput);
  };
  bad([](api::KitemTableRequest& a) { a.L = {0, 2}; });
  bad([](api::KitemTableRequest& a) { a.P = {5, 2}; });
  bad([](api::KitemTableRequest& a) { a.P = {2, 13}; });
  bad([](api::KitemTableRequest& a) { a.k = {1, 9}; });
  bad([](api::KitemTableRequest& a) { a.exact_time_limit = 5; });
  bad([](api::KitemTableRequest& a) { a.time_limit = -1; });
  bad([](api::KitemTableRequest& a) { a.ranges = true, a.threads = -1; });
}

TEST_CASE("continuous_search: L = 3 and P = 6 reaches the bound at period 3 and a deadline is UNKNOWN") {
  api::ContinuousSearchRequest a;
  a.L = 3, a.P = 6, a.periods = {3, 3};
  const api::ContinuousSearch s = api::continuous_search(a);
  CHECK(s.verdict == api::Verdict::solved);
  CHECK(s.delay == s.lower_bound);
  CHECK(nlohmann::json::parse(s.json).contains("schedule"));
  ContinuousSearchRequest q;
  q.L = 3, q.P = 8, q.periods = {1, 2}, q.window = 3, q.time_limit = 1e-6;
  const ContinuousSearchResult cut = continuous_search_run(q);
  CHECK(cut.verdict == Verdict::unknown);
  CHECK(cut.outcomes.size() == 3);
  auto bad = [](auto change) {
    api::ContinuousSearchRequest b;
    b.L = 3, b.P = 8;
    change(b);
    CHECK_THROWS_AS(api::continuous_search(b), api::InvalidInput);
  };
  bad([](api::ContinuousSearchRequest& b) { b.t = 3; });
  bad([](api::ContinuousSearchRequest& b) { b.P = 300; });
  bad([](api::ContinuousSearchRequest& b) { b.delay = 2; });
  bad([](api::ContinuousSearchRequest& b) { b.periods = {0, 2}; });
  bad([](api::ContinuousSearchRequest& b) { b.P.reset(); });
}

TEST_CASE("the simple-schedule and latency and kbroadcast-baselines runs: verdicts") {
  SimpleScheduleRequest s;
  s.L = 3, s.P = {2, 12}, s.k = 20;
  const SimpleScheduleResult sr = simple_schedule_run(s);
  CHECK(sr.verdict == Verdict::done);
  CHECK(sr.rows.size() == 11);
  s.time_limit = 1e-6;
  CHECK(simple_schedule_run(s).verdict == Verdict::unknown);
  s.P = {5, 2};
  CHECK_THROWS_AS(simple_schedule_run(s), InputError);

  LatencyRequest l;
  l.L = 3, l.P = {10}, l.d = {0, 1}, l.k = 20, l.samples = 3;
  CHECK(latency_run(l).verdict == Verdict::done);
  l.time_limit = 1e-6;
  CHECK(latency_run(l).verdict == Verdict::unknown);
  l.P = {1};
  CHECK_THROWS_AS(latency_run(l), InputError);

  BaselinesRequest b;
  b.L = {1}, b.P = {16}, b.k = {1, 4};
  const BaselinesResult br = baselines_run(b);
  CHECK(br.verdict == Verdict::done);
  CHECK(br.table.rows.size() == 2);
  b.time_limit = -1;
  CHECK_THROWS_AS(baselines_run(b), InputError);
}
