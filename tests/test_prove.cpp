// The independent prover (search/sat/prove.hpp, docs/prover.md) against the regression
// oracle (every small IMPOSSIBLE row confirmed with a checked DRAT proof), against the exact
// search on receive-only / extendable variants, with and without symmetry breaking, and
// limits (UNKNOWN, never IMPOSSIBLE).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "block_search.hpp"
#include "prove.hpp"
#include "sanitized.hpp"

using namespace blockcast;

namespace {
struct Row {
  int L = 0, t = 0;
  std::string verdict, methods;
};
std::vector<Row> rows() {
  std::ifstream in(std::string(BLOCKCAST_TEST_DATA) + "/regression.tsv");
  REQUIRE(in);
  std::vector<Row> out;
  std::string line, shape;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    Row r;
    ss >> r.L >> r.t >> shape >> r.verdict >> r.methods;
    out.push_back(r);
  }
  return out;
}

sat::ProveResult run(const Instance& I, sat::ProveOptions o = {}) {
  o.limits.time_limit = 60;
  return sat::prove(I, o);
}
}  // namespace

TEST_CASE("prove confirms every IMPOSSIBLE regression row with L <= 8 by a checked proof") {
  int confirmed = 0;
  for (const auto& row : rows()) {
    if (row.verdict != "IMPOSSIBLE" || row.L > 8) continue;
    CAPTURE(row.L);
    CAPTURE(row.t);
    auto r = run(optimal_instance(row.L, row.t));
    CHECK(r.verdict == Verdict::impossible);
    CHECK(r.drat.verified());
    CHECK(row.methods.find("sat") != std::string::npos);
    ++confirmed;
  }
  CHECK(confirmed >= 6);  // L=2 t=4,5,6; L=4 t=8; L=6 t=12; L=8 t=16
}

TEST_CASE("prove agrees with every regression row with L <= 6, witnesses checked") {
  for (const auto& row : rows()) {
    if (row.L > 6) continue;
    CAPTURE(row.L);
    CAPTURE(row.t);
    Instance I = optimal_instance(row.L, row.t);
    auto r = run(I);
    CHECK(to_string(r.verdict) == row.verdict);
    if (r.witness) CHECK(!check_assignment(I, *r.witness));
  }
}

TEST_CASE("prove agrees with the exact search on receive-only and extendable variants") {
  int impossible = 0, compared = 0;
  for (int L = 2; L <= 5; ++L)
    for (int t = L + 1; t <= 3 * L; ++t)
      for (Letter x = 0; x < L; ++x)
        for (bool ext : {false, true}) {
          Instance I = optimal_instance(L, t);
          SearchOptions so;
          so.receive_only = x;
          so.extendable = ext;
          sat::ProveOptions po;
          po.encoding.receive_only = x;
          po.encoding.extendable = ext;
          auto s = solve_exact(I, so);
          auto p = run(I, po);
          CAPTURE(L);
          CAPTURE(t);
          CAPTURE(x);
          CAPTURE(ext);
          REQUIRE(s.verdict != Verdict::unknown);
          CHECK(p.verdict == s.verdict);
          if (p.witness) CHECK(p.witness->receive_only == x);
          impossible += p.verdict == Verdict::impossible;
          ++compared;
        }
  CHECK(compared > 100);
  CHECK(impossible > 20);
}

TEST_CASE("symmetry breaking loses no solution (L <= 5, t <= 3L)") {
  for (int L = 1; L <= 5; ++L)
    for (int t = 0; t <= 3 * L; ++t) {
      Instance I = optimal_instance(L, t);
      sat::ProveOptions plain;
      plain.encoding.symmetry = false;
      CAPTURE(L);
      CAPTURE(t);
      CHECK(run(I).verdict == run(I, plain).verdict);
    }
}

TEST_CASE("prove: a conflict limit gives UNKNOWN, never IMPOSSIBLE") {
  sat::ProveOptions o;
  o.limits.conflicts = 1;
  auto r = sat::prove(optimal_instance(12, 25), o);  // needs hundreds of conflicts
  CHECK(r.verdict == Verdict::unknown);
  CHECK(r.sat.stop_reason == "conflict limit");
}

TEST_CASE("prove: bad options are input errors") {
  sat::ProveOptions o;
  o.encoding.receive_only = 5;
  CHECK_THROWS_AS(sat::prove(optimal_instance(3, 7), o), InputError);
  sat::ProveOptions e;
  e.encoding.extendable = true;
  CHECK_THROWS_AS(sat::prove(optimal_instance(3, 2), e), InputError);  // no blocks, no root
}

