// The complete search against the regression oracle, against brute force over all words,
// across implementations (threads, memo, pruning), limits, and the induction certificate.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <functional>
#include <cmath>
#include <random>
#include <sstream>

#include "block_search.hpp"
#include "brute_force.hpp"
#include "conjecture.hpp"
#include "postal.hpp"
#include "test_seed.hpp"
#include "word.hpp"

using namespace blockcast;

namespace {
struct Row {
  int L, t;
  std::string verdict;
};
std::vector<Row> regression_rows() {
  std::ifstream in(std::string(BLOCKCAST_TEST_DATA) + "/regression.tsv");
  REQUIRE(in);
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    Row r;
    std::string shape;
    ss >> r.L >> r.t >> shape >> r.verdict;
    rows.push_back(r);
  }
  return rows;
}

using testing::brute_force_solvable;
}  // namespace

TEST_CASE("Karp et al. 1993: L=3, t=7 SOLVED and L=4, t=8 IMPOSSIBLE") {
  SearchOptions o;
  auto a = solve_exact(optimal_instance(3, 7), o);
  CHECK(a.verdict == Verdict::solved);
  REQUIRE(a.witness);
  CHECK(!check_assignment(optimal_instance(3, 7), *a.witness));
  CHECK(solve_exact(optimal_instance(4, 8), o).verdict == Verdict::impossible);
}

TEST_CASE("regression: every instance L <= 12, t <= 3L re-decided (2 threads)") {
  for (const auto& row : regression_rows()) {
    SearchOptions o;
    o.threads = 2;
    auto r = solve_exact(optimal_instance(row.L, row.t), o);
    CAPTURE(row.L);
    CAPTURE(row.t);
    CHECK(to_string(r.verdict) == row.verdict);
    if (r.witness) CHECK(!check_assignment(optimal_instance(row.L, row.t), *r.witness));
  }
}

TEST_CASE("every implementation agrees: threads 1/2, memo on/off, pruning on/off") {
  for (const auto& row : regression_rows()) {
    if (row.L > 6) continue;
    CAPTURE(row.L);
    CAPTURE(row.t);
    for (int threads : {1, 2})
      for (bool memo : {true, false})
        for (bool prune : {true, false}) {
          SearchOptions o;
          o.threads = threads, o.memo = memo, o.prune = prune;
          CHECK(to_string(solve_exact(optimal_instance(row.L, row.t), o).verdict) == row.verdict);
        }
  }
}

TEST_CASE("search agrees with brute force over all words on small instances") {
  int compared = 0;
  for (int L = 1; L <= 5; ++L)
    for (int t = 0; t <= 3 * L; ++t) {
      Instance I = optimal_instance(L, t);
      double space = 1;
      for (const auto& b : I.blocks)
        for (i64 k = 0; k < b.count; ++k) space *= std::pow(L, b.r - 1);
      if (space > 2e6) continue;
      CAPTURE(L);
      CAPTURE(t);
      bool brute = brute_force_solvable(I);
      CHECK((solve_exact(I, SearchOptions{}).verdict == Verdict::solved) == brute);
      ++compared;
    }
  CHECK(compared >= 30);
}

TEST_CASE("a node limit gives UNKNOWN, never IMPOSSIBLE") {
  SearchOptions o;
  o.limits.max_nodes = 1;
  o.memo = false;
  auto r = solve_exact(optimal_instance(10, 30), o);
  CHECK(r.verdict == Verdict::unknown);
}

TEST_CASE("conjecture L=3..6: certificates verify, induction composes, paper's x=b for L=3") {
  for (int L = 3; L <= 6; ++L) {
    ConjectureOptions co;
    auto r = run_conjecture(L, co);
    REQUIRE(r.verdict == Verdict::solved);
    CHECK(r.certificate.t0 >= L);
    CHECK(verify_certificate(r.certificate).size() == static_cast<std::size_t>(L));
    // A certificate survives its JSON round trip.
    CHECK(verify_certificate(certificate_from_json(to_json(r.certificate))).size() == static_cast<std::size_t>(L));
    if (L == 3) CHECK(r.certificate.x == 1);
  }
  // Tampering is caught: a base case with a different receive-only letter.
  auto r = run_conjecture(3, ConjectureOptions{});
  r.certificate.base_cases[0].receive_only = 0;
  CHECK_THROWS_AS(verify_certificate(r.certificate), InputError);
}

// --- Root-level capacity pre-check (counting proof before any search) -------------------

