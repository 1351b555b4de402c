// Residue condition vs automaton (SPEC Sec. 4-5) and paper 000's examples.
#include <doctest/doctest.h>

#include <set>

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
