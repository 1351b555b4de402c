// The plan (include/blockcast/plan.hpp, docs/mpi-plan.md) through the public API: the
// circulant's closed form at L = 1, every family's per-rank programs replayed by a checker
// written here (independent of engine/simulator.cpp), the choice against a brute force over
// the same grid, the trivial and bad inputs, and the JSON round trip.
#include <doctest/doctest.h>

#include <blockcast/blockcast.hpp>
#include <blockcast/plan.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "plan/families.hpp"
#include "plan/loggp.hpp"

namespace api = blockcast::api;

namespace {

api::PlanRequest request(std::int64_t P, std::int64_t bytes, double latency, double G, const std::string& family = "auto",
                         std::int64_t max_segments = 0) {
  api::PlanRequest r;
  r.P = P, r.bytes = bytes, r.network = {latency, 0, 0, G}, r.family = family, r.max_segments = max_segments;
  r.time_limit = 5;
  return r;
}

// Every rank's program replayed: returns "" or the first problem. Segments exist at the root
// from step 0; a rank may forward a segment from the step it arrives.
std::string replay(const api::Plan& p, const std::string& schedule) {
  const std::int64_t P = p.P, K = p.segments, L = p.L;
  std::vector<api::RankProgram> progs;
  for (std::int64_t r = 0; r < P; ++r) progs.push_back(api::plan_rank_program(p, schedule, r));
  std::map<std::int64_t, std::int64_t> held;  // rank * K + item -> arrival step
  std::int64_t last = 0;
  for (const auto& g : progs) {
    if (g.L != L) return "rank " + std::to_string(g.rank) + ": L differs";
    std::set<std::int64_t> steps;
    for (const auto& t : g.recvs) {
      if (g.rank == 0) return "the root receives";
      if (!steps.insert(t.step).second) return "two receptions in one step";
      if (t.item < 0 || t.item >= K) return "item out of range";
      if (!held.emplace(g.rank * K + t.item, t.step).second) return "segment received twice";
      last = std::max(last, t.step);
    }
    steps.clear();
    for (const auto& t : g.sends)
      if (!steps.insert(t.step).second) return "two sends in one step";
  }
  if (static_cast<std::int64_t>(held.size()) != (P - 1) * K) return "a segment never arrives";
  for (const auto& g : progs)
    for (const auto& t : g.recvs) {  // the matching send, L steps earlier, by a holder
      const auto& s = progs.at(static_cast<size_t>(t.peer)).sends;
      bool found = false;
      for (const auto& x : s) found = found || (x.step == t.step - L && x.peer == g.rank && x.item == t.item);
      if (!found) return "no matching send for a reception";
      if (t.peer != 0 && held.at(t.peer * K + t.item) > t.step - L) return "sender does not hold the segment";
    }
  std::int64_t sends = 0;
  for (const auto& g : progs) sends += static_cast<std::int64_t>(g.sends.size());
  if (sends != (P - 1) * K) return "sends and receptions differ in number";
  if (last != p.steps) return "last reception " + std::to_string(last) + " != steps " + std::to_string(p.steps);
  return "";
}

}  // namespace

TEST_CASE("plan: the circulant takes K - 1 + ceil(log2 P) steps and is chosen at L = 1") {
  // latency 0: one segment's transfer fits one step, so only L = 1 is useful.
  for (std::int64_t P : {2, 3, 7, 64, 100, 1000}) {
    const api::Plan p = api::plan(request(P, 1 << 20, 0, 1e-9));
    CHECK(p.family == "circulant");
    CHECK(p.L == 1);
    CHECK(p.steps == p.segments - 1 + static_cast<std::int64_t>(std::ceil(std::log2(static_cast<double>(P)))));
    CHECK(p.steps == p.lower_bound_steps);
    CHECK(p.predicted_seconds == doctest::Approx(static_cast<double>(p.steps) * p.step_seconds));
  }
}