TEST_CASE("prove agrees with the ties and pruned regression rows with L <= 4 (trimming chosen by the solver)") {
  std::ifstream in(std::string(BLOCKCAST_TEST_DATA) + "/regression_shapes.tsv");
  REQUIRE(in);
  std::string line, shape, verdict;
  std::getline(in, line);  // header
  int impossible = 0, compared = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    int L = 0, T = 0;
    i64 P = 0, removed = 0;
    ss >> L >> P >> shape >> T >> removed >> verdict;
    if (L > 4 && verdict != "IMPOSSIBLE") continue;
    CAPTURE(L);
    CAPTURE(P);
    CAPTURE(shape);
    sat::ProveOptions o;
    o.limits.time_limit = 60;
    auto r = sat::prove(tree_spec(L, P, parse_shape(shape)), o);
    CHECK(to_string(r.verdict) == verdict);
    if (r.witness) {
      CHECK(r.witness->shape == parse_shape(shape));
      CHECK(!check_assignment(claimed_instance(*r.witness), *r.witness));
    }
    impossible += r.verdict == Verdict::impossible;
    ++compared;
  }
  CHECK(impossible == 6);  // ties: L=2 P=6,9,13,14; L=4 P=8; L=6 P=10
  CHECK(compared > 60);
}

// The counts encoding (search/sat/counts_cnf.hpp): the same tests over both encodings, and
// the t = 2L rows far beyond what the residue encoding's proofs reach.
TEST_CASE("prove --encoding counts agrees with every regression row (L <= 12), witnesses checked") {
  int impossible = 0;
  for (const auto& row : rows()) {
    CAPTURE(row.L);
    CAPTURE(row.t);
    Instance I = optimal_instance(row.L, row.t);
    sat::ProveOptions o;
    o.form = sat::CnfForm::counts;
    auto r = run(I, o);
    CHECK(to_string(r.verdict) == row.verdict);
    CHECK(r.form == sat::CnfForm::counts);
    if (r.witness) CHECK(!check_assignment(I, *r.witness));
    if (r.verdict == Verdict::impossible) CHECK(r.drat.verified());
    impossible += r.verdict == Verdict::impossible;
  }
  CHECK(impossible == 8);  // L=2 t=4,5,6; t = 2L for L = 4..12 even
}

TEST_CASE("prove --encoding counts agrees with the exact search on receive-only variants (L <= 5, t <= 3L)") {
  int impossible = 0, compared = 0;
  for (int L = 2; L <= 5; ++L)
    for (int t = L + 1; t <= 3 * L; ++t)
      for (Letter x = 0; x < L; ++x)
        for (bool symmetry : {true, false}) {
          Instance I = optimal_instance(L, t);
          SearchOptions so;
          so.receive_only = x;
          sat::ProveOptions po;
          po.form = sat::CnfForm::counts;
          po.encoding.receive_only = x;
          po.encoding.symmetry = symmetry;
          auto s = solve_exact(I, so);
          auto p = run(I, po);
          CAPTURE(L);
          CAPTURE(t);
          CAPTURE(x);
          REQUIRE(s.verdict != Verdict::unknown);
          CHECK(p.verdict == s.verdict);
          if (p.witness) {
            CHECK(p.witness->receive_only == x);
            CHECK(!check_assignment(I, *p.witness));
          }
          impossible += p.verdict == Verdict::impossible;
          ++compared;
        }
  CHECK(compared > 200);
  CHECK(impossible > 40);
}

TEST_CASE("prove --encoding counts: t = 2L is IMPOSSIBLE for every even L <= 64 (checked proofs), SOLVED for odd L") {
  const int top = testing::sanitized ? 32 : 64;
  for (int L = 3; L <= top; ++L) {
    CAPTURE(L);
    sat::ProveOptions o;
    o.form = sat::CnfForm::counts;
    auto r = run(optimal_instance(L, 2 * L), o);
    CHECK(r.verdict == (L % 2 == 0 ? Verdict::impossible : Verdict::solved));
    if (L % 2 == 0) CHECK(r.drat.verified());
    if (r.witness) CHECK(r.witness->receive_only == (L - 1) / 2);  // the only letter the sum allows
  }
}

TEST_CASE("prove --encoding counts: unsupported forms are input errors") {
  sat::ProveOptions o;
  o.form = sat::CnfForm::counts;
  o.encoding.extendable = true;
  CHECK_THROWS_AS(sat::prove(optimal_instance(3, 7), o), InputError);
  sat::ProveOptions p;
  p.form = sat::CnfForm::counts;
  CHECK_THROWS_AS(sat::prove(tree_spec(3, 6, Shape::ties), p), InputError);  // P-1 = 5 < f_6: one leaf removed
  CHECK_THROWS_AS(sat::parse_cnf_form("hall"), InputError);
}
