// `blockcast fattree simulate|table|search` (plot: cmd_fattree_plot.cpp): binary fat trees (Dimakopoulos and Dimopoulos
// 1995, SPEC Sec. 9). The paper's schedules replayed by the link-level simulator next to the paper's formulas and
// lower bounds, and the exact searches for the paper's two open questions. Each subcommand parses its options into
// the public request (include/blockcast/fattree.hpp), calls the run (search/fattree/fattree_run.hpp: the same one
// the C++ API and Python call) and hands the result to reports/fattree_run.hpp; it computes nothing itself.
// Exit codes (docs/exit-codes.md): simulate 0 accepted, 1 rejected; table 1 when a row failed; search 0 SOLVED,
// 4 IMPOSSIBLE (--steps), 5 UNKNOWN; 2 bad input.
#include <iostream>
#include <memory>

#include "checked.hpp"
#include "commands.hpp"
#include "fattree_plots.hpp"
#include "fattree_run.hpp"
#include "memory_watch.hpp"
#include "options.hpp"
#include "output_lock.hpp"
#include "progress.hpp"

namespace blockcast::cli {

namespace ft = blockcast::fattree;

namespace {

// One --n value; 0 when none was given (the run answers "--n is required").
std::int64_t single_n(const IntList& n) {
  if (n.parts.empty()) return 0;
  if (!n.single()) throw InputError("--n: give one number here (ranges and lists are for `fattree table`)");
  return n.front();
}

void register_simulate_sub(CLI::App* parent, const Invocation& inv) {
  struct Args {
    IntList n;
    std::string op, caps;
    bool json = false, queue_free = false, trace = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand("simulate", "simulate the paper's schedule for one operation");
  add(sub, "n", a->n);
  add(sub, "op", a->op);
  add(sub, "capacities", a->caps);
  add(sub, "queue-free", a->queue_free);
  add(sub, "trace", a->trace);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    const api::FattreeSimulateResult r = ft::run_fattree_simulate({a->op, single_n(a->n), a->caps, a->queue_free, a->trace});
    if (a->json)
      print_json(inv, fattree_simulate_outcome(r));
    else
      std::cout << fattree_simulate_text(r);
    if (!r.accepted) leave(Verdict::rejected);  // the schedule was checked and rejected
  });
}

void register_table_sub(CLI::App* parent, const Invocation& inv) {
  struct Args {
    IntList n;
    std::string caps, out;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand("table", "simulated time of every generated schedule next to the paper's formulas");
  add(sub, "n", a->n);
  add(sub, "capacities", a->caps);
  add(sub, "json", a->json);
  add(sub, "out", a->out);
  sub->callback([a, &inv] {
    const OutputLocks locks({a->out});  // one run per output folder
    api::FattreeTableRequest request;
    request.capacities = a->caps;
    for (std::int64_t n = 2; n <= a->n.max(); n *= 2)  // the powers of two in the given ranges, ascending
      for (const auto& [lo, hi] : a->n.parts)
        if (lo <= n && n <= hi) request.n.push_back(n);
    const api::FattreeTableResult r = ft::run_fattree_table(request);
    if (a->json)
      print_json(inv, fattree_table_outcome(r));
    else
      std::cout << fattree_table_text(r);
    if (!a->out.empty()) {
      const WrittenPages w = write_fattree_report(a->out, fattree_table_rows(r));
      std::cerr << "report: " << w.markdown << ", " << w.html << "\n";
    }
    if (!r.accepted) leave(Verdict::rejected);  // a schedule failed its check
  });
}

struct FattreeSearchArgs {
  IntList n;
  std::string caps, problem, model, solver, proof, proof_check, encoding;
  int steps = 0, threads = 0, queue_bound = -1;
  std::int64_t max_nodes = 0;
  double time_limit = 0;
  bool json = false;
  std::int64_t max_memory = 0;  // --max-memory in bytes; 0 = no limit
};

api::FattreeSearchRequest search_request(const FattreeSearchArgs& a) {
  api::FattreeSearchRequest r;
  r.op = a.problem;
  r.n = single_n(a.n);
  r.capacities = a.caps;
  r.model = a.model;
  r.solver = a.solver;
  r.steps = a.steps;
  r.queue_bound = a.queue_bound;
  r.encoding = a.encoding;
  r.proof_path = a.proof;
  r.proof_check = a.proof_check;
  r.threads = a.threads;
  r.max_nodes = a.max_nodes;
  r.time_limit = a.time_limit;
  return r;
}

void search_command(const FattreeSearchArgs& a, const Invocation& inv) {
  // Stops before the memory limit, printing UNKNOWN instead of being killed.
  const MemoryWatch memory(a.max_memory, unknown_answer(inv, "blockcast-fattree-search", a.json));
  // ProgressLine goes to the one line on stderr, and only when it is a terminal.
  ProgressLine bar;
  Ticker tick(bar, "fattree search", a.time_limit);
  const ft::SearchProgress progress{
      [&tick](int S) { tick.set("fattree search: deciding " + std::to_string(S) + " steps"); },
      [&bar](const std::string& line) { bar.update(line); }};
  const api::FattreeSearchResult r = ft::run_fattree_search(search_request(a), progress);
  tick.stop();  // before the results go to stdout
  const Outcome o = fattree_search_outcome(r);
  if (a.json)
    print_json(inv, o);
  else
    std::cout << fattree_search_text(r);
  exit_with(o.verdict);
}

void register_search_sub(CLI::App* parent, const Invocation& inv) {
  auto a = std::make_shared<FattreeSearchArgs>();
  auto* sub = parent->add_subcommand(
      "search", "exact search: full model with queues (SAT), queue-free total exchange and multinode broadcast (CSP)");
  add_alias(sub, "problem", add(sub, "op", a->problem));
  add(sub, "model", a->model);
  add(sub, "solver", a->solver);
  add(sub, "n", a->n);
  add(sub, "capacities", a->caps);
  add(sub, "steps", a->steps);
  add(sub, "queue-bound", a->queue_bound);
  add(sub, "proof", a->proof);
  add(sub, "proof-check", a->proof_check);
  add(sub, "encoding", a->encoding);
  add(sub, "threads", a->threads);
  add(sub, "max-nodes", a->max_nodes);
  add(sub, "time-limit", a->time_limit);
  add(sub, "json", a->json);
  add(sub, "max-memory", a->max_memory);
  sub->callback([a, &inv] { search_command(*a, inv); });
}

}  // namespace

void register_fattree(CLI::App& app, const Invocation& inv) {
  auto* sub = app.add_subcommand("fattree",
                                 "binary fat trees (Dimakopoulos and Dimopoulos 1995): simulate, table, search, plot");
  sub->require_subcommand(1);
  register_simulate_sub(sub, inv);
  register_table_sub(sub, inv);
  register_search_sub(sub, inv);
  register_fattree_plot(sub, inv);
}

}  // namespace blockcast::cli