TEST_CASE("plan: every family's per-rank programs form a valid broadcast") {
  for (const std::string& family : blockcast::plan_families())
    for (std::int64_t P : {2, 3, 5, 8, 13, 17, 33, 40})
      for (std::int64_t max_segments : {1, 2, 5, 16}) {
        if ((family == "kitem" && max_segments == 1) || (family == "tree" && max_segments != 1)) continue;
        CAPTURE(family);
        CAPTURE(P);
        CAPTURE(max_segments);
        const api::Plan p = api::plan(request(P, 16 * 1024, 1e-6, 1e-10, family, max_segments));
        REQUIRE(p.family == family);
        CHECK(p.segments <= max_segments);
        CHECK(p.steps >= p.lower_bound_steps);
        CHECK(replay(p, api::plan_schedule(p)) == "");
      }
}

TEST_CASE("plan: the choice is the smallest prediction over the grid") {
  for (std::int64_t P : {5, 64, 300})
    for (std::int64_t bytes : {1000, 16 * 1024, 1 << 20}) {
      CAPTURE(P);
      CAPTURE(bytes);
      const api::PlanRequest r = request(P, bytes, 1e-6, 1e-10);
      double best = std::numeric_limits<double>::infinity(), best_circulant = best;
      for (std::int64_t K : blockcast::segment_grid(bytes, 0)) {
        const std::int64_t s = (bytes + K - 1) / K;
        for (int L = 1; L <= blockcast::max_useful_latency(r.network, s); ++L)
          for (const std::string f : {"circulant", "kitem", "tree"})
            if (auto T = blockcast::closed_form_steps(f, L, P, K)) {
              const double t = static_cast<double>(*T) * std::max({s * 1e-10, (s * 1e-10 + 1e-6) / L});
              best = std::min(best, t);
              if (f == std::string("circulant")) best_circulant = std::min(best_circulant, t);
            }
      }
      const api::Plan p = api::plan(r);
      CHECK(p.predicted_seconds <= best * (1 + 1e-9));
      const api::Plan c = api::plan(request(P, bytes, 1e-6, 1e-10, "circulant"));
      CHECK(c.predicted_seconds == doctest::Approx(best_circulant).epsilon(1e-12));
    }
}

TEST_CASE("plan: P = 1, bytes = 0 and bytes below the segment cap") {
  const api::Plan one = api::plan(request(1, 1000, 1e-6, 1e-10));
  CHECK(one.family == "none");
  CHECK(one.steps == 0);
  CHECK(one.predicted_seconds == 0);
  CHECK(api::plan_rank_program(one, api::plan_schedule(one), 0).sends.empty());
  const api::Plan empty = api::plan(request(8, 0, 1e-6, 1e-10));
  CHECK(empty.family == "none");
  CHECK(empty.segments == 0);
  for (std::int64_t r = 0; r < 8; ++r) CHECK(api::plan_rank_program(empty, "", r).recvs.empty());
  for (std::int64_t bytes : {1, 5, 15}) {
    const api::Plan p = api::plan(request(8, bytes, 1e-6, 1e-10, "auto", 16));
    CHECK(p.segments <= bytes);
    CHECK(p.segment_bytes * p.segments >= bytes);
    CHECK(p.segment_bytes * (p.segments - 1) < bytes);  // no empty segment
    CHECK(replay(p, api::plan_schedule(p)) == "");
  }
}

TEST_CASE("plan: bad input throws InvalidInput") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(api::plan(request(0, 100, 1e-6, 1e-10)), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, -1, 1e-6, 1e-10)), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, 100, -1e-6, 1e-10)), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, 100, nan, 1e-10)), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, 100, 1e-6, nan)), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, 100, 1e-6, 1e-10, "bogus")), api::InvalidInput);
  CHECK_THROWS_AS(api::plan(request(4, 100, 1e-6, 1e-10, "auto", -1)), api::InvalidInput);
  const api::Plan p = api::plan(request(4, 100, 1e-6, 1e-10));
  CHECK_THROWS_AS(api::plan_rank_program(p, api::plan_schedule(p), 4), api::InvalidInput);
  CHECK_THROWS_AS(api::read_plan("{\"format\": \"blockcast-schedule\"}"), api::InvalidInput);
  CHECK_THROWS_AS(api::read_plan("not json"), api::InvalidInput);
}

