// The generalized induction (search/induction.hpp, SPEC Sec. 6-7; Karp et al. 1993, Sec. 3.3 and
// Thm 3.5; docs/induction.md): the tree bookkeeping behind it, the pruned L = 2 certificate,
// its compositions up to t = 40, rejection of corrupted certificates, and that optimal
// certificates (with or without the "shape" field) still verify.
#include <doctest/doctest.h>

#include <map>

#include "conjecture.hpp"
#include "everyp/trim_search.hpp"
#include "expand.hpp"
#include "legal_words.hpp"
#include "postal.hpp"
#include "simulator.hpp"
#include "trim.hpp"

using namespace blockcast;

namespace {

// One run per L for the whole file: each takes about a second (the table replays every
// composed schedule up to P ~ 18000 in the simulator).
const ConjectureResult& pruned_run(int L) {
  static std::map<int, ConjectureResult> done;
  auto it = done.find(L);
  if (it == done.end()) {
    ConjectureOptions co;
    co.shape = Shape::pruned;
    it = done.emplace(L, run_conjecture(L, co)).first;
  }
  return it->second;
}

}  // namespace

TEST_CASE("decomposition bookkeeping: T_T = T_{T-1} (root + front child) + T_{T-L}, pruned counts add up") {
  for (int L = 2; L <= 5; ++L)
    for (int t = 2 * L; t <= 30; ++t) {
      INFO("L=", L, " t=", t);
      const TreeSpec s = tree_spec_for_t(L, t, Shape::pruned);
      const TreeSpec prev = tree_spec_for_t(L, t - 1, Shape::pruned);
      const TreeSpec back = tree_spec_for_t(L, t - L, Shape::pruned);
      CHECK(s.T == t + 1);
      CHECK(s.P - 1 == (prev.P - 1) + (back.P - 1));        // f_t = f_{t-1} + f_{t-L}
      CHECK(s.removed == prev.removed + back.removed);      // f_{t+1-L} = f_{t-L} + f_{t+1-2L}
      // Node classes: T_T's classes are those of T_{T-1} and T_{T-L} (same r0, hence same
      // u = L-1+r0), except that the root's r0 grows by one.
      std::map<int, i64> want;
      for (const auto& c : node_classes(L, prev.T)) want[c.r0] += c.nodes;
      for (const auto& c : node_classes(L, back.T)) want[c.r0] += c.nodes;
      const int root_r0 = prev.T - L + 1;
      CHECK(want[root_r0] >= 1);
      if (--want[root_r0] == 0) want.erase(root_r0);
      want[root_r0 + 1] += 1;
      std::map<int, i64> have;
      for (const auto& c : node_classes(L, s.T)) have[c.r0] += c.nodes;
      CHECK(have == want);
      // Leaves (letters 0..L-1) simply add up.
      const auto lf = full_leaves(L, s.T), lp = full_leaves(L, prev.T), lb = full_leaves(L, back.T);
      for (int j = 0; j < L; ++j) CHECK(lf[j] == lp[j] + lb[j]);
    }
}

TEST_CASE("pruned induction L=2: t0=5, x=b, certificate verifies and survives JSON") {
  const ConjectureResult r = pruned_run(2);
  REQUIRE(r.verdict == Verdict::solved);
  const Certificate& c = r.certificate;
  CHECK(c.shape == Shape::pruned);
  CHECK(c.t0 == 5);  // pruned(2..4) have no x-extendable solutions for any x (complete searches)
  CHECK(c.x == 1);   // b, as in the paper's optimal-tree induction
  CHECK(root_block(c.base_cases[0])->r == 3);  // root of T_6 (5 children) lost 2 leaves
  CHECK(verify_certificate(c) == std::vector<int>{7, 8});
  const nlohmann::json j = to_json(c);
  CHECK(j.at("shape") == "pruned");
  const Certificate back = certificate_from_json(j);
  CHECK(back.shape == Shape::pruned);
  CHECK(back.base_cases == c.base_cases);
  CHECK(verify_certificate(back) == std::vector<int>{7, 8});
  // Every smaller t has some pruned schedule (no induction constraints).
  for (const auto& s : r.smaller) CHECK(s.verdict == Verdict::solved);
}

