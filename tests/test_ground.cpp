// The ground-state ordering search (automata/ground_search.hpp, SPEC Sec. 7) against brute
// force: every permutation of 0..r-1 (r <= 8) gives a realizable displacement multiset, and
// a throw multiset has a ground-state order with x balls iff its throws minus x are one of
// them. Checks the pruned randomized search, the plain depth-first run and the relaxation
// (never rejects a realizable multiset) on every multiset and every x, then seeded random
// cases beyond brute force (planted orders must be found; both searches must agree).
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <string>

#include "ground_search.hpp"
#include "test_seed.hpp"
#include "word_construction.hpp"

using namespace blockcast;

namespace {

// The order is a ground-state pattern for these throws: landing times exactly x..x+r-1.
bool valid_order(const std::vector<int>& seq, const std::vector<std::int32_t>& throws, int r, int x) {
  if (static_cast<int>(seq.size()) != r) return false;
  std::vector<std::int32_t> used(throws.size(), 0);
  std::vector<char> hit(x + r, 0);
  for (int i = 0; i < r; ++i) {
    const int s = seq[i], c = i + s;
    if (s < 0 || s >= static_cast<int>(throws.size()) || c < x || c >= x + r || hit[c]) return false;
    hit[c] = 1, ++used[s];
  }
  return used == throws;
}

// Sorted displacement multisets pi(i) - i of all permutations of 0..r-1.
std::set<std::vector<int>> realizable(int r) {
  std::set<std::vector<int>> out;
  std::vector<int> p(r);
  std::iota(p.begin(), p.end(), 0);
  do {
    std::vector<int> d(r);
    for (int i = 0; i < r; ++i) d[i] = p[i] - i;
    std::sort(d.begin(), d.end());
    out.insert(d);
  } while (std::next_permutation(p.begin(), p.end()));
  return out;
}

// Every sorted multiset of r displacements in [-(r-1), r-1] with sum 0.
void each_multiset(int r, int k, int lo, int sum, std::vector<int>& d, const auto& f) {
  if (k == r) {
    if (sum == 0) f(d);
    return;
  }
  for (int v = lo; v <= r - 1; ++v) {
    const int rest = r - k - 1;  // the others are >= v and <= r-1
    if (sum + v + rest * v > 0 || sum + v + rest * (r - 1) < 0) continue;
    d.push_back(v);
    each_multiset(r, k + 1, v, sum + v, d, f);
    d.pop_back();
  }
}

}  // namespace

TEST_CASE("ground-state search = brute force over all permutations, r <= 8, every x") {
  for (int r = 1; r <= 8; ++r) {
    const std::set<std::vector<int>> real = realizable(r);
    int yes = 0, no = 0, relaxed_out = 0;
    std::vector<int> d;
    each_multiset(r, 0, -(r - 1), 0, d, [&](const std::vector<int>& ds) {
      // Throws s = d + x >= 0; x >= r-1 admits every multiset, so x = 0..r covers all cases.
      for (int x = 0; x <= r; ++x) {
        if (ds.front() + x < 0) continue;
        std::vector<std::int32_t> throws(ds.back() + x + 1, 0);
        for (int v : ds) ++throws[v + x];
        const bool truth = real.count(ds) > 0;
        CAPTURE(r);
        CAPTURE(x);
        std::string ds_text;
        for (int v : ds) ds_text += std::to_string(v) + " ";
        CAPTURE(ds_text);
        const bool relaxed = ground_relaxation_ok(throws, r, x);
        if (truth) CHECK(relaxed);  // a necessary condition
        relaxed_out += !relaxed;
        for (bool randomized : {true, false}) {
          CAPTURE(randomized);
          const GroundOrder g = ground_state_order(throws, r, x, 0, randomized);
          REQUIRE(g.exhausted);
          CHECK(g.seq.has_value() == truth);
          if (g.seq) CHECK(valid_order(*g.seq, throws, r, x));
        }
        (truth ? yes : no) += 1;
      }
    });
    MESSAGE("r=" << r << ": " << yes << " realizable, " << no << " not (" << relaxed_out << " of them by the relaxation)");
    CHECK(yes > 0);
    if (r >= 4) CHECK(no > 0);
  }
}

