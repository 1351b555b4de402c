// Residue condition vs automaton (SPEC Sec. 4-5) and Karp et al.'s (1993) examples.
#include <doctest/doctest.h>

#include <random>
#include <set>

#include "test_seed.hpp"
#include "word.hpp"
#include "word_automaton.hpp"

using namespace blockcast;

TEST_CASE("residue condition: L=3, r=5 legal words are cccc, acab, abca, abbb") {
  std::set<std::string> legal;
  Word w(4);
  for (int code = 0; code < 81; ++code) {
    int c = code;
    for (int k = 0; k < 4; ++k) w[k] = c % 3, c /= 3;
    if (is_legal_word(5, 7, w)) legal.insert(word_string(w));
  }
  CHECK(legal == std::set<std::string>{"cccc", "acab", "abca", "abbb"});
}

TEST_CASE("violations name the rule") {
  auto v = word_violation(5, 7, parse_word("bbbb"));
  REQUIRE(v);
  CHECK(v->find("twice") != std::string::npos);
  CHECK(word_violation(5, 7, parse_word("abc"))->find("length") != std::string::npos);
  CHECK_THROWS_AS(parse_word("aB"), InputError);
  CHECK(parse_word("a{27}b") == Word{0, 27, 1});
  CHECK(word_string(Word{0, 27, 1}) == "a{27}b");
}

namespace {
// extension_position by its definition: the first insertion point whose word is legal.
std::optional<int> extension_by_definition(int r, i64 u, const Word& w, Letter x) {
  for (int pos = 0; pos <= static_cast<int>(w.size()); ++pos) {
    Word v = w;
    v.insert(v.begin() + pos, x);
    if (is_legal_word(r + 1, u + 1, v)) return pos;
  }
  return std::nullopt;
}
}  // namespace

TEST_CASE("extension_position (one sweep) agrees with inserting x at every point") {
  // Every word over 4 letters of blocks r <= 6 with every u and x (brute force), then random
  // long words, legal ones among them (the roots of conjecture runs are legal).
  int found = 0;
  for (int r = 1; r <= 6; ++r)
    for (int code = 0, n = 1 << (2 * (r - 1)); code < n; ++code) {
      Word w(r - 1);
      for (int k = 0, c = code; k < r - 1; ++k) w[k] = c % 4, c /= 4;
      for (i64 u = 0; u < 2 * r + 2; ++u)
        for (Letter x = 0; x < 6; ++x) {
          const auto want = extension_by_definition(r, u, w, x);
          found += want.has_value();
          REQUIRE(extension_position(r, u, w, x) == want);
        }
    }
  CHECK(found > 1000);
  const std::uint64_t seed = blockcast::testing::test_seed("extension_position", 20261127);
  std::mt19937_64 rng(seed);
  for (int k = 0; k < 2000; ++k) {
    const int r = 2 + static_cast<int>(rng() % 60), A = 1 + static_cast<int>(rng() % (2 * r));
    Word w(r - 1);
    for (auto& l : w) l = static_cast<Letter>(rng() % A);
    const i64 u = static_cast<i64>(rng() % (3 * r));
    const Letter x = static_cast<Letter>(rng() % A);
    INFO("seed " << seed << " r " << r << " u " << u << " word " << word_string(w));
    CHECK(extension_position(r, u, w, x) == extension_by_definition(r, u, w, x));
  }
  CHECK(!extension_position(3, 4, Word{0}, 1));  // wrong length
}

TEST_CASE("automaton transitions follow SPEC Sec. 5") {
  // From {} only 'a' is readable (0 must be claimed); from {0} reading 'b' gives {0}.
  CHECK(automaton_step(0, 0) == State{0});
  CHECK(!automaton_step(0, 1));
  CHECK(automaton_step(1, 1) == State{1});
  CHECK(!automaton_step(1, 0));
  WordAutomaton A(3);
  int n = 0;
  A.components(&n);
  CHECK(n > 1);
  CHECK(A.dot().find("digraph") != std::string::npos);
}