TEST_CASE("pruned L=2 table: delay L+t+1 verified for t=2..40, optimal delay L+t impossible from t=4") {
  const ConjectureResult r = pruned_run(2);
  REQUIRE(r.verdict == Verdict::solved);
  REQUIRE(r.table.size() == 39);
  for (const auto& row : r.table) {
    INFO("t=", row.t);
    CHECK(row.P == fib(2, row.t) + 1);
    CHECK(row.delay == 2 + row.t + 1);
    CHECK(row.pruned == Verdict::solved);
    REQUIRE(row.schedule);
    const Assignment& a = *row.schedule;
    CHECK(a.shape == Shape::pruned);
    CHECK(a.P == row.P);
    CHECK_FALSE(check_assignment(claimed_instance(a), a).has_value());
    CHECK(row.source == (row.t < 5 ? "search" : row.t < 7 ? "base case" : "composed"));
    // Theorem 3.4's side: block-cyclic schedules on T_t exist only for t = 2, 3.
    CHECK(row.optimal == (row.t <= 3 ? Verdict::solved : Verdict::impossible));
    // t = 2: the pruned tree the search found is T_2 itself, which ends one step early.
    CHECK(row.achieved == (row.t == 2 ? row.delay - 1 : row.delay));
    CHECK(row.simulated == (row.P * (3 * (2 + row.t + 1) + 1 + 2 + row.t + 1) <= 2'000'000));
  }
  CHECK(r.table.back().P == 165'580'142);  // f_40 + 1: composed in multiplicities only
}

TEST_CASE("composed pruned schedules replay in the postal model with delay L+t+1") {
  const ConjectureResult r = pruned_run(2);
  REQUIRE(r.verdict == Verdict::solved);
  const auto chain = extend_certificate(r.certificate, 14);
  REQUIRE(chain.size() == 10);  // t = 5 .. 14
  for (const auto& a : chain) {
    INFO("t=", a.t);
    CHECK(a.T == a.t + 1);
    CHECK(a.receive_only == 1);
    SimulationResult s = simulate(expand_assignment(a, 3 * a.delay() + 1));
    CHECK(s.ok);
    CHECK(s.max_delay == a.t + 3);
    CHECK(s.every_delay_expected());
  }
  // The root grows by one x per step: the t = 14 root has T - L = 13 children minus its trim.
  const BlockWord* root = root_block(chain.back());
  REQUIRE(root);
  CHECK(root->u == 15);
  CHECK(root->r == root_block(chain.front())->r + 9);
}

TEST_CASE("pruned induction for L=3 and L=4 composes as well") {
  for (int L = 3; L <= 4; ++L) {
    const ConjectureResult r = pruned_run(L);
    REQUIRE(r.verdict == Verdict::solved);
    CHECK(r.certificate.t0 == (L == 3 ? 6 : 9));
    CHECK(verify_certificate(r.certificate).size() == static_cast<std::size_t>(L));
    for (const auto& a : extend_certificate(r.certificate, 30))
      CHECK_FALSE(check_assignment(claimed_instance(a), a).has_value());
  }
}

TEST_CASE("corrupted pruned certificates are rejected with InputError") {
  const ConjectureResult r = pruned_run(2);
  REQUIRE(r.verdict == Verdict::solved);
  const Certificate good = r.certificate;
  SUBCASE("wrong x") {
    Certificate c = good;
    c.x = 2;
    CHECK_THROWS_WITH_AS(verify_certificate(c), doctest::Contains("the certificate says c"), InputError);
  }
  SUBCASE("a base case with one block too many") {
    Certificate c = good;
    c.base_cases[1].blocks.back().count += 1;
    CHECK_THROWS_WITH_AS(verify_certificate(c), doctest::Contains("not a pruned tree"), InputError);
  }
  SUBCASE("a base case that is a legal pruned tree of the wrong size") {
    Certificate c = good;
    c.base_cases[0] = good.base_cases[1];  // pruned(6) listed as pruned(5)
    c.base_cases[0].t = 5;
    CHECK_THROWS_WITH_AS(verify_certificate(c), doctest::Contains("needs P = f_t + 1 = 9"), InputError);
  }
  SUBCASE("a base case whose shape is not the certificate's") {
    Certificate c = good;
    c.base_cases[0].shape = Shape::optimal;
    CHECK_THROWS_WITH_AS(verify_certificate(c), doctest::Contains("must have shape pruned"), InputError);
  }
  SUBCASE("the receive-only letter changed in every base case (letter conservation)") {
    Certificate c = good;
    c.x = 0;
    for (auto& a : c.base_cases) a.receive_only = 0;
    CHECK_THROWS_WITH_AS(verify_certificate(c), doctest::Contains("letter a"), InputError);
  }
  SUBCASE("a legal base case whose root word cannot absorb x") {
    // Some pruned(t) solution with receive-only b found without the extendability
    // constraint; its root is not b-extendable.
    std::optional<Assignment> stuck;
    for (int t = 5; t <= 9 && !stuck; ++t) {
      SearchOptions so;
      so.receive_only = 1;
      SearchResult s = solve_shape(tree_spec_for_t(2, t, Shape::pruned), so);
      if (s.witness && !self_loop_position(root_block(*s.witness)->r, root_block(*s.witness)->u,
                                           root_block(*s.witness)->word, 1))
        stuck = s.witness;
    }
    REQUIRE(stuck);
    CHECK(check_base_case(*stuck, 1, Shape::pruned).value().find("not extendable") != std::string::npos);
  }
  SUBCASE("shape ties is not an induction shape; unknown shapes do not parse") {
    Certificate c = good;
    c.shape = Shape::ties;
    CHECK_THROWS_AS(verify_certificate(c), InputError);
    nlohmann::json j = to_json(good);
    j["shape"] = "bogus";
    CHECK_THROWS_AS(certificate_from_json(j), InputError);
  }
  SUBCASE("without its shape field a pruned certificate reads as optimal and fails") {
    nlohmann::json j = to_json(good);
    j.erase("shape");
    CHECK_THROWS_AS(verify_certificate(certificate_from_json(j)), InputError);
  }
  SUBCASE("compose refuses mixed shapes") {
    ConjectureResult opt = run_conjecture(3, ConjectureOptions{});
    REQUIRE(opt.verdict == Verdict::solved);
    CHECK_THROWS_AS(compose(good.base_cases[1], opt.certificate.base_cases[0], good.x), InputError);
  }
}