TEST_CASE("ground-state search: budgets never change an answer, only leave it open") {
  const std::uint64_t seed = testing::test_seed("ground-state budget test", 20260005);
  std::mt19937 rng(seed);
  int open = 0, decided = 0;
  for (int rep = 0; rep < 300; ++rep) {
    const int r = 6 + static_cast<int>(rng() % 15), x = static_cast<int>(rng() % (r + 2));
    // Random throws with sum x*r: start at x everywhere and move units between throws.
    std::vector<int> s(r, x);
    for (int k = 0; k < 3 * r; ++k) {
      const int a = static_cast<int>(rng() % r), b = static_cast<int>(rng() % r);
      if (s[a] > 0) --s[a], ++s[b];
    }
    std::vector<std::int32_t> throws(*std::max_element(s.begin(), s.end()) + 1, 0);
    for (int v : s) ++throws[v];
    CAPTURE(seed);
    CAPTURE(rep);
    const GroundOrder full = ground_state_order(throws, r, x, 0);
    REQUIRE(full.exhausted);
    if (full.seq) CHECK(valid_order(*full.seq, throws, r, x));
    const GroundOrder plain = ground_state_order(throws, r, x, 0, false);
    CHECK(plain.seq.has_value() == full.seq.has_value());
    for (std::int64_t budget : {1, 5, 40, 300}) {
      const GroundOrder g = ground_state_order(throws, r, x, budget);
      CHECK(g.nodes <= budget);
      if (g.seq) CHECK(valid_order(*g.seq, throws, r, x));
      if (g.exhausted) CHECK(g.seq.has_value() == full.seq.has_value());
      (g.exhausted ? decided : open) += 1;
    }
  }
  MESSAGE(decided << " decided within a budget, " << open << " left open");
}

TEST_CASE("ground-state search finds planted orders (r up to 300) and extendable words") {
  const std::uint64_t seed = testing::test_seed("ground-state planted test", 20260006);
  std::mt19937 rng(seed);
  for (int rep = 0; rep < 200; ++rep) {
    const int r = 2 + static_cast<int>(rng() % (rep < 150 ? 40 : 300)), x = static_cast<int>(rng() % (r + 1));
    // A random permutation of the landing times x..x+r-1 with throws >= 0 (pi(i) >= i - x).
    std::vector<int> seq(r);
    std::vector<int> times(r);
    std::iota(times.begin(), times.end(), x);
    bool ok = true;
    for (int i = 0; i < r && ok; ++i) {
      std::vector<int> fit;
      for (std::size_t k = 0; k < times.size(); ++k)
        if (times[k] >= i) fit.push_back(static_cast<int>(k));
      if (fit.empty()) ok = false;
      else {
        const int k = fit[rng() % fit.size()];
        seq[i] = times[k] - i;
        times.erase(times.begin() + k);
      }
    }
    if (!ok) continue;
    std::vector<std::int32_t> throws(*std::max_element(seq.begin(), seq.end()) + 1, 0);
    for (int v : seq) ++throws[v];
    CAPTURE(seed);
    CAPTURE(rep);
    CAPTURE(r);
    CHECK(ground_relaxation_ok(throws, r, x));
    const GroundOrder g = ground_state_order(throws, r, x, 2'000'000);
    if (!g.exhausted) continue;  // a budget may run out; it must never say "no"
    REQUIRE(g.seq);
    CHECK(valid_order(*g.seq, throws, r, x));
    // As a root word: any throw can be the upper case u' = u - r.
    const int up = seq[0];
    Counts c(throws.begin(), throws.end());
    --c[up];
    const i64 u = up + r;
    if (vector_is_legal(r, u, c)) {
      auto w = extendable_word_with_counts(r, u, c, x, 2'000'000);
      CHECK(w.has_value());
    }
  }
}