TEST_CASE("L=2 capacity pre-check: t = 4 .. max_depth all IMPOSSIBLE at once, naming letter a") {
  // With letters a, b every block (r, r+1) must use b^{r-1} (u + sum(w) = 0 mod r), so only
  // the receive-only processor can take an 'a', while the tree has f_{t-2} leaves 'a'.
  const auto start = std::chrono::steady_clock::now();
  int decided = 0;
  for (int t = 4; t <= max_depth(2); ++t) {
    CAPTURE(t);
    const Instance I = optimal_instance(2, t);
    const SearchResult r = solve_exact(I, SearchOptions{});
    CHECK(r.verdict == Verdict::impossible);
    CHECK(r.covered.rfind("letter a: " + std::to_string(fib(2, t - 2)) + " leaves, blocks can absorb at most 0 plus 1", 0) == 0);
    decided += r.verdict == Verdict::impossible;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("L=2, t=4.." << max_depth(2) << ": " << decided << " instances decided in " << seconds << " s");
  CHECK(decided == max_depth(2) - 3);
  CHECK(seconds < 0.5);
  // Under a node limit that stops any search the pre-check still decides; without pruning
  // (no pre-check) the same call stays UNKNOWN, so the proof came from counting.
  SearchOptions tight;
  tight.limits.max_nodes = 1;
  CHECK(solve_exact(optimal_instance(2, 16), tight).verdict == Verdict::impossible);
  tight.prune = false;
  CHECK(solve_exact(optimal_instance(2, 16), tight).verdict == Verdict::unknown);
}

TEST_CASE("L=2 capacity pre-check: t = 2, 3 stay SOLVED, a fixed receive-only letter counts once") {
  for (int t : {2, 3}) {
    const Instance I = optimal_instance(2, t);
    const SearchResult r = solve_exact(I, SearchOptions{});
    CHECK(r.verdict == Verdict::solved);
    REQUIRE(r.witness);
    CHECK(!check_assignment(I, *r.witness));
  }
  // I(3): block (2, 3) must take the 'b', so the receive-only processor needs the 'a'.
  for (bool prune : {true, false}) {
    SearchOptions o;
    o.prune = prune;
    o.receive_only = 1;
    const SearchResult r = solve_exact(optimal_instance(2, 3), o);
    CHECK(r.verdict == Verdict::impossible);
    if (prune) CHECK(r.covered.rfind("letter a: 1 leaves, blocks can absorb at most 0 plus 0 receive-only", 0) == 0);
  }
}

TEST_CASE("capacity pre-check: parity of the r = 2 blocks") {
  // One block (2, u=1) needs an odd letter; the leaves are a and c. Each letter alone fits
  // (the receive-only processor could take it), the parity count does not.
  Instance I;
  I.L = 3, I.T = 1, I.t = 1, I.P = 4;
  I.blocks = {{2, 1, 1}};
  I.letters = {1, 0, 1};
  REQUIRE(I.consistency_error().empty());
  const SearchResult r = solve_exact(I, SearchOptions{});
  CHECK(r.verdict == Verdict::impossible);
  CHECK(r.covered.rfind("odd letters: 0 leaves, but 1 are needed", 0) == 0);
  CHECK(!brute_force_solvable(I));
  SearchOptions no_prune;
  no_prune.prune = false;
  CHECK(solve_exact(I, no_prune).verdict == Verdict::impossible);
}

TEST_CASE("capacity pre-check never contradicts brute force on random small instances") {
  // Random block multisets (r <= 5, any u) and random letter multisets of the right size:
  // many are refuted by the counting proof; each verdict must match brute force.
  const std::uint64_t seed = testing::test_seed("capacity pre-check test", 20240611);
  INFO("seed " << seed);
  std::mt19937 rng(seed);
  int refuted = 0, solved = 0;
  for (int n = 0; n < 300; ++n) {
    Instance I;
    I.L = 1 + static_cast<int>(rng() % 4);
    I.T = 8;
    const int nblocks = 1 + static_cast<int>(rng() % 3);
    i64 lower = 1;  // lower-case receptions plus the receive-only processor
    for (int b = 0; b < nblocks; ++b) {
      const int r = 1 + static_cast<int>(rng() % 5);
      I.blocks.push_back({r, static_cast<i64>(rng() % 9), 1});
      lower += r - 1;
    }
    normalize_blocks(I.blocks);
    I.letters.assign(I.L, 0);
    for (i64 k = 0; k < lower; ++k) ++I.letters[rng() % I.L];
    I.P = I.processors() + 1;
    REQUIRE(I.consistency_error().empty());
    CAPTURE(n);
    const SearchResult r = solve_exact(I, SearchOptions{});
    const bool brute = brute_force_solvable(I);
    CHECK((r.verdict == Verdict::solved) == brute);
    CHECK(r.verdict != Verdict::unknown);
    refuted += r.verdict == Verdict::impossible && r.covered.find("leaves") != std::string::npos;
    solved += brute;
  }
  MESSAGE(refuted << " of 300 refuted by counting, " << solved << " solvable");
  CHECK(refuted > 0);
  CHECK(solved > 0);
}