TEST_CASE("optimal certificates still verify, with and without the shape field") {
  const ConjectureResult r = run_conjecture(3, ConjectureOptions{});
  REQUIRE(r.verdict == Verdict::solved);
  CHECK(r.certificate.shape == Shape::optimal);
  CHECK(r.table.empty());
  nlohmann::json j = to_json(r.certificate);
  CHECK(j.at("shape") == "optimal");
  j.erase("shape");  // a certificate written before shapes existed
  const Certificate old = certificate_from_json(j);
  CHECK(old.shape == Shape::optimal);
  CHECK(verify_certificate(old).size() == 3);
  // The optimal chain also extends far: everything is multiplicities.
  const auto chain = extend_certificate(old, 40);
  CHECK(chain.back().P == fib(3, 40) + 1);
  CHECK_FALSE(check_assignment(optimal_instance(3, 40), chain.back()).has_value());
}

// SPEC Sec. 7: the induction extends only the root of I(t-1); I(t-L) needs receive-only x
// and nothing of its root. compose() therefore accepts a back half whose root word is not
// x-extendable (the conjecture scan composes base cases from such halves), and the result is
// a base case that verifies from scratch.
TEST_CASE("compose takes a t-L half whose root is not extendable") {
  int found = 0;
  for (int L = 3; L <= 6 && found < 3; ++L) {
    ConjectureOptions co;
    co.method = Method::auto_;
    const ConjectureResult res = run_conjecture(L, co);
    REQUIRE(res.verdict == Verdict::solved);
    const Certificate& c = res.certificate;
    const Assignment& prev = c.base_cases.back();  // t = t0 + L - 1
    const Instance back_inst = optimal_instance(L, prev.t + 1 - L);
    for (std::uint64_t seed = 1; seed <= 200 && found < 3; ++seed) {
      ConstructiveOptions o;
      o.x = c.x, o.extendable = false, o.seed = seed;
      const ConstructiveResult back = solve_repair(back_inst, o);
      if (back.verdict != Verdict::solved) continue;
      const BlockWord* root = root_block(*back.witness);
      if (!root || self_loop_position(root->r, root->u, root->word, c.x)) continue;
      CHECK(check_base_case(*back.witness, c.x));  // not a base case: its root is not extendable
      const Assignment t = compose(prev, *back.witness, c.x);
      CHECK_FALSE(check_base_case(t, c.x));
      CHECK(t.t == prev.t + 1);
      ++found;
    }
  }
  CHECK(found > 0);
}

// verify_certificate checks the compositions of an optimal certificate in multiplicities
// (root word carried, instance identity I(t) = I(t-1) + I(t-L) checked); extend_certificate
// builds them. The two must agree: every built case verifies from scratch, with all words,
// and its root word is the one the counted check carried.
TEST_CASE("counted compositions agree with the compositions built") {
  for (int L = 3; L <= 12; ++L) {
    CAPTURE(L);
    ConjectureOptions co;
    co.method = Method::auto_;
    const ConjectureResult res = run_conjecture(L, co);
    REQUIRE(res.verdict == Verdict::solved);
    const Certificate& c = res.certificate;
    const std::vector<int> counted = verify_certificate(c);
    REQUIRE(counted.size() == static_cast<std::size_t>(L));
    const std::vector<Assignment> built = extend_certificate(c, c.t0 + 2 * L - 1);
    REQUIRE(built.size() == static_cast<std::size_t>(2 * L));
    for (int i = 0; i < L; ++i) {
      const Assignment& a = built[L + i];
      CHECK(a.t == counted[i]);
      CHECK_FALSE(check_base_case(a, c.x));
    }
  }
}
