// Expansion and postal-model simulation (SPEC Sec. 2-4; Karp et al. 1993, Sec. 3.1-3.2, Fig. 2):
// the paper's L=3, t=7 schedule replays with every delay exactly L+t = 10, and mutated
// assignments or mutated explicit schedules are caught with the right rule named.
// Also: each file in tests/data/bad fails with the error it was written for.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "assignment_json.hpp"
#include "expand.hpp"
#include "simulator.hpp"

using namespace blockcast;

namespace {
const std::string data_dir = BLOCKCAST_TEST_DATA;

Assignment paper_L3_t7() { return read_assignment_file(data_dir + "/L3_t7.json"); }

Assignment with_words(const std::string& h5, Letter receive_only) {
  Assignment a = paper_L3_t7();
  a.blocks[0].word = parse_word(h5);
  a.receive_only = receive_only;
  return a;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A message whose reception lies in the steady state (every processor busy every step) and
// whose sender is not the source.
size_t steady_forward(const Schedule& s, int min_step) {
  for (size_t n = 0; n < s.messages.size(); ++n)
    if (s.messages[n].sender != 0 && s.messages[n].send_step >= min_step) return n;
  FAIL("no steady-state message");
  return 0;
}
}  // namespace

TEST_CASE("paper's L=3, t=7 schedule (H5:acab, E2:a, D1, receive-only b) is legal") {
  Assignment a = paper_L3_t7();
  CHECK(a.P == 10);
  CHECK(a.delay() == 10);
  CHECK_FALSE(check_assignment(claimed_instance(a), a).has_value());
  CHECK(layout_processors(a) == 10);
}

TEST_CASE("paper's L=3, t=7 schedule replays with every item's delay exactly L+t = 10") {
  for (i64 k : {1, 15, 16, 40}) {  // 15 items: three periods of the 5-block
    Schedule s = expand_assignment(paper_L3_t7(), k);
    CAPTURE(k);
    CHECK(s.P == 10);
    CHECK(s.messages.size() == static_cast<size_t>(9 * k));  // each of 9 processors gets each item once
    SimulationResult r = simulate(s);
    CHECK_MESSAGE(r.ok, r.violation.text);
    CHECK(r.delay.size() == static_cast<size_t>(k));
    CHECK(r.every_delay_expected());
    CHECK(r.max_delay == 10);
    CHECK(r.messages == 9 * k);
  }
}

TEST_CASE("expansion follows Fig. 2: the source sends item i at step i to the H5 processor i mod 5") {
  Schedule s = expand_assignment(paper_L3_t7(), 15);
  for (int i = 0; i < 15; ++i) {
    auto it = std::find_if(s.messages.begin(), s.messages.end(),
                           [&](const Message& m) { return m.sender == 0 && m.item == i; });
    REQUIRE(it != s.messages.end());
    CHECK(it->send_step == i);
    CHECK(it->recv_step == i + 3);
    CHECK(it->receiver == 1 + (i + 3) % 5);  // processors 1..5 form the H5 block
  }
  CHECK(std::count_if(s.messages.begin(), s.messages.end(), [](const Message& m) { return m.sender == 0; }) == 15);
  CHECK(std::none_of(s.messages.begin(), s.messages.end(), [](const Message& m) { return m.sender == 9; }));
}

TEST_CASE("a small hand-solved instance: L=3, t=5 with block (3,5) word ab, receive-only c") {
  Assignment a;
  a.L = 3, a.T = 5, a.t = 5, a.P = 5;
  a.blocks = {{3, 5, 1, parse_word("ab")}};
  a.receive_only = parse_letter("c");
  CHECK_FALSE(check_assignment(claimed_instance(a), a).has_value());
  SimulationResult r = simulate(expand_assignment(a, 12));
  CHECK_MESSAGE(r.ok, r.violation.text);
  CHECK(r.every_delay_expected());
  CHECK(r.max_delay == 8);
}

TEST_CASE("illegal words that keep letter conservation are caught by the simulator") {
  // aacb: phase 2 reads the item the block took as H five steps earlier.
  // caab: the same letters as acab in another order.
  // acbb + receive-only a: one letter changed (a -> b), compensated by the receive-only letter.
  for (const auto& wx : {std::pair<std::string, Letter>{"aacb", 1}, {"caab", 1}, {"acbb", 0}}) {
    const std::string word = wx.first;  // not a structured binding: CAPTURE needs a variable (clang 14)
    const Letter x = wx.second;
    Assignment a = with_words(word, x);
    CAPTURE(word);
    CHECK(check_assignment(claimed_instance(a), a).has_value());  // symbolic check agrees
    SimulationResult r = simulate(expand_assignment(a, 20));
    REQUIRE_FALSE(r.ok);
    CHECK((r.violation.rule == Rule::received_twice || r.violation.rule == Rule::not_received));
    CHECK(r.violation.processor >= 1);
    CHECK(r.violation.processor <= 5);  // inside the H5 block
    CHECK(contains(r.violation.text, rule_name(r.violation.rule)));
  }
}

TEST_CASE("a legal word the paper excludes for letter counts (cccc) cannot be expanded") {
  // cccc uses three c's where the tree has one: senders and receivers no longer pair up.
  for (const auto& wx : {std::pair<std::string, Letter>{"cccc", 1}, {"acaa", 1}}) {
    const std::string word = wx.first;
    const Letter x = wx.second;
    CAPTURE(word);
    try {
      expand_assignment(with_words(word, x), 20);
      FAIL("expected an inconsistent-assignment error");
    } catch (const InputError& e) {
      CHECK(contains(e.what(), "inconsistent assignment"));
    }
  }
}

TEST_CASE("mutating one message of a valid explicit schedule is caught with the right rule") {
  const Schedule good = expand_assignment(paper_L3_t7(), 20);
  REQUIRE(simulate(good).ok);

  SUBCASE("one receiver changed: two receptions in one step") {
    Schedule s = good;
    Message& m = s.messages[steady_forward(s, 12)];
    m.receiver = m.receiver % 9 + 1;  // another non-source processor, busy at that step
    SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::receive_conflict);
    CHECK(r.violation.step == m.recv_step);
    CHECK(r.violation.processor == m.receiver);
    CHECK(contains(r.violation.text, "two-receives-in-one-step"));
  }
  SUBCASE("one send time changed: latency") {
    Schedule s = good;
    Message& m = s.messages[steady_forward(s, 12)];
    m.send_step += 1;
    SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::latency);
    CHECK(r.violation.step == m.send_step);
    CHECK(r.violation.processor == m.sender);
  }
  SUBCASE("two sends swapped so that an item leaves before it arrives") {
    Schedule s = good;
    // x: the first send of an upper-case holder, made in the step the item arrives;
    // y: the same processor's last send of its previous item, one step earlier.
    auto x = std::find_if(s.messages.begin(), s.messages.end(), [&](const Message& m) {
      if (m.sender == 0 || m.send_step < 12) return false;
      return std::any_of(s.messages.begin(), s.messages.end(), [&](const Message& in) {
        return in.receiver == m.sender && in.item == m.item && in.recv_step == m.send_step;
      });
    });
    REQUIRE(x != s.messages.end());
    auto y = std::find_if(s.messages.begin(), s.messages.end(), [&](const Message& m) {
      return m.sender == x->sender && m.send_step == x->send_step - 1;
    });
    REQUIRE(y != s.messages.end());
    std::swap(x->send_step, y->send_step);
    std::swap(x->recv_step, y->recv_step);
    SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::not_held);
    CHECK(r.violation.step == x->send_step);
    CHECK(r.violation.processor == x->sender);
    CHECK(r.violation.item == x->item);
  }
  SUBCASE("a message dropped: not received") {
    Schedule s = good;
    auto it = std::find_if(s.messages.begin(), s.messages.end(), [](const Message& m) {
      return m.sender != 0 && m.recv_step >= 12 && m.recv_step == m.item + 10;  // a leaf reception
    });
    REQUIRE(it != s.messages.end());
    const Message dropped = *it;
    s.messages.erase(it);
    SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::not_received);
    CHECK(r.violation.processor == dropped.receiver);
    CHECK(r.violation.item == dropped.item);
  }
  SUBCASE("a message naming a processor that does not exist") {
    Schedule s = good;
    s.messages[5].receiver = 10;
    SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::bad_message);
  }
}

