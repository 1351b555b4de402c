// `blockcast words` (legal words of a block, exact counts) and `blockcast automaton`
// (SPEC Sec. 5): the automaton's states, components and Graphviz DOT.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "legal_words.hpp"
#include "options.hpp"
#include "postal.hpp"

namespace blockcast::cli {

void register_words(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, r = 1, u = -1;
    std::int64_t limit = 100000;
    bool count = false, json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("words", "legal words of block (r, u) over the letters a.. of latency L");
  add(sub, "L", a->L);
  add(sub, "r", a->r)->required();
  add(sub, "u", a->u);
  a->u = -1;
  add(sub, "limit", a->limit);
  add(sub, "count", a->count);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    require_latency(a->L);
    const i64 u = a->u >= 0 ? a->u : a->L - 1 + a->r;
    if (a->count) {
      BigCount n = count_legal_words(a->r, u, a->L);
      if (a->json)
        print_json(inv, "blockcast-words", {{"L", a->L}, {"r", a->r}, {"u", u}, {"count", n.str()}});
      else
        std::cout << n << "\n";
      return;
    }
    bool truncated = false;
    auto words = enumerate_legal_words(a->r, u, a->L, a->limit, &truncated);
    if (a->json) {
      nlohmann::json list = nlohmann::json::array();
      for (const auto& w : words) list.push_back(word_string(w));
      print_json(inv, "blockcast-words", {{"L", a->L}, {"r", a->r}, {"u", u}, {"words", list}, {"truncated", truncated}});
      return;
    }
    for (const auto& w : words) std::cout << (w.empty() ? "(empty)" : word_string(w)) << "\n";
    if (truncated) std::cerr << "blockcast: more than --limit " << a->limit << " words; output truncated\n";
  });
}

void register_automaton(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0;
    bool dot = false, json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("automaton", "the word automaton for L letters: states, components, DOT");
  add(sub, "L", a->L);
  add(sub, "dot", a->dot);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    require_latency(a->L);
    WordAutomaton A(a->L);
    if (a->dot) {
      std::cout << A.dot();
      return;
    }
    int ncomp = 0;
    A.components(&ncomp);
    auto rec = A.recurrent_states();
    auto reach = A.reachable(0);
    if (a->json) {
      nlohmann::json states = nlohmann::json::array();
      for (State s : rec) states.push_back(state_name(s, a->L));
      print_json(inv, "blockcast-automaton", {{"L", a->L}, {"states", std::size_t{1} << a->L}, {"components", ncomp},
                                              {"recurrent_states", states}, {"reachable_from_empty", reach.size()}});
      return;
    }
    std::cout << "automaton for L=" << a->L << ": " << (std::size_t{1} << a->L) << " states, " << ncomp
              << " strongly connected components, " << rec.size() << " states on closed walks, "
              << reach.size() << " reachable from {}\nrecurrent states:";
    for (State s : rec) std::cout << " " << state_name(s, a->L);
    std::cout << "\n";
  });
}

}  // namespace blockcast::cli
