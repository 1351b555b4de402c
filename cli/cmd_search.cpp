// `blockcast solve`: decide one instance (issue: search; shapes: issue 4).
#include <iostream>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "trim_search.hpp"
#include "search_args.hpp"
#include "witness.hpp"

namespace blockcast::cli {

namespace {
void print_assignment(const Assignment& a) {
  for (const auto& b : a.blocks)
    std::cout << "  block r=" << b.r << " u=" << b.u << " x" << b.count << "  word '" << word_string(b.word) << "'\n";
  std::cout << "  receive-only " << letter_name(a.receive_only) << "\n";
}

}  // namespace

void register_solve(CLI::App& app) {
  struct Args {
    int L = 3, t = 7;
    std::string receive_only;
    bool extendable = false;
    SearchArgs search;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("solve", "decide one instance I(t): SOLVED (checked witness), IMPOSSIBLE or UNKNOWN");
  add_int(sub, "L", a->L);
  add_int(sub, "t", a->t);
  add_string(sub, "receive-only", a->receive_only);
  add_flag(sub, "extendable", a->extendable);
  a->search.add(sub);
  sub->callback([a] {
    SearchOptions o = a->search.options();
    if (!a->receive_only.empty()) o.receive_only = parse_letter(a->receive_only);
    if (o.receive_only && *o.receive_only >= a->L)
      throw InputError("--receive-only " + a->receive_only + " is not a letter of L=" + std::to_string(a->L));
    o.extendable = a->extendable;
    Instance I = optimal_instance(a->L, a->t);
    SearchResult r = solve_exact(I, o);
    std::string sim;
    if (r.witness) sim = simulate_witness(*r.witness);
    if (a->search.json) {
      nlohmann::json j = r.witness ? to_json(*r.witness) : nlohmann::json::object();
      j["verdict"] = verdict_name(r.verdict);
      j["mode"] = r.mode;
      j["covered"] = r.covered;
      if (r.witness) j["verification"] = "symbolic check passed; " + sim;
      if (a->search.stats) j["stats"] = r.stats.json();
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << verdict_name(r.verdict) << "\n";
      std::cout << "L " << I.L << "  t " << I.t << "  P " << I.P << "  delay L+t " << I.delay() << "  mode " << r.mode
                << "\n" << r.covered << "\n";
      if (r.witness) {
        print_assignment(*r.witness);
        std::cout << "verification: symbolic check passed; " << sim << "\n";
      }
      if (a->search.stats) std::cout << "stats " << r.stats.json().dump() << "\n";
    }
  });
}

}  // namespace blockcast::cli
