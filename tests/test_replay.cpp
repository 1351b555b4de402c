// The linear-time simulator (engine/simulator.cpp: checks in step order, per-processor
// pairing, counting sort or no sort at all) against a naive reference written straight from
// the rules of SPEC Sec. 1-2 / Karp et al. 1993, Sec. 3.1 (every violation listed, the smallest by
// (step, rule, processor, item) reported). Seeded random mutations of expanded schedules,
// in their expansion order (no sort), shuffled (counting sort) and with a far-away step
// (the stable-sort fallback): all three must report the violation the reference reports.
// Also: the single-pass and general paths of the simulator agree on every mutation (same
// rule, step, processor, item and text), including edits of the first and last message;
// the template expansion reproduces the pre-rewrite expansion (tests/expand_reference.hpp)
// message for message, on both of its orders; steps beyond 32 bits are a clear InputError;
// the streamed replay (engine/replay.hpp, Simulator::feed in batches) gives the result of
// the stored one, also when the stream leaves the single-pass shape. Seeded random letter
// shuffles of witnesses (consistent, mostly illegal) and random hand-made assignments
// (mostly inconsistent): same messages or the same one-line error as the reference.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "assignment_json.hpp"
#include "block_search.hpp"
#include "expand.hpp"
#include "expand_reference.hpp"
#include "replay.hpp"
#include "simulator.hpp"
#include "test_seed.hpp"

using namespace blockcast;

namespace {

using Key = std::tuple<std::int64_t, int, std::int64_t, std::int64_t>;  // step, rule, processor, item

// Every violation of the schedule, by brute force over message groups.
std::set<Key> reference_violations(const Schedule& s) {
  std::set<Key> v;
  std::vector<size_t> ok;
  std::int64_t horizon = 0;
  for (size_t n = 0; n < s.messages.size(); ++n) {
    const Message& m = s.messages[n];
    auto in = [&](std::int64_t p) { return p >= 0 && p < s.P; };
    if (!in(m.sender) || !in(m.receiver) || m.receiver == 0 || m.item < 0 || m.item >= s.items || m.send_step < 0 ||
        m.recv_step < 0) {
      v.insert({m.send_step, static_cast<int>(Rule::bad_message), m.sender, m.item});
      continue;
    }
    ok.push_back(n);
    horizon = std::max<std::int64_t>(horizon, m.recv_step);
    if (m.recv_step != m.send_step + s.L) v.insert({m.send_step, static_cast<int>(Rule::latency), m.sender, m.item});
  }
  // Groups in index order; every member after the first of a group is a violation.
  std::map<std::pair<std::int64_t, std::int64_t>, int> recv_at, send_at;
  std::map<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, size_t>> first;  // (proc, item) -> (step, index)
  for (size_t n : ok) {
    const Message& m = s.messages[n];
    if (recv_at[{m.recv_step, m.receiver}]++ > 0)
      v.insert({m.recv_step, static_cast<int>(Rule::receive_conflict), m.receiver, m.item});
    if (send_at[{m.send_step, m.sender}]++ > 0)
      v.insert({m.send_step, static_cast<int>(Rule::send_conflict), m.sender, m.item});
    auto [it, fresh] = first.insert({{m.receiver, m.item}, {m.recv_step, n}});
    if (!fresh && std::make_pair<std::int64_t, size_t>(m.recv_step, size_t{n}) < it->second) it->second = {m.recv_step, n};
  }
  for (size_t n : ok) {  // received twice: every reception but the first by (step, index)
    const Message& m = s.messages[n];
    if (first.at({m.receiver, m.item}).second != n)
      v.insert({m.recv_step, static_cast<int>(Rule::received_twice), m.receiver, m.item});
    const auto held = first.find({m.sender, m.item});
    const std::int64_t since = m.sender == 0 ? m.item : held == first.end() ? -1 : held->second.first;
    if (since < 0 || since > m.send_step) v.insert({m.send_step, static_cast<int>(Rule::not_held), m.sender, m.item});
  }
  for (std::int64_t p = 1; p < s.P; ++p)
    for (std::int64_t i = 0; i < s.items; ++i)
      if (!first.count({p, i})) v.insert({horizon, static_cast<int>(Rule::not_received), p, i});
  return v;
}

Key key_of(const SimulationResult& r) {
  return {r.violation.step, static_cast<int>(r.violation.rule), r.violation.processor, r.violation.item};
}

void mutate(Schedule& s, std::mt19937_64& g) {
  auto pick = [&] { return static_cast<size_t>(g() % s.messages.size()); };
  Message& m = s.messages[pick()];
  switch (g() % 6) {
    case 0: m.receiver = static_cast<std::int32_t>(1 + g() % static_cast<std::uint64_t>(s.P - 1)); break;
    case 1: m.send_step += static_cast<std::int32_t>(g() % 3) - 1; break;
    case 2: m.send_step += 1, m.recv_step += 1; break;
    case 3: m.item = static_cast<std::int32_t>(g() % static_cast<std::uint64_t>(s.items)); break;
    case 4: s.messages.push_back(s.messages[pick()]); break;
    default: s.messages.erase(s.messages.begin() + static_cast<std::ptrdiff_t>(pick())); break;
  }
}

}  // namespace