// Every arrangement of an instance's letters into the words and the receive-only slot:
// the symbolic check and the expand+simulate route must agree on each one.
TEST_CASE("symbolic check and simulator agree on every letter arrangement of small instances") {
  struct Case { int L, t, legal; };
  // L=4, t=8 has no block-cyclic solution (SPEC Sec. 8).
  for (const Case& c : {Case{3, 7, -1}, Case{3, 8, -1}, Case{4, 8, 0}, Case{3, 5, -1}}) {
    const int L = c.L, t = c.t, legal_expected = c.legal;  // CAPTURE needs variables (clang 14)
    const Instance inst = optimal_instance(L, t);
    std::vector<Letter> letters;
    for (int j = 0; j < inst.alphabet(); ++j) letters.insert(letters.end(), inst.letters[j], j);
    Assignment a;
    a.L = L, a.T = t, a.t = t, a.P = inst.P;
    for (const auto& b : inst.blocks)
      for (i64 c = 0; c < b.count; ++c) a.blocks.push_back({b.r, b.u, 1, Word(b.r - 1)});
    int legal = 0, arrangements = 0;
    do {
      size_t pos = 0;
      for (auto& b : a.blocks)
        for (auto& j : b.word) j = letters[pos++];
      a.receive_only = letters[pos];
      const bool symbolic = !check_assignment(inst, a).has_value();
      const SimulationResult r = simulate(expand_assignment(a, 4 * (t + 1)));
      CAPTURE(L);
      CAPTURE(t);
      CAPTURE(r.violation.text);
      CHECK(symbolic == r.ok);
      if (r.ok) CHECK(r.every_delay_expected());
      legal += symbolic;
      ++arrangements;
    } while (std::next_permutation(letters.begin(), letters.end()));
    CHECK(arrangements > 1);
    if (legal_expected >= 0) CHECK(legal == legal_expected);
    if (L == 3 && t == 7) CHECK(legal == 2);  // acab/abca in H5 with E2:a, D1, receive-only b
  }
}

