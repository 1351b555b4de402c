// The trimmed-tree search (search/everyp/trim_search.hpp) against an independent oracle: every
// trimming profile enumerated explicitly, each resulting instance decided by the plain
// search of block_search.hpp. Run over implementations (threads, memo, pruning) and with
// the induction constraints (fixed receive-only letter, extendable root).
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "everyp/trim_search.hpp"
#include "trim_brute.hpp"

using namespace blockcast;
using blockcast::testing::all_profiles;

namespace {

Verdict oracle(const TreeSpec& spec, const SearchOptions& opt) {
  bool unknown = false;
  for (const auto& p : all_profiles(spec)) {
    SearchResult r = solve_exact(trimmed_instance(spec, p), opt);
    if (r.verdict == Verdict::solved) return Verdict::solved;
    if (r.verdict == Verdict::unknown) unknown = true;
  }
  return unknown ? Verdict::unknown : Verdict::impossible;
}

void require_witness(const TreeSpec& spec, const SearchResult& r) {
  REQUIRE(r.witness);
  const Assignment& a = *r.witness;
  CHECK(a.T == spec.T);
  CHECK(a.P == spec.P);
  CHECK_FALSE(check_assignment(claimed_instance(a), a).has_value());
}

}  // namespace

TEST_CASE("trimmed search agrees with profile enumeration + plain search (L<=4, small P)") {
  int solved = 0, impossible = 0;
  for (int L = 1; L <= 4; ++L)
    for (Shape shape : {Shape::ties, Shape::pruned})
      for (i64 P = 3; P <= (L <= 2 ? 34 : 30); ++P) {
        const TreeSpec spec = tree_spec(L, P, shape);
        if (spec.removed == 0) continue;
        SearchOptions opt;
        opt.threads = 1;
        const Verdict want = oracle(spec, opt);
        REQUIRE(want != Verdict::unknown);
        for (int variant = 0; variant < 4; ++variant) {
          SearchOptions o = opt;
          o.threads = 1 + variant % 2;
          o.memo = variant != 2;
          o.prune = variant != 3;
          SearchResult r = solve_shape(spec, o);
          INFO("L=", L, " P=", P, " shape=", shape_name(shape), " variant=", variant, " covered=", r.covered);
          CHECK(r.verdict == want);
          if (r.verdict == Verdict::solved) require_witness(spec, r);
        }
        (want == Verdict::solved ? solved : impossible) += 1;
      }
  MESSAGE("trimmed specs: ", solved, " solved, ", impossible, " impossible");
  CHECK(solved > 0);
}

TEST_CASE("trimmed search with induction constraints agrees with the oracle") {
  for (int L = 2; L <= 3; ++L)
    for (int t = L; t <= 3 * L + 1; ++t) {
      const TreeSpec spec = tree_spec_for_t(L, t, Shape::pruned);
      for (Letter x = 0; x < 2 * L; ++x) {
        SearchOptions o;
        o.threads = 1;
        o.receive_only = x;
        o.extendable = true;
        const Verdict want = oracle(spec, o);
        SearchResult r = solve_shape(spec, o);
        INFO("L=", L, " t=", t, " x=", letter_name(x), " covered=", r.covered);
        CHECK(r.verdict == want);
        if (r.verdict == Verdict::solved) {
          require_witness(spec, r);
          CHECK(r.witness->receive_only == x);
        }
      }
    }
}

TEST_CASE("regression: ties and pruned trees, 2 <= L <= 6, P-1 <= f_{3L} (tests/data/regression_shapes.tsv)") {
  std::ifstream in(std::string(BLOCKCAST_TEST_DATA) + "/regression_shapes.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);  // header
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    int L = 0, T = 0;
    i64 P = 0, removed = 0;
    std::string shape, verdict;
    ss >> L >> P >> shape >> T >> removed >> verdict;
    const TreeSpec spec = tree_spec(L, P, parse_shape(shape));
    CHECK(spec.T == T);
    CHECK(spec.removed == removed);
    SearchOptions o;
    o.threads = 1;
    SearchResult r = solve_shape(spec, o);
    INFO("L=", L, " P=", P, " shape=", shape, " covered=", r.covered);
    CHECK(to_string(r.verdict) == verdict);
    if (r.verdict == Verdict::solved) require_witness(spec, r);
    ++rows;
  }
  CHECK(rows == 270);
}
