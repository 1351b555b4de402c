// Constructive word building (automata/word_construction.hpp): Hall's proof as an algorithm
// against the residue checker on random large blocks, and the landing-time test for
// x-extendable roots against the bitmask automaton's closed walks (SPEC Sec. 5, 7).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "legal_words.hpp"
#include "test_seed.hpp"
#include "word_construction.hpp"

using namespace blockcast;

TEST_CASE("Hall ordering builds a legal word for every legal random vector (r up to 600)") {
  const std::uint64_t seed = testing::test_seed("Hall ordering test", 20260002);
  std::mt19937 rng(seed);
  for (int rep = 0; rep < 300; ++rep) {
    const int r = 1 + static_cast<int>(rng() % 600), A = 1 + static_cast<int>(rng() % 300);
    const i64 u = A - 1 + r;
    Counts c(A, 0);
    i64 s = u;
    for (int k = 0; k + 1 < r - 1; ++k) {
      const int j = static_cast<int>(rng() % A);
      ++c[j], s += j;
    }
    if (r >= 2) {  // the last letter fixes the residue, when one of that residue exists
      const i64 need = ((-s) % r + r) % r;
      if (need >= A) continue;
      ++c[need];
    }
    CAPTURE(seed);
    CAPTURE(r);
    REQUIRE(vector_is_legal(r, u, c));
    auto w = word_with_counts(r, u, c);
    REQUIRE(w);
    CHECK(is_legal_word(r, u, *w));
    CHECK(letter_counts(*w, A) == std::vector<i64>(c.begin(), c.end()));
    // The same letters as a list, in random order (the repair packer's form).
    std::vector<Letter> letters(w->begin(), w->end());
    std::shuffle(letters.begin(), letters.end(), rng);
    auto v = word_with_letters(r, u, letters);
    REQUIRE(v);
    CHECK(is_legal_word(r, u, *v));
    CHECK(letter_counts(*v, A) == letter_counts(*w, A));
    if (r >= 2) CHECK_FALSE(word_with_letters(r, u + 1, letters));  // the sum condition fails
  }
}

TEST_CASE("floor_mod: the 32-bit fast path and the general case agree with the definition") {
  const std::uint64_t seed = testing::test_seed("floor_mod test", 20260003);
  std::mt19937_64 rng(seed);
  CAPTURE(seed);
  for (int rep = 0; rep < 100000; ++rep) {
    const int bits = 1 + static_cast<int>(rng() % 62);
    const i64 v = static_cast<i64>(rng() >> (64 - bits)) * (rep % 3 == 0 ? -1 : 1);
    const i64 r = 1 + static_cast<i64>(rng() >> (64 - 1 - static_cast<int>(rng() % 40)));
    CAPTURE(v);
    CAPTURE(r);
    REQUIRE(floor_mod(v, r) == ((v % r) + r) % r);
  }
}

namespace {

// The permutation property hall_ordering promises: g a permutation of Z_n, g[i] + v_i distinct.
bool is_hall_ordering(const std::vector<i64>& v, const std::vector<int>& g) {
  const int n = static_cast<int>(v.size());
  if (static_cast<int>(g.size()) != n) return false;
  std::vector<char> pos(n, 0), target(n, 0);
  for (int i = 0; i < n; ++i) {
    if (g[i] < 0 || g[i] >= n || pos[g[i]]) return false;
    pos[g[i]] = 1;
    const int t = static_cast<int>(((g[i] + v[i]) % n + n) % n);
    if (target[t]) return false;
    target[t] = 1;
  }
  return true;
}

}  // namespace

TEST_CASE("Hall ordering: every value vector summing to 0 for n <= 6 (brute force over all)") {
  for (int n = 1; n <= 6; ++n) {
    std::vector<i64> v(n, 0);
    for (;;) {  // odometer over Z_n^n
      i64 s = 0;
      for (i64 x : v) s += x;
      if (s % n == 0) {
        CAPTURE(n);
        REQUIRE(is_hall_ordering(v, hall_ordering(v)));
      }
      int k = 0;
      while (k < n && ++v[k] == n) v[k++] = 0;
      if (k == n) break;
    }
  }
}

TEST_CASE("Hall ordering: large n with equal, skewed and spread values (greedy start + chains)") {
  const std::uint64_t seed = testing::test_seed("Hall ordering large-n test", 20260004);
  std::mt19937_64 rng(seed);
  for (int rep = 0; rep < 60; ++rep) {
    const int n = 1 + static_cast<int>(rng() % 3000);
    std::vector<i64> v(n);
    const int kind = rep % 3;  // all one value; few distinct values; spread over a wide range
    const i64 one = static_cast<i64>(rng() % 1000);
    for (int i = 0; i < n; ++i)
      v[i] = kind == 0 ? one : kind == 1 ? static_cast<i64>(rng() % 3) * 7 : static_cast<i64>(rng() % 5000) - 100;
    i64 s = 0;
    for (i64 x : v) s += x;
    v[n - 1] -= ((s % n) + n) % n;  // make the sum 0 mod n
    CAPTURE(seed);
    CAPTURE(n);
    CAPTURE(kind);
    CHECK(is_hall_ordering(v, hall_ordering(v)));
  }
}

TEST_CASE("ground-state phase agrees with the automaton closed walk on all small words") {
  for (int L = 2; L <= 5; ++L)
    for (int r = 1; r <= 7; ++r)
      for (int m = 0; m <= 1; ++m) {  // m > 0: a trimmed root, representative L-1+m
        const i64 u = L - 1 + r + m;
        std::vector<Word> words = enumerate_legal_words(r, u, L, 1'000'000);
        for (const Word& w : words)
          for (Letter x = 0; x <= L; ++x) {
            auto walk = closed_walk(r, static_cast<int>(u - r), w);
            REQUIRE(walk);
            std::optional<int> expect;
            const State zx = (State{1} << x) - 1;
            for (int k = 1; k < r && !expect; ++k)
              if ((*walk)[k] == zx) expect = k - 1;
            if (!expect && (*walk)[0] == zx) expect = r - 1;
            CAPTURE(word_string(w));
            CHECK(self_loop_position(r, u, w, x) == expect);
          }
      }
}

TEST_CASE("extendable words for large letters (beyond the 64-bit automaton)") {
  // L = 100: the root of I(t) is (t-L+1, t); the word a^{L-2} (ca)^m b^n is b-extendable.
  const int L = 100, r = 140;
  const i64 u = L - 1 + r;
  Counts c(L, 0);
  c[0] = L - 2 + 5, c[2] = 5, c[1] = r - 1 - (L - 2 + 10);
  auto w = extendable_word_with_counts(r, u, c, 1);
  REQUIRE(w);
  auto pos = self_loop_position(r, u, *w, 1);
  REQUIRE(pos);
  Word v = *w;
  v.insert(v.begin() + *pos, 1);
  CHECK(is_legal_word(r + 1, u + 1, v));
  CHECK(self_loop_position(r + 1, u + 1, v, 1));
  // Wrong weight: not x-extendable for x = 2, and the answer is exact.
  bool exhausted = false;
  CHECK_FALSE(extendable_word_with_counts(r, u, c, 2, 0, &exhausted));
  CHECK(exhausted);
}
