// The k-item baselines MPI libraries run (engine/kitem/baselines.hpp): every
// generator's schedule is accepted by the independent simulator for every P <= 40, k <= 12,
// L = 1..4, never beats the lower bound (engine/kitem/bounds.hpp), and meets its closed form
// where one is known:
//  - chain: (k - 1) + (P - 1) L (item i reaches processor p at i + pL, no port ever waits);
//  - binomial, one item: ceil(log2 P) for L = 1 (rank 1 is served by the root's last send),
//    q L for P = 2^q (the first-child path has q hops of L); k items, P = 2^q: q (k - 1) + q L
//    (the root sends each item q times, every other processor serves its < q children
//    within the q steps between two of its receptions, so only the root's sends serialise);
//  - two-tree, split-binary and scatter-allgather with P = 2: k - 1 + L (a single chain).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "kbroadcast_baselines.hpp"
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"
#include "kitem/baselines_table.hpp"
#include "kitem/bounds.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

std::int64_t ceil_log2(std::int64_t P) {
  std::int64_t q = 0;
  while ((std::int64_t{1} << q) < P) ++q;
  return q;
}

std::int64_t simulated_time(BaselineKind kind, int L, std::int64_t P, std::int64_t k) {
  const Schedule s = baseline_schedule(kind, L, P, k);
  const SimulationResult r = simulate(s);
  INFO("L=" << L << " P=" << P << " k=" << k << ": " << r.violation.text);
  REQUIRE(r.ok);
  return last_reception(s);
}

}  // namespace

TEST_CASE("baselines: simulated ok and >= the lower bound for every P <= 40, k <= 12, L = 1..4") {
  for (const BaselineInfo& b : baselines())
    for (int L = 1; L <= 4; ++L)
      for (std::int64_t P = 2; P <= 40; ++P)
        for (std::int64_t k = 1; k <= 12; ++k) {
          INFO(b.name);
          const std::int64_t t = simulated_time(b.kind, L, P, k);
          CHECK(t >= kitem_lower_bound(L, P, k));
        }
}

TEST_CASE("chain pipeline: (k - 1) + (P - 1) L") {
  for (int L = 1; L <= 4; ++L)
    for (std::int64_t P = 2; P <= 40; ++P)
      for (std::int64_t k = 1; k <= 12; ++k) CHECK(simulated_time(BaselineKind::chain, L, P, k) == k - 1 + (P - 1) * L);
}

TEST_CASE("binomial pipeline: ceil(log2 P) for one item and L = 1, q (k - 1 + L) for P = 2^q") {
  for (std::int64_t P = 2; P <= 40; ++P) CHECK(simulated_time(BaselineKind::binomial, 1, P, 1) == ceil_log2(P));
  for (int L = 1; L <= 4; ++L)
    for (std::int64_t q = 1; q <= 6; ++q)
      for (std::int64_t k = 1; k <= 12; ++k)
        CHECK(simulated_time(BaselineKind::binomial, L, std::int64_t{1} << q, k) == q * (k - 1 + L));
}

TEST_CASE("every baseline with P = 2 is the single chain: k - 1 + L") {
  for (const BaselineInfo& b : baselines())
    for (int L = 1; L <= 4; ++L)
      for (std::int64_t k = 1; k <= 12; ++k) CHECK(simulated_time(b.kind, L, 2, k) == k - 1 + L);
}

TEST_CASE("baselines table: rows carry every baseline, ours and the bound, bad input is refused") {
  const BaselineTable t = baselines_table({1, 2}, {8, 13}, {1, 6}, time_limit_each(10));
  REQUIRE(t.rows.size() == 8);
  CHECK(t.ok());
  for (const BaselineRow& r : t.rows) {
    CHECK(r.baselines.size() == baselines().size());
    REQUIRE(r.ours.has_value());
    CHECK(*r.ours >= r.lower_bound);
    if (r.L == 1) CHECK(*r.ours == r.lower_bound);  // the circulant schedule
    for (const BaselineTime& b : r.baselines) CHECK(b.time >= r.lower_bound);
  }
  CHECK_THROWS(baselines_table({1}, {1}, {3}, Limits{}));
  CHECK_THROWS(baselines_table({1}, {5}, {0}, Limits{}));
  CHECK_THROWS(baselines_table({1}, {100'000}, {100}, Limits{}));
}

}  // namespace blockcast

namespace blockcast {

TEST_CASE("baselines rendering: text row, JSON fields, SVG of time and ratio") {
  const BaselineTable t = baselines_table({1}, {16}, {1, 2, 4}, Limits{});
  const std::string row = baselines_row_text(t.rows.back());
  CHECK(row.find("circulant") != std::string::npos);
  const nlohmann::json j = baselines_json(t);
  CHECK(j["rows"].size() == 3);
  CHECK(j["rows"][0]["baselines"].size() == baselines().size());
  CHECK(j["rows"][2]["blockcast"]["time"] == 7);  // k - 1 + ceil(log2 16)
  for (bool ratio : {false, true}) {
    const std::string svg = baselines_svg(t, ratio);
    CHECK(svg.find("</svg>") != std::string::npos);
    CHECK(svg.find("two-tree") != std::string::npos);
  }
  CHECK_THROWS(baselines_svg(baselines_table({1}, {16}, {4}, Limits{}), false));
}

}  // namespace blockcast
