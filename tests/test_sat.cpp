// SAT back end (search/sat): cardinality encodings against brute force over all
// assignments, solve verdicts and limits, DRAT proofs accepted by the independent checker
// and corrupted proofs rejected.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cardinality.hpp"
#include "drat_check.hpp"
#include "solver.hpp"

using namespace blockcast::sat;
using blockcast::Verdict;

namespace {
// Pigeonhole: n pigeons into n-1 holes (UNSAT, needs real conflicts).
Cnf pigeonhole(int n) {
  Cnf cnf;
  std::vector<std::vector<Lit>> x(n);
  for (auto& row : x) row = cnf.new_vars(n - 1);
  for (auto& row : x) cnf.add_clause(row);
  for (int h = 0; h < n - 1; ++h) {
    std::vector<Lit> col;
    for (auto& row : x) col.push_back(row[h]);
    at_most(cnf, col, 1, CardEncoding::pairwise);
  }
  return cnf;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("blockcast_test_" + name)).string();
}
}  // namespace

TEST_CASE("cardinality encodings: exactly the models of the bound (brute force n <= 6)") {
  const CardEncoding encodings[] = {CardEncoding::automatic, CardEncoding::sequential, CardEncoding::totalizer};
  for (int n = 1; n <= 6; ++n)
    for (int k = -1; k <= n + 1; ++k)
      for (int kind = 0; kind < 3; ++kind)
        for (CardEncoding e : encodings)
          for (int mask = 0; mask < (1 << n); ++mask) {
            // Fix the inputs to `mask` and ask the solver whether the constraint allows it.
            Cnf cnf;
            std::vector<Lit> x = cnf.new_vars(n);
            if (kind == 0) at_most(cnf, x, k, e);
            if (kind == 1) at_least(cnf, x, k, e);
            if (kind == 2) exactly(cnf, x, k, e);
            for (int i = 0; i < n; ++i) cnf.add_unit((mask >> i & 1) ? x[i] : -x[i]);
            const int ones = __builtin_popcount(static_cast<unsigned>(mask));
            const bool want = kind == 0 ? ones <= k : kind == 1 ? ones >= k : ones == k;
            CAPTURE(n);
            CAPTURE(k);
            CAPTURE(kind);
            CAPTURE(mask);
            REQUIRE((solve(cnf).status == Verdict::solved) == want);
          }
}

TEST_CASE("totalizer outputs are the unary count") {
  Cnf cnf;
  std::vector<Lit> x = cnf.new_vars(7);
  std::vector<Lit> o = totalizer(cnf, x, 7);
  REQUIRE(o.size() == 7);
  for (int i = 0; i < 7; ++i) cnf.add_unit(i % 3 == 0 ? x[i] : -x[i]);  // 3 true
  auto r = solve(cnf);
  REQUIRE(r.status == Verdict::solved);
  for (int i = 0; i < 7; ++i) CHECK(r.value(o[i]) == (i < 3));
}

TEST_CASE("solve: SAT model satisfies every clause, UNSAT with a proof both checkers accept") {
  Cnf sat;
  auto v = sat.new_vars(3);
  sat.add_clause({v[0], v[1]});
  sat.add_clause({-v[0], v[2]});
  sat.add_clause({-v[2], -v[1]});
  auto r = solve(sat);
  REQUIRE(r.status == Verdict::solved);
  sat.for_each_clause([&](std::span<const Lit> c) {
    bool ok = false;
    for (Lit l : c) ok = ok || r.value(l);
    CHECK(ok);
  });

  Cnf php = pigeonhole(7);
  SatOptions opt;
  opt.proof_path = temp_path("php7.drat");
  opt.check_proof = true;  // CaDiCaL's own checker would abort on a bad proof
  auto u = solve(php, {}, opt);
  REQUIRE(u.status == Verdict::impossible);
  CHECK(u.stats.learned > 0);
  auto d = check_drat(php, opt.proof_path);
  CHECK(d.verified());
  CHECK(d.lemmas > 0);
  std::remove(opt.proof_path.c_str());
}

