// `blockcast solve`: decide one instance (issue: search). `--P N` (issue 4, SPEC Sec. 6)
// asks for the best delay for N processors: L+t on the optimal or ties tree, else L+t+1 on
// a pruned tree (search/best_schedule.hpp); `--shape` forces one shape. Exit codes:
// cli/exit_codes.hpp (0 SOLVED, 4 IMPOSSIBLE, 5 UNKNOWN).
#include <iostream>

#include "assignment_json.hpp"
#include "everyp/best_schedule.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "everyp/trim_search.hpp"
#include "search_args.hpp"
#include "witness.hpp"

namespace blockcast::cli {

namespace {
void print_assignment(const Assignment& a) {
  for (const auto& b : a.blocks)
    std::cout << "  block r=" << b.r << " u=" << b.u << " x" << b.count << "  word '" << word_string(b.word) << "'\n";
  std::cout << "  receive-only " << letter_name(a.receive_only) << "\n";
}

// Text form of `solve --P`: the achieved delay on a line of its own first (scripts grep
// for it), then the shape, every verdict tried, the reason and the witness.
void print_best(const BestSchedule& b, bool stats) {
  std::cout << "delay " << (b.delay ? std::to_string(*b.delay) : std::string("none")) << "\n";
  std::cout << "shape " << (b.shape ? shape_name(*b.shape) : std::string("none")) << "\n";
  std::cout << "L " << b.L << "  P " << b.P << "  t " << b.t << "  lower bound L+t = " << b.lower_bound << "\n";
  if (!b.at_lower_bound()) std::cout << "optimal delay " << b.lower_bound << ": not searched\n";
  for (const auto& a : b.attempts) {
    std::cout << (a.delay == b.lower_bound ? "optimal delay " : "delay ") << a.delay << " (" << shape_name(a.shape)
              << ", " << a.removed << " leaves removed from T_" << a.T << "): " << verdict_name(a.verdict) << "  "
              << a.covered << "\n";
    if (stats) std::cout << "  stats " << a.stats.json().dump() << "\n";
  }
  if (!b.reason.empty()) std::cout << "reason: " << b.reason << "\n";
  if (b.witness) {
    print_assignment(*b.witness);
    std::cout << "verification: " << b.verification << "\n";
  }
}

// `solve --P` found no schedule: IMPOSSIBLE only if every delay it tried was proved
// impossible, else a limit stopped it (UNKNOWN).
Verdict no_schedule_verdict(const BestSchedule& b) {
  for (const auto& a : b.attempts)
    if (a.verdict != Verdict::impossible) return Verdict::unknown;
  return b.attempts.empty() ? Verdict::unknown : Verdict::impossible;
}

}  // namespace

void register_solve(CLI::App& app) {
  struct Args {
    int L = 3, t = 7;
    std::int64_t P = 0;
    std::string shape;
    std::string receive_only;
    bool extendable = false;
    SearchArgs search;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("solve", "decide one instance I(t): SOLVED (checked witness), IMPOSSIBLE or UNKNOWN");
  add_int(sub, "L", a->L);
  auto* t_opt = add_int(sub, "t", a->t);
  auto* P_opt = add_int(sub, "P", a->P);
  auto* shape_opt = add_string(sub, "shape", a->shape);
  add_string(sub, "receive-only", a->receive_only);
  add_flag(sub, "extendable", a->extendable);
  a->search.add(sub);
  sub->callback([a, t_opt, P_opt, shape_opt] {
    SearchOptions o = a->search.options();
    if (!a->receive_only.empty()) o.receive_only = parse_letter(a->receive_only);
    if (P_opt->count() && t_opt->count())
      throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
    if (shape_opt->count() && !P_opt->count()) throw InputError("--shape needs --P (--t always means the optimal tree)");
    if (P_opt->count()) {
      o.extendable = a->extendable;
      BestSchedule b = shape_opt->count() ? schedule_for_shape(a->L, a->P, parse_shape(a->shape), o)
                                          : best_schedule(a->L, a->P, o);
      if (a->search.json)
        std::cout << to_json(b, true).dump(2) << "\n";
      else
        print_best(b, a->search.stats);
      if (!b.witness) throw CLI::RuntimeError(exit_code(no_schedule_verdict(b)));
      return;
    }
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
    if (r.verdict != Verdict::solved) throw CLI::RuntimeError(exit_code(r.verdict));
  });
}

}  // namespace blockcast::cli