TEST_CASE("expansion refuses windows that are too large or malformed") {
  CHECK_THROWS_AS(expand_assignment(paper_L3_t7(), 0), InputError);
  CHECK_THROWS_AS(expand_assignment(paper_L3_t7(), kMaxScheduleEvents), InputError);
  Assignment a = paper_L3_t7();
  a.blocks[0].word = parse_word("aca");  // wrong length: pattern undefined
  CHECK_THROWS_AS(expand_assignment(a, 10), InputError);
  a = paper_L3_t7();
  a.P = 11;
  CHECK_THROWS_AS(expand_assignment(a, 10), InputError);
}

TEST_CASE("every file in tests/data/bad fails with the error it was written for") {
  // file -> (fails while reading?, expected part of the one-line message)
  const std::map<std::string, std::pair<bool, std::string>> expected = {
      {"malformed.json", {true, "malformed JSON"}},
      {"bad_character.json", {true, "unknown letter '#'"}},
      {"illegal_word.json", {false, "receives one item twice"}},
      {"letter_conservation.json", {false, "letter conservation broken for 'a'"}},
      {"unknown_letter.json", {false, "unknown letter d"}},
      {"number_overflow.json", {true, "number overflow"}},
      {"long_integer.json", {true, "number overflow"}},
      {"float_integer.json", {true, "field 'L' must be an integer"}},
      // certificates (verify-certificate's tests), read here as assignments
      {"certificate_format_number.json", {true, "missing field 'L'"}},
      {"certificate_L_wraps.json", {true, "field 'L' = 4294967299 out of range"}},
      // a k-item schedule (`check`'s test: rejected without a replay), not an assignment
      {"kitem_huge_P.json", {true, "field 'shape' must be a string"}},
  };
  int seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(data_dir + "/bad")) {
    const std::string name = entry.path().filename().string();
    CAPTURE(name);
    REQUIRE(expected.count(name));
    const auto& [at_read, message] = expected.at(name);
    ++seen;
    std::string error;
    try {
      Assignment a = read_assignment_file(entry.path().string());
      CHECK_FALSE(at_read);
      error = check_assignment(claimed_instance(a), a).value_or("");
    } catch (const InputError& e) {
      CHECK(at_read);
      error = e.what();
    }
    CAPTURE(error);
    CHECK(contains(error, message));
    CHECK(error.find('\n') == std::string::npos);  // one line
  }
  CHECK(seen == static_cast<int>(expected.size()));
}

// Too few messages for (P-1) x items receptions, with a table too large to allocate: the
// first missing reception (processor-major, as the replay reports it) comes from the
// messages alone. The same schedule with a small P is replayed and reports the same pair.
TEST_CASE("a schedule naming a huge P with few messages is rejected without a replay") {
  Schedule s;
  s.L = 1, s.items = 2;
  // processor 1 gets items 0 and 1, processor 2 only item 0 (from processor 1)
  s.messages = {{0, 1, 0, 1, 0}, {1, 2, 0, 1, 1}, {1, 2, 1, 2, 0}};
  for (const std::int64_t P : {std::int64_t{4}, std::int64_t{1} << 29}) {
    CAPTURE(P);
    s.P = P;
    const SimulationResult r = simulate(s);
    REQUIRE_FALSE(r.ok);
    CHECK(r.violation.rule == Rule::not_received);
    CHECK(r.violation.processor == 2);
    CHECK(r.violation.item == 1);
    CHECK(r.violation.step == 2);
  }
}