TEST_CASE("DRAT checker rejects bad proofs and handles RAT and deletions") {
  Cnf php = pigeonhole(5);
  {
    std::istringstream empty("");
    CHECK(check_drat(php, empty).verdict == Verdict::rejected);
  }
  {
    std::istringstream bogus("1 0\n0\n");  // "pigeon 1 in hole 1" is not implied
    auto d = check_drat(php, bogus);
    CHECK(d.verdict == Verdict::rejected);
    CHECK(d.message.find("neither RUP nor RAT") != std::string::npos);
  }
  {
    std::istringstream garbage("1 x 0\n");
    CHECK(check_drat(php, garbage).message.find("malformed") != std::string::npos);
  }
  // (1|2)(1|-2)(-1|2)(-1|-2) is not refuted by unit propagation. Lemma (3) over a fresh
  // variable is RAT but not RUP; (1|2|3) is satisfied, then deleted (honoured); (1) refutes.
  Cnf f;
  auto v = f.new_vars(2);
  f.add_clause({v[0], v[1]});
  f.add_clause({v[0], -v[1]});
  f.add_clause({-v[0], v[1]});
  f.add_clause({-v[0], -v[1]});
  std::istringstream rat("3 0\n1 2 3 0\nd 3 2 1 0\nd 4 0\n1 0\n0\n");
  auto d = check_drat(f, rat);
  CHECK(d.verified());
  CHECK(d.rat_lemmas == 1);
  CHECK(d.deletions == 2);
  CHECK(d.ignored_deletions == 1);  // (4) was never added
}

TEST_CASE("DRAT checker finds deleted clauses in any literal order, duplicates once each") {
  // 3000 binary clauses (more than the first hash table holds: it is rebuilt twice), each
  // added twice; the proof deletes every copy with its literals reversed, then one clause
  // that was never there. Unit propagation refutes nothing, so the proof ends open.
  Cnf f;
  auto v = f.new_vars(3001);
  for (int i = 0; i < 3000; ++i) {
    f.add_clause({v[i], -v[i + 1]});
    f.add_clause({-v[i + 1], v[i]});
  }
  std::string proof;
  for (int i = 0; i < 3000; ++i)
    for (int copy = 0; copy < 2; ++copy) proof += "d " + std::to_string(-v[i + 1]) + " " + std::to_string(v[i]) + " 0\n";
  proof += "d 1 2 0\n";
  std::istringstream in(proof);
  auto d = check_drat(f, in);
  CHECK(d.verdict == Verdict::rejected);
  CHECK(d.message.find("without deriving the empty clause") != std::string::npos);
  CHECK(d.deletions == 6001);
  CHECK(d.ignored_deletions == 1);
}

TEST_CASE("solve limits give UNKNOWN, never UNSAT") {
  Cnf php = pigeonhole(11);
  SatLimits lim;
  lim.conflicts = 10;
  auto r = solve(php, lim);
  CHECK(r.status == Verdict::unknown);
  CHECK(r.stop_reason == "conflict limit");
  std::atomic<bool> cancel{true};
  SatLimits stop;
  stop.cancel = &cancel;
  auto c = solve(php, stop);
  CHECK(c.status == Verdict::unknown);
  CHECK(c.stop_reason == "cancelled");
  // The command's deadline: CaDiCaL runs on its own thread and is left behind past it.
  SatLimits late;
  late.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  auto d = solve(pigeonhole(13), late);
  CHECK(d.status == Verdict::unknown);
  CHECK(d.stop_reason == "time limit");
}

TEST_CASE("DIMACS output: header and clauses") {
  Cnf cnf;
  auto v = cnf.new_vars(2);
  cnf.add_clause({v[0], -v[1]});
  std::ostringstream out;
  cnf.write_dimacs(out, {"test"});
  CHECK(out.str() == "c test\np cnf 2 1\n1 -2 0\n");
  CHECK_THROWS_AS(cnf.add_clause({3}), std::logic_error);
}