TEST_CASE("linear-time simulator reports the reference violation (seeded random mutations, three orders)") {
  const std::uint64_t seed = testing::test_seed("test_replay", 20261124);
  CAPTURE(seed);
  std::mt19937_64 g(seed);
  const Assignment paper = read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json");
  const Schedule good = expand_assignment(paper, 20);
  REQUIRE(simulate(good).ok);
  REQUIRE(reference_violations(good).empty());
  int caught = 0;
  for (int round = 0; round < 300; ++round) {
    Schedule s = good;
    const int edits = 1 + static_cast<int>(g() % 3);
    for (int e = 0; e < edits; ++e) mutate(s, g);
    const auto ref = reference_violations(s);
    Schedule shuffled = s;
    std::shuffle(shuffled.messages.begin(), shuffled.messages.end(), g);
    Schedule spread = shuffled;  // one message far away: the stable-sort path
    spread.messages.push_back({1 << 28, (1 << 28) + spread.L, 1, 2, 0});
    CAPTURE(round);
    for (const Schedule* x : {&s, &shuffled, &spread}) {
      const SimulationResult r = simulate(*x);
      // Which message of a conflicting pair is reported depends on the message order (the
      // later one by index), so the reference runs on the same order.
      const auto want = reference_violations(*x);
      REQUIRE(r.ok == want.empty());
      if (r.ok) continue;
      const Key got = key_of(r), ref_key = *want.begin();
      CHECK_MESSAGE(got == ref_key, "order " << std::string(x == &s ? "expansion" : x == &shuffled ? "shuffled" : "spread") << ": "
                                             << r.violation.text << "; reference step " << std::get<0>(ref_key) << " rule "
                                             << rule_name(static_cast<Rule>(std::get<1>(ref_key))) << " processor "
                                             << std::get<2>(ref_key) << " item " << std::get<3>(ref_key));
    }
    caught += ref.empty() ? 0 : 1;
  }
  CHECK(caught > 250);  // most mutations break the schedule
}

