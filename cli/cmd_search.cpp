// `blockcast solve`: `--P N` (SPEC Sec. 6; a list or range of P gives one answer per P) asks
// for the best schedule for N processors: the best delay of any form first, then the block-
// cyclic one (L+t on the optimal or ties tree, else L+t+1 on a pruned tree) with its proof, and
// above the lower bound the periodic schedules at L+t; `--shape` forces one shape. `--t` decides
// one instance I(t). This file only parses: the run is search/everyp/solve_run.hpp (the same
// the C++ API and Python call), the text reports/solve.hpp. Exit codes: docs/exit-codes.md
// (0 SOLVED, 4 IMPOSSIBLE, 5 UNKNOWN; over several P the worst).
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "decided_tree.hpp"
#include "progress.hpp"
#include "render.hpp"
#include "search_args.hpp"
#include "solve.hpp"

namespace blockcast::cli {

namespace {

struct SolveArgs {
  int L = 0, t = 0;  // required (the options table): no default
  IntList P;
  std::string shape;
  std::string receive_only;
  bool extendable = false, no_periodic = false;
  double period_time_limit = 0;
  IntList periods;
  SearchArgs search;
};

// The options as the run's request; the CLI's own checks first (they name the options).
SolveRequest solve_request(const SolveArgs& a, bool has_P, bool has_t, bool has_shape) {
  if (has_P && has_t) throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
  if (has_shape && !has_P) throw InputError("--shape needs --P (--t always means the optimal tree)");
  SolveRequest r;
  r.L = a.L;
  if (has_P) r.P = a.P.values("P", 100'000);
  if (has_t) r.t = a.t;
  if (has_shape) r.shape = parse_shape(a.shape);
  r.time_limit = a.search.time_limit;
  r.threads = a.search.threads;
  r.max_nodes = a.search.max_nodes;
  r.memo = !a.search.no_memo;
  r.prune = !a.search.no_prune;
  if (!a.receive_only.empty()) r.receive_only = receive_only_letter(a.receive_only, a.L, a.L);
  r.extendable = a.extendable;
  r.periodic = !a.no_periodic;
  const auto [first, last] = a.periods.parts.front();
  r.period_first = static_cast<int>(first), r.period_last = static_cast<int>(last);
  r.period_time_limit = a.period_time_limit;
  return r;
}

// Runs the request with a progress line on stderr (only on a terminal); the text of each P
// is printed as soon as it is known, the JSON at the end.
void run_solve_command(SolveRequest r, const SolveArgs& a, const Invocation& inv) {
  ProgressLine bar;
  const double shown_limit = r.t || r.P.size() == 1 ? r.time_limit : 0;  // the deadline is the command's
  std::optional<Ticker> tick;  // one per P, as each P's text ends it
  r.control.progress = [&](const Progress& p) {
    if (tick)
      tick->set(p.what);
    else
      tick.emplace(bar, p.what, shown_limit);
  };
  const std::string condition = condition_phrase(r.receive_only ? letter_name(*r.receive_only) : "", r.extendable);
  if (!a.search.json)
    r.on_answer = [&](const SolveAnswer& s) {
      tick.reset();  // the line is cleared before the result goes to stdout
      std::cout << solve_text(s, a.search.stats, condition) << std::flush;
    };
  const SolveResult result = run_solve(r);
  tick.reset();
  if (result.instance && a.search.json)
    print_json(inv, instance_outcome(*result.instance, a.search.stats));
  else if (result.instance)
    std::cout << instance_text(*result.instance, a.search.stats, condition);
  else if (a.search.json)
    print_json(inv, result.answers.size() == 1 ? solve_outcome(result.answers.front()) : solve_list_outcome(result));
  exit_with(result.verdict);
}

}  // namespace

void register_solve(CLI::App& app, const Invocation& inv) {
  auto a = std::make_shared<SolveArgs>();
  auto* sub = app.add_subcommand("solve", "the best schedule for P processors (--P), or decide one instance I(t) (--t)");
  add(sub, "L", a->L);
  auto* t_opt = add(sub, "t", a->t);
  auto* P_opt = add(sub, "P", a->P);
  auto* shape_opt = add(sub, "shape", a->shape);
  add(sub, "receive-only", a->receive_only);
  add(sub, "extendable", a->extendable);
  add(sub, "period", a->periods);
  add(sub, "no-periodic", a->no_periodic);
  add(sub, "period-time-limit", a->period_time_limit);
  a->search.add(sub);
  sub->callback([a, t_opt, P_opt, shape_opt, &inv] {
    run_solve_command(solve_request(*a, P_opt->count() > 0, t_opt->count() > 0, shape_opt->count() > 0), *a, inv);
  });
}

}  // namespace blockcast::cli
