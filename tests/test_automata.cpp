// Cross-checks between independent definitions (SPEC Sec. 4-5, 7):
// automaton closed walks vs the residue condition, exact counts vs enumeration, the
// automaton's count-vector DP vs Hall's sum characterisation, constructed words, and
// Karp et al.'s (1993) Lemma 3.1 families.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "count_vectors.hpp"
#include "legal_words.hpp"
#include "word.hpp"
#include "word_construction.hpp"

using namespace blockcast;

namespace {
// All words of length n over A letters, by counting in base A.
template <class F>
void for_all_words(int n, int A, F f) {
  Word w(n, 0);
  while (true) {
    f(w);
    int i = 0;
    while (i < n && ++w[i] == A) w[i++] = 0;
    if (i == n) return;
  }
}
}  // namespace

TEST_CASE("automaton and residue definition agree on every word, L <= 5, r <= 8") {
  for (int L = 1; L <= 5; ++L)
    for (int r = 1; r <= 8; ++r) {
      const i64 u = L - 1 + r;
      std::set<Word> by_residue;
      for_all_words(r - 1, L, [&](const Word& w) {
        bool legal = is_legal_word(r, u, w);
        if (legal) by_residue.insert(w);
        CHECK(closed_walk(r, walk_representative(r, u), w).has_value() == legal);
      });
      auto words = enumerate_legal_words(r, u, L, 1 << 30);
      CHECK(std::set<Word>(words.begin(), words.end()) == by_residue);
      CHECK(count_legal_words(r, u, L) == BigCount(by_residue.size()));
    }
}

TEST_CASE("words --L 3 --r 5 and exact counts beyond 2^64") {
  auto words = enumerate_legal_words(5, 7, 3, 100);
  std::set<std::string> s;
  for (auto& w : words) s.insert(word_string(w));
  CHECK(s == std::set<std::string>{"cccc", "acab", "abca", "abbb"});
  BigCount big = count_legal_words(60, 8 + 60, 9);
  CHECK(big > BigCount(std::numeric_limits<std::uint64_t>::max()));
}

TEST_CASE("Hall's theorem: the sum condition characterises count vectors (automaton DP)") {
  for (int L = 1; L <= 5; ++L)
    for (int r = 1; r <= 9; ++r)
      for (i64 u : {static_cast<i64>(L - 1 + r), static_cast<i64>(L + 2 * r), static_cast<i64>(r + 1)}) {
        CAPTURE(L);
        CAPTURE(r);
        CAPTURE(u);
        VectorQuery q;
        q.r = r, q.u = u, q.A = L;
        auto dp = achievable_vectors(q);
        REQUIRE(!dp.truncated);
        std::set<Counts> from_dp;
        for (auto& v : dp.vectors) {
          from_dp.insert(v.counts);
          CHECK(is_legal_word(r, u, v.witness));
        }
        std::set<Counts> from_sum;
        for_all_words(r - 1, L, [&](const Word& w) {
          Counts c(L, 0);
          for (Letter j : w) ++c[j];
          if (vector_is_legal(r, u, c)) from_sum.insert(c);
        });
        CHECK(from_dp == from_sum);
        for (const auto& c : from_sum) {
          auto w = word_with_counts(r, u, c);
          REQUIRE(w);
          CHECK(is_legal_word(r, u, *w));
          CHECK(letter_counts(*w, L) == std::vector<i64>(c.begin(), c.end()));
        }
      }
}

TEST_CASE("extendable root words: constructive search vs brute force over all words") {
  for (int L = 2; L <= 5; ++L)
    for (int r = 1; r <= 8; ++r) {
      const i64 u = L - 1 + r;
      for (Letter x = 0; x < L; ++x) {
        std::set<Counts> brute;
        for_all_words(r - 1, L, [&](const Word& w) {
          if (!is_legal_word(r, u, w) || !self_loop_position(r, u, w, x)) return;
          Counts c(L, 0);
          for (Letter j : w) ++c[j];
          brute.insert(c);
        });
        VectorQuery q;
        q.r = r, q.u = u, q.A = L, q.extendable_by = x;
        std::set<Counts> dp;
        for (auto& v : achievable_vectors(q).vectors) dp.insert(v.counts);
        CHECK(dp == brute);
        for_all_words(r - 1, L, [&](const Word& w) {
          Counts c(L, 0);
          for (Letter j : w) ++c[j];
          if (!vector_is_legal(r, u, c)) return;
          auto e = extendable_word_with_counts(r, u, c, x);
          CHECK(e.has_value() == (brute.count(c) > 0));
          if (e) {
            auto pos = self_loop_position(r, u, *e, x);
            REQUIRE(pos);
            Word v = *e;
            v.insert(v.begin() + *pos, x);  // stays legal and extendable (SPEC Sec. 7)
            CHECK(is_legal_word(r + 1, u + 1, v));
            CHECK(self_loop_position(r + 1, u + 1, v, x));
          }
        });
      }
    }
}

TEST_CASE("Lemma 3.1 word families are legal (Karp et al. 1993)") {
  for (int L = 3; L <= 14; ++L)
    for (int r = 1; r <= 40; ++r) {
      const i64 u = L - 1 + r;
      // a^{L-2} (ca)^m b^n
      for (int m = 0; L - 2 + 2 * m <= r - 1; ++m) {
        Word w(L - 2, 0);
        for (int i = 0; i < m; ++i) w.push_back(2), w.push_back(0);
        while (static_cast<int>(w.size()) < r - 1) w.push_back(1);
        CAPTURE(word_string(w));
        CHECK(is_legal_word(r, u, w));
        CHECK(self_loop_position(r, u, w, 1));  // b can be appended forever (Sec. 3.3)
      }
      // (j-1)^{L-1-j} j^*, j = 2..L-1: b^{L-3}c^*, c^{L-4}d^*, ...
      for (int j = 2; j < L; ++j) {
        if (L - 1 - j > r - 1) continue;
        Word w(L - 1 - j, j - 1);
        while (static_cast<int>(w.size()) < r - 1) w.push_back(j);
        CAPTURE(word_string(w));
        CHECK(is_legal_word(r, u, w));
      }
    }
}