namespace {

void same_result(const SimulationResult& a, const SimulationResult& b) {
  REQUIRE(a.ok == b.ok);
  CHECK(a.delay == b.delay);
  CHECK(a.messages == b.messages);
  if (a.ok) return;
  CHECK(key_of(a) == key_of(b));
  CHECK(a.violation.text == b.violation.text);
}

// Edits that keep the single-pass shape (send steps in order, recv = send + L), so that
// the single pass itself, not its fallback, meets the violation.
void mutate_in_shape(Schedule& s, std::mt19937_64& g, size_t n) {
  Message& m = s.messages[n];
  switch (g() % 4) {
    case 0: m.receiver = static_cast<std::int32_t>(1 + g() % static_cast<std::uint64_t>(s.P - 1)); break;
    case 1: m.item = static_cast<std::int32_t>(g() % static_cast<std::uint64_t>(s.items)); break;
    case 2: s.messages.insert(s.messages.begin() + static_cast<std::ptrdiff_t>(n), m); break;
    default: s.messages.erase(s.messages.begin() + static_cast<std::ptrdiff_t>(n)); break;
  }
}

std::vector<Assignment> witnesses() {
  std::vector<Assignment> out{read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json")};
  for (const auto& lt : {std::pair{3, 9}, {3, 12}, {4, 12}, {4, 15}, {5, 14}, {6, 18}}) {
    SearchResult r = solve_exact(optimal_instance(lt.first, lt.second), SearchOptions{});
    if (r.witness) out.push_back(*r.witness);
  }
  return out;
}

}  // namespace

TEST_CASE("single-pass and general simulator paths agree on in-shape mutations, first and last message included") {
  const std::uint64_t seed = testing::test_seed("test_replay single-pass", 20261125);
  CAPTURE(seed);
  std::mt19937_64 g(seed);
  const Schedule good = expand_assignment(read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"), 20);
  same_result(simulate(good), simulate(good, ReplayPath::general));
  int caught = 0;
  for (int round = 0; round < 300; ++round) {
    Schedule s = good;
    CAPTURE(round);
    // Rounds 0-3 and 4-7: the first and the last message; then anywhere.
    const size_t n = round < 4 ? 0 : round < 8 ? s.messages.size() - 1 : static_cast<size_t>(g() % s.messages.size());
    mutate_in_shape(s, g, n);
    if (round >= 8 && g() % 2) mutate_in_shape(s, g, static_cast<size_t>(g() % s.messages.size()));
    const SimulationResult fast = simulate(s), general = simulate(s, ReplayPath::general);
    same_result(fast, general);
    const auto want = reference_violations(s);
    REQUIRE(fast.ok == want.empty());
    if (!fast.ok) CHECK(key_of(fast) == *want.begin());
    caught += fast.ok ? 0 : 1;
  }
  CHECK(caught > 200);
}

TEST_CASE("single-pass path hands over to the general path when the schedule leaves its shape") {
  const Schedule good = expand_assignment(read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"), 20);
  for (int edit = 0; edit < 6; ++edit) {
    for (const bool last : {false, true}) {
      Schedule s = good;
      Message& m = last ? s.messages.back() : s.messages.front();
      if (edit == 0) m.recv_step += 1;                       // latency
      if (edit == 1) m.send_step = -1, m.recv_step = -1 + s.L;  // negative step (bad message)
      if (edit == 2) m.sender = static_cast<std::int32_t>(s.P);  // out of range
      if (edit == 3) m.receiver = 0;                          // the source as receiver
      if (edit == 4) m.item = s.items;                        // out of range
      if (edit == 5) std::swap(s.messages.front(), s.messages.back());  // out of step order, still legal
      CAPTURE(edit);
      CAPTURE(last);
      const SimulationResult fast = simulate(s);
      same_result(fast, simulate(s, ReplayPath::general));
      const auto want = reference_violations(s);
      REQUIRE(fast.ok == (edit == 5));
      if (!fast.ok) CHECK(key_of(fast) == *want.begin());
    }
  }
}

TEST_CASE("template expansion reproduces the pre-rewrite expansion message for message") {
  int compared = 0;
  for (const Assignment& a : witnesses()) {
    for (const i64 k : {i64{1}, i64{2}, a.delay(), 3 * a.delay() + 1}) {
      CAPTURE(a.L);
      CAPTURE(a.t);
      CAPTURE(k);
      const Schedule want = reference::old_expand(a, k);
      for (const ExpandOrder order : {ExpandOrder::automatic, ExpandOrder::by_step, ExpandOrder::by_item}) {
        const Schedule got = expand_assignment(a, k, order);
        CHECK(got.P == want.P);
        CHECK(got.items == want.items);
        CHECK(got.expected_delay == want.expected_delay);
        REQUIRE(got.messages.size() == want.messages.size());
        CHECK(got.messages == want.messages);
        ++compared;
      }
      CHECK(simulate(want).ok);
    }
  }
  CHECK(compared >= 3 * 4 * 5);
}

TEST_CASE("template expansion matches the reference on every arrangement of the paper's H5 word, errors included") {
  // Letter arrangements keep the counts (consistent) or, with receive-only changed, break
  // them (inconsistent: the same one-line error naming item 0 and the first bad step).
  const Assignment paper = read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json");
  int legal = 0, errors = 0;
  for (Letter x = 0; x < 3; ++x) {
    std::string letters = "aabc";
    do {
      Assignment a = paper;
      a.blocks[0].word = parse_word(letters);
      a.receive_only = x;
      CAPTURE(letters);
      CAPTURE(x);
      std::string want_error, got_error;
      Schedule want, got;
      try {
        want = reference::old_expand(a, 17);
      } catch (const InputError& e) {
        want_error = e.what();
      }
      for (const ExpandOrder order : {ExpandOrder::by_step, ExpandOrder::by_item}) {
        try {
          got = expand_assignment(a, 17, order);
          got_error.clear();
        } catch (const InputError& e) {
          got_error = e.what();
        }
        CHECK(got_error == want_error);
        if (want_error.empty()) CHECK(got.messages == want.messages);
      }
      errors += want_error.empty() ? 0 : 1;
      if (want_error.empty() && simulate(want).ok) ++legal;
    } while (std::next_permutation(letters.begin(), letters.end()));
  }
  CHECK(legal == 2);  // acab and abca with receive-only b (test_simulator.cpp)
  CHECK(errors > 0);
}

TEST_CASE("expansion steps beyond 32 bits are a clear InputError") {
  const Assignment paper = read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json");
  auto error_of = [](const Assignment& a, i64 k) {
    try {
      expand_assignment(a, k);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  Assignment a = paper;
  a.blocks[0].u = i64{3'000'000'000};  // holder sends at item-relative step L + T - u < -2^31
  CHECK(error_of(a, 5).find("32-bit") != std::string::npos);
  a = paper;
  a.blocks[0].u = INT64_MIN;  // L + T - u overflows 64 bits
  CHECK(error_of(a, 5).find("32-bit") != std::string::npos);
  a = paper;
  a.blocks[0].word[0] = INT32_MIN;  // reception at T - letter > 2^31
  CHECK(error_of(a, 5).find("32-bit") != std::string::npos);
  a = paper;
  a.receive_only = -2'147'483'640;  // item 0's send step T - x = 2^31 - 1 fits, its reception + L does not
  CHECK(error_of(a, 1).find("32-bit") != std::string::npos);
  a = paper;
  a.receive_only = INT32_MAX;  // far below 0, still 32 bits: only an inconsistency
  CHECK(error_of(a, 5).find("inconsistent assignment") != std::string::npos);
  CHECK(error_of(paper, 5).empty());
}

TEST_CASE("simulator fed in batches gives the stored replay's result, nullopt when the stream leaves its shape") {
  const std::uint64_t seed = testing::test_seed("test_replay batches", 20261126);
  CAPTURE(seed);
  std::mt19937_64 g(seed);
  const Schedule good = expand_assignment(read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"), 20);
  int fallbacks = 0;
  for (int round = 0; round < 200; ++round) {
    Schedule s = good;
    CAPTURE(round);
    if (round > 0) mutate(s, g);  // any edit, in or out of shape
    Schedule header = s;
    header.messages.clear();
    Simulator sim(header);
    bool going = true;
    for (size_t n = 0; n < s.messages.size() && going;) {  // batches of random length, some empty
      const size_t len = std::min<size_t>(g() % 40, s.messages.size() - n);
      going = sim.feed(std::vector<Message>(s.messages.begin() + static_cast<std::ptrdiff_t>(n),
                                            s.messages.begin() + static_cast<std::ptrdiff_t>(n + len)));
      n += len;
    }
    const auto streamed = sim.finish();
    const SimulationResult stored = simulate(s);
    if (!streamed) {
      ++fallbacks;
      CHECK_FALSE(going);
      continue;
    }
    same_result(*streamed, stored);
  }
  CHECK(fallbacks > 10);
  CHECK(fallbacks < 190);
}

TEST_CASE("streamed replay of assignments equals the stored replay (witnesses and every H5 arrangement)") {
  for (const Assignment& a : witnesses()) {
    CAPTURE(a.L);
    CAPTURE(a.t);
    const i64 k = 3 * a.delay() + 1;
    const SimulationResult r = simulate_assignment(a, k);
    CHECK(r.ok);
    same_result(r, simulate(expand_assignment(a, k)));
  }
  const Assignment paper = read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json");
  int rejected = 0;
  std::string letters = "aabc";
  do {
    Assignment a = paper;
    a.blocks[0].word = parse_word(letters);
    a.receive_only = 1;
    CAPTURE(letters);
    const SimulationResult r = simulate_assignment(a, 17);
    same_result(r, simulate(expand_assignment(a, 17)));
    rejected += r.ok ? 0 : 1;
  } while (std::next_permutation(letters.begin(), letters.end()));
  CHECK(rejected > 0);
}

TEST_CASE("random shuffled and hand-made assignments: expansion equals the reference, simulator paths agree") {
  const std::uint64_t seed = testing::test_seed("test_replay random assignments", 20261127);
  CAPTURE(seed);
  std::mt19937_64 g(seed);
  const auto base = witnesses();
  int same = 0, errors = 0, rejected = 0;
  for (int round = 0; round < 400; ++round) {
    Assignment a;
    if (round % 2 == 0) {  // a witness with letters moved between its words: counts kept
      a = base[static_cast<size_t>(g() % base.size())];
      std::vector<Letter*> slots;
      for (auto& b : a.blocks)
        for (auto& l : b.word) slots.push_back(&l);
      for (size_t n = slots.size(); n > 1; --n) std::swap(*slots[n - 1], *slots[static_cast<size_t>(g() % n)]);
      if (g() % 4 == 0 && !a.blocks.empty()) a.blocks[0].u += static_cast<i64>(g() % 3) - 1;
    } else {  // small random blocks, letters and u anywhere in [-3, 12]
      a.L = 1 + static_cast<int>(g() % 4);
      a.T = static_cast<int>(g() % 9);
      a.t = a.T;
      for (int nb = 1 + static_cast<int>(g() % 3); nb > 0; --nb) {
        BlockWord b;
        b.r = 1 + static_cast<int>(g() % 5);
        b.u = static_cast<i64>(g() % 16) - 3;
        b.count = 1 + static_cast<i64>(g() % 3);
        for (int j = 1; j < b.r; ++j) b.word.push_back(static_cast<Letter>(g() % 16) - 3);
        a.blocks.push_back(b);
      }
      a.receive_only = static_cast<Letter>(g() % 16) - 3;
    }
    a.P = 0;  // the layout decides
    const i64 k = 1 + static_cast<i64>(g() % 12);
    CAPTURE(round);
    CAPTURE(k);
    std::string want_error, got_error;
    Schedule want;
    try {
      want = reference::old_expand(a, k);
    } catch (const InputError& e) {
      want_error = e.what();
    }
    for (const ExpandOrder order : {ExpandOrder::automatic, ExpandOrder::by_item}) {
      Schedule got;
      try {
        got = expand_assignment(a, k, order);
        got_error.clear();
      } catch (const InputError& e) {
        got_error = e.what();
      }
      REQUIRE(got_error == want_error);
      if (!want_error.empty()) continue;
      REQUIRE(got.messages == want.messages);
    }
    if (!want_error.empty()) {
      ++errors;
      continue;
    }
    ++same;
    const SimulationResult r = simulate(want);
    same_result(r, simulate(want, ReplayPath::general));
    same_result(simulate_assignment(a, k), r);
    const auto ref = reference_violations(want);
    REQUIRE(r.ok == ref.empty());
    if (!r.ok) CHECK(key_of(r) == *ref.begin());
    rejected += r.ok ? 0 : 1;
  }
  MESSAGE(same << " expanded (" << rejected << " rejected by the simulator), " << errors << " input errors");
  CHECK(same > 100);
  CHECK(errors > 50);
  CHECK(rejected > 50);
}