TEST_CASE("plan: to_json and read_plan round-trip") {
  for (const std::string family : {"auto", "circulant", "kitem", "tree", "binomial"}) {
    CAPTURE(family);
    api::Plan p = api::plan(request(13, 16 * 1024, 1e-6, 1e-10, family, 8));
    const api::Plan q = api::read_plan(api::to_json(p));
    CHECK(q.schedule.empty());
    p.schedule.clear();
    CHECK(q.P == p.P);
    CHECK(q.family == p.family);
    CHECK(q.steps == p.steps);
    CHECK(q.step_seconds == p.step_seconds);
    CHECK(q.predicted_seconds == p.predicted_seconds);
    CHECK(q.network == p.network);
    CHECK(q.candidates.size() == p.candidates.size());
    CHECK(api::to_json(q) == api::to_json(p));
  }
}

// A size-dependent network (api::Network::ranges): eager below 64 KiB, rendezvous from it.
namespace {

std::string parse_error(const std::string& text) {
  try {
    api::parse_network(text);
  } catch (const api::InvalidInput& e) {
    return e.what();
  }
  return "";
}

// Slow per byte below 64 KiB, fast from it: large messages must use segments of >= 64 KiB.
const api::Network kSmallRange{1e-6, 0, 0, 1e-9};
const api::Network kLargeRange{5e-6, 0, 1e-6, 1e-10};
api::Network two_ranges() {
  api::Network n = kSmallRange;
  n.ranges = {{65536, kLargeRange.latency, kLargeRange.overhead, kLargeRange.gap, kLargeRange.gap_per_byte}};
  return n;
}

api::PlanRequest request(std::int64_t P, std::int64_t bytes, const api::Network& network) {
  api::PlanRequest r = request(P, bytes, 0, 0);
  r.network = network;
  return r;
}

}  // namespace

TEST_CASE("plan: a two-range network takes each segment size's own range") {
  const api::Network n = two_ranges();
  CHECK(n.range_for(65535).latency == kSmallRange.latency);
  CHECK(n.range_for(65536).latency == kLargeRange.latency);
  for (std::int64_t P : {16, 64}) {
    CAPTURE(P);
    // 16 KiB: every segment is below 64 KiB, so the plan is the small range's own.
    const api::Plan small = api::plan(request(P, 16 * 1024, n)), alone = api::plan(request(P, 16 * 1024, kSmallRange));
    CHECK(small.family == alone.family);
    CHECK(small.segments == alone.segments);
    CHECK(small.L == alone.L);
    CHECK(small.steps == alone.steps);
    CHECK(small.step_seconds == blockcast::step_seconds(kSmallRange, small.segment_bytes, small.L));
    CHECK(small.network == n);
    // 8 MiB: segments of >= 64 KiB at the large range's tau; no grid point predicts less.
    const std::int64_t bytes = 8 << 20;
    const api::Plan large = api::plan(request(P, bytes, n));
    CHECK(large.segment_bytes >= 65536);
    CHECK(large.step_seconds == blockcast::step_seconds(kLargeRange, large.segment_bytes, large.L));
    CHECK(large.formula.find("range from 65536 bytes") != std::string::npos);
    double best = std::numeric_limits<double>::infinity();
    for (std::int64_t K : blockcast::segment_grid(bytes, 0)) {
      const std::int64_t s = (bytes + K - 1) / K;
      const api::Network& r = s >= 65536 ? kLargeRange : kSmallRange;  // chosen here, not by range_for
      const double tau_min = std::max({r.gap, 2 * r.overhead, r.overhead + s * r.gap_per_byte});
      const double D = 2 * r.overhead + s * r.gap_per_byte + r.latency;
      for (int L = 1; L <= 16; ++L)
        for (const std::string f : {"circulant", "kitem", "tree"})
          if (auto T = blockcast::closed_form_steps(f, L, P, K))
            best = std::min(best, static_cast<double>(*T) * std::max(tau_min, D / L));
    }
    CHECK(large.predicted_seconds <= best * (1 + 1e-9));
    CHECK(replay(large, api::plan_schedule(large)) == "");
  }
}

TEST_CASE("plan: parse_network reads one or several ranges and names the bad piece") {
  CHECK(api::parse_network("latency=1e-6,gap_per_byte=1e-10") == api::Network{1e-6, 0, 0, 1e-10});
  CHECK(api::parse_network(" from=0, latency=1e-6 ,overhead=2e-7,gap=3e-7,gap_per_byte=1e-10") ==
        api::Network{1e-6, 2e-7, 3e-7, 1e-10});
  const api::Network n =
      api::parse_network("latency=4.4e-6,gap=2e-9,gap_per_byte=1.41e-10;from=65536,latency=2.33e-5,gap=6.97e-6,gap_per_byte=1.063e-10");
  CHECK(n.latency == 4.4e-6);
  REQUIRE(n.ranges.size() == 1);
  CHECK(n.ranges[0] == api::NetworkRange{65536, 2.33e-5, 0, 6.97e-6, 1.063e-10});
  CHECK(api::parse_network(api::to_text(n)) == n);
  CHECK(api::parse_network(api::to_text(two_ranges())) == two_ranges());
  CHECK(api::to_text(api::Network{1e-6, 0, 0, 1e-10}) == "latency=1e-06,overhead=0,gap=0,gap_per_byte=1e-10");

  CHECK(parse_error("latency=abc") == "'latency=abc' is not key=number with a number >= 0 (seconds)");
  CHECK(parse_error("latency=-1") == "'latency=-1' is not key=number with a number >= 0 (seconds)");
  CHECK(parse_error("") == "the network text is empty (latency=..,gap_per_byte=..)");
  CHECK(parse_error("bogus=1") == "unknown key 'bogus' (from, latency, overhead, gap, gap_per_byte)");
  CHECK(parse_error("latency=1,latency=2") == "'latency' is given twice");
  CHECK(parse_error("latency=1e-6;gap=2e-9") == "every range but the first starts with from=BYTES in range 2 'gap=2e-9'");
  CHECK(parse_error("latency=1e-6;;from=9,gap=1") == "range 2 is empty (ranges are separated by ';', keys by ',')");
  CHECK(parse_error("from=5,latency=1") == "the first range is from 0: leave out from= or write from=0");
  CHECK(parse_error("latency=1;from=x,gap=1") == "'from=x' is not from=BYTES with an integer >= 0 in range 2 'from=x,gap=1'");
  CHECK(parse_error("latency=1;gap=1,from=9") == "'from=9' must come first in its range in range 2 'gap=1,from=9'");
  CHECK(parse_error("latency=1;from=100,gap=1;from=100,gap=2") ==
        "from=100 is not above the previous range's from=100 in range 3 'from=100,gap=2'");
  CHECK(parse_error("latency=1;from=9,gap=x") == "'gap=x' is not key=number with a number >= 0 (seconds) in range 2 'from=9,gap=x'");
}

TEST_CASE("plan: a network's ranges are checked and carried by to_json and read_plan") {
  api::Network bad = two_ranges();
  bad.ranges[0].from_bytes = 0;  // the range from 0 is the four fields
  CHECK_THROWS_AS(api::plan(request(4, 1000, bad)), api::InvalidInput);
  bad = two_ranges();
  bad.ranges.push_back(bad.ranges[0]);  // not ascending
  CHECK_THROWS_AS(api::plan(request(4, 1000, bad)), api::InvalidInput);
  bad = two_ranges();
  bad.ranges[0].gap = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(api::plan(request(4, 1000, bad)), api::InvalidInput);

  const api::Plan p = api::plan(request(13, 1 << 20, two_ranges()));
  const std::string json = api::to_json(p);
  CHECK(json.find("\"from_bytes\": 65536") != std::string::npos);
  const api::Plan q = api::read_plan(json);
  CHECK(q.network == two_ranges());
  CHECK(api::to_json(q) == json);
  // A plain network's JSON has no ranges, as before.
  CHECK(api::to_json(api::plan(request(13, 1 << 20, kSmallRange))).find("ranges") == std::string::npos);
}
