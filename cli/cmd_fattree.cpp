// `blockcast fattree simulate|table|search` (plot: cmd_fattree_plot.cpp): binary fat trees (Dimakopoulos and Dimopoulos
// 1995, SPEC Sec. 9). The paper's schedules replayed by the link-level simulator next to the paper's formulas and
// lower bounds, and the exhaustive searches for the paper's two open questions.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checked.hpp"
#include "commands.hpp"
#include "memory_watch.hpp"
#include "output_lock.hpp"
#include "fattree/algorithms.hpp"
#include "fattree/evaluate.hpp"
#include "fattree/exact.hpp"
#include "fattree/schedule_json.hpp"
#include "fattree/search.hpp"
#include "fattree_plots.hpp"
#include "limits.hpp"
#include "options.hpp"
#include "progress.hpp"

namespace blockcast::cli {

namespace ft = blockcast::fattree;
using nlohmann::json;

namespace {

std::int64_t single_n(const IntList& n) {
  if (n.parts.empty()) throw InputError("--n is required");
  if (!n.single()) throw InputError("--n: give one number here (ranges and lists are for `fattree table`)");
  return n.front();
}

std::string caps_text(const ft::FatTree& T) {
  std::string s;
  for (int i = 1; i <= T.h; ++i) (s += i > 1 ? "," : "") += std::to_string(T.cap(i));
  return s;
}

json opt_json(const std::optional<std::int64_t>& v) { return v ? json(*v) : json(nullptr); }

std::string injection_text(const ft::Schedule& S, std::size_t i) {
  const auto& in = S.injections[i];
  std::string s = "step " + std::to_string(in.step) + ": " + std::to_string(in.src) + " -> ";
  if (in.dst >= 0) return s + std::to_string(in.dst);
  if (in.dst == ft::kAllOthers) return s + "all";
  std::string l;
  for (auto d : S.lists[static_cast<std::size_t>(in.list)]) (l += l.empty() ? "{" : ",") += std::to_string(d);
  return s + l + "}";
}

json row_json(const ft::Row& r) {
  return {{"op", ft::op_name(r.op)},
          {"n", r.tree.n},
          {"capacities", r.tree.pattern},
          {"c", caps_text(r.tree)},
          {"simulated", r.sim.completion},
          {"paper_formula", opt_json(r.paper.formula)},
          {"formula_source", r.paper.source},
          {"expected", opt_json(r.paper.expected)},
          {"paper_lower_bound", r.paper.lower_bound},
          {"branch_bound", r.paper.branch_bound},
          {"max_queue", r.sim.max_queue},
          {"max_link_queue_by_level", r.sim.max_link_queue_level},
          {"link_crossings", r.sim.link_crossings},
          {"delivered", r.sim.delivered},
          {"ok", r.sim.ok},
          {"error", r.sim.error},
          {"status", r.status()},
          {"seconds", r.seconds}};
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
    if (a->op.empty()) throw InputError("--op is required");
    ft::FatTree T = ft::make_tree(single_n(a->n), a->caps);
    ft::Op op = ft::parse_op(a->op);
    ft::check_simulation_size(op, T);
    ft::Schedule S = ft::generate(op, T);
    ft::SimResult R = ft::simulate(T, S, {a->queue_free, a->trace});
    ft::PaperValues P = ft::paper_values(op, T);
    ft::Row row{op, T, R, P, 0};
    if (a->json) {
      json j = row_json(row);
      j["crossings_per_step"] = R.crossings;
      j["max_queue_by_level"] = R.max_queue_level;
      j["queue_free_mode"] = a->queue_free;
      if (a->trace) {
        json tr = json::array();
        for (const auto& u : R.trace) tr.push_back({{"step", u.step}, {"link", T.link_name(u.link)}, {"packets", u.packets}});
        j["trace"] = tr;
      }
      print_json(inv, "blockcast-fattree-simulate", j, R.ok ? Status::accepted : Status::rejected);
      if (!R.ok) leave(Status::rejected);
      return;
    }
    std::cout << "fat tree n=" << T.n << " capacities " << T.pattern << " (c = " << caps_text(T) << "), "
              << ft::op_name(op) << (a->queue_free ? ", queue-free mode" : "") << "\n";
    if (!R.ok) std::cout << "  schedule rejected: " << R.error << "\n";
    std::cout << "  simulated steps  " << R.completion << "\n  paper formula    "
              << (P.formula ? std::to_string(*P.formula) : std::string("-")) << "  (" << P.source << ")\n"
              << "  lower bound      " << P.lower_bound << " (paper), " << P.branch_bound << " (branch counting)\n"
              << "  max queue        " << R.max_queue << "; per outgoing link by level:";
    for (auto q : R.max_link_queue_level) std::cout << " " << q;
    std::cout << "\n  deliveries       " << R.delivered << " of " << S.required.size() << " (missing " << R.missing
              << ", duplicate " << R.duplicates << ", unexpected " << R.unexpected << ")\n"
              << "  link crossings   " << R.link_crossings << "\n  status           " << row.status() << "\n";
    if (a->trace) {
      std::int64_t step = 0;
      for (const auto& u : R.trace) {
        if (u.step != step) {
          std::cout << (step ? "\n" : "") << "  step " << u.step << ":";
          step = u.step;
        }
        std::cout << " " << T.link_name(u.link) << "x" << u.packets;
      }
      std::cout << "\n";
    }
    if (!R.ok) leave(Status::rejected);  // the schedule was checked and rejected
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
    std::vector<std::string> pats;
    std::stringstream ss(a->caps);
    for (std::string p; std::getline(ss, p, ',');) {
      if (p != "cbft" && p != "ebft" && p != "linear")
        throw InputError("--capacities '" + a->caps +
                         "': the table takes pattern names (cbft, ebft, linear); use `fattree simulate` for a list");
      pats.push_back(p);
    }
    std::vector<std::int64_t> ns;  // the powers of two in the given ranges, ascending
    const OutputLocks locks({a->out});  // one run per output folder
    for (std::int64_t n = 2; n <= a->n.max(); n *= 2)
      for (const auto& [lo, hi] : a->n.parts)
        if (lo <= n && n <= hi) ns.push_back(n);
    if (ns.empty() || pats.empty()) throw InputError("--n contains no power of two >= 2");
    for (const auto& p : pats)  // refuse oversized rows before printing any
      for (ft::Op op : ft::all_ops()) ft::check_simulation_size(op, ft::make_tree(ns.back(), p));
    json rows = json::array();
    if (!a->json)
      std::cout << std::left << std::setw(22) << "op" << std::right << std::setw(6) << "n" << std::setw(8) << "caps"
                << std::setw(10) << "simulated" << std::setw(10) << "formula" << std::setw(10) << "paper LB"
                << std::setw(10) << "branch LB" << std::setw(8) << "queue" << std::setw(9) << "seconds"
                << "  status\n";
    bool failed = false;
    std::vector<FatTreeTableRow> report;  // --out: reports/fattree_plots.hpp
    for (const auto& p : pats)
      for (auto n : ns)
        for (ft::Op op : ft::all_ops()) {
          ft::Row r = ft::evaluate(op, ft::make_tree(n, p));
          failed = failed || r.failed();
          report.push_back({ft::op_name(op), p, n, r.sim.completion, r.paper.formula, r.paper.lower_bound,
                            r.paper.source, r.status()});
          if (a->json) {
            rows.push_back(row_json(r));
            continue;
          }
          std::cout << std::left << std::setw(22) << ft::op_name(op) << std::right << std::setw(6) << n << std::setw(8)
                    << p << std::setw(10) << r.sim.completion << std::setw(10)
                    << (r.paper.formula ? std::to_string(*r.paper.formula) : "-") << std::setw(10)
                    << r.paper.lower_bound << std::setw(10) << r.paper.branch_bound << std::setw(8)
                    << r.sim.max_queue << std::setw(9) << std::fixed << std::setprecision(2) << r.seconds << "  "
                    << r.status() << "\n";
        }
    if (a->json) print_json(inv, "blockcast-fattree-table", {{"rows", rows}});
    if (!a->out.empty()) {
      const WrittenPages w = write_fattree_report(a->out, report);
      std::cerr << "report: " << w.markdown << ", " << w.html << "\n";
    }
    if (failed) leave(Status::rejected);  // a schedule failed its check
  });
}

void add_witness(json& j, const ft::Schedule& W, const ft::SimResult& check) {
  j["witness"] = ft::injections_json(W);  // read back by `fattree plot`
  j["witness_simulated_steps"] = check.completion;
  j["witness_max_queue"] = check.max_queue;
}

json outcome_json(const ft::SearchOutcome& o) {
  json j = {{"steps", o.steps},
            {"verdict", verdict_name(o.verdict)},
            {"nodes", o.stats.nodes},
            {"pruned_empty_domain", o.stats.empty_domain},
            {"pruned_hall", o.stats.matching},
            {"pruned_symmetry", o.stats.symmetry},
            {"parallel_subtrees", o.tasks},
            {"seconds", o.seconds},
            {"search_space", o.space}};
  if (o.verdict == Verdict::solved) add_witness(j, o.witness, o.check);
  return j;
}

json exact_json(const ft::ExactOutcome& o) {
  json j = {{"steps", o.steps},       {"verdict", verdict_name(o.verdict)}, {"variables", o.vars},
            {"clauses", o.clauses},   {"learned_clauses", o.learned},      {"build_seconds", o.build_seconds},
            {"solve_seconds", o.solve_seconds}, {"proof_seconds", o.proof_seconds}, {"proof", o.proof},
            {"search_space", o.space}};
  if (o.verdict == Verdict::solved) add_witness(j, o.witness, o.check);
  return j;
}

void print_witness(const ft::Schedule& W, std::int64_t steps, std::int64_t queue) {
  std::cout << "witness (re-simulated: " << steps << " steps, max queue " << queue << "):\n";
  std::vector<std::size_t> order(W.injections.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return W.injections[x].step < W.injections[y].step; });
  for (std::size_t i : order) {
    std::cout << "  " << injection_text(W, i);
    if (!W.timings.empty()) {
      std::cout << "  hops at";
      for (auto t : W.timings[i]) std::cout << " " << t;
    }
    std::cout << "\n";
  }
}

// One verdict per step bound, however it was reached (CSP or SAT).
struct Run {
  int steps = 0;
  Verdict verdict = Verdict::unknown;
  std::string line;  // human-readable statistics
  json js;
  ft::Schedule witness;
  std::int64_t sim_steps = 0, sim_queue = 0;
};

void register_search_sub(CLI::App* parent, const Invocation& inv) {
  struct Args {
    IntList n;
    std::string caps, problem, model, solver, proof, proof_check, encoding;
    int steps = 0, threads = 0, queue_bound = -1;
    std::int64_t max_nodes = 0;
    double time_limit = 0;
    bool json = false;
    std::int64_t max_memory = 0;  // --max-memory in bytes; 0 = no limit
  };
  auto a = std::make_shared<Args>();
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
  sub->callback([a, &inv] {
    // Stops before the memory limit, printing UNKNOWN instead of being killed.
    const MemoryWatch memory(a->max_memory, unknown_answer(inv, "blockcast-fattree-search", a->json));
    const bool mnb_legacy = a->problem == "queue-free-mnb";
    ft::Op op = mnb_legacy ? ft::Op::multinode_broadcast : ft::parse_op(a->problem);
    if (op == ft::Op::total_exchange_phased) throw InputError("--op total-exchange-phased: search total-exchange");
    const bool multicast = op == ft::Op::multinode_broadcast || op == ft::Op::broadcast;
    std::string model = !a->model.empty() ? a->model : mnb_legacy ? "multicast" : "queues";
    if (model != "queues" && model != "queue-free" && model != "multicast" && model != "flood")
      throw InputError("unknown search model '" + model + "' (queues, queue-free, multicast, flood)");
    if ((model == "multicast" || model == "flood") && !multicast)
      throw InputError("--model " + model + " is for multinode-broadcast and broadcast");
    if (a->queue_bound >= 0 && model != "queues") throw InputError("--queue-bound needs --model queues");
    const bool csp_covers = (op == ft::Op::total_exchange && model == "queue-free") ||
                            (op == ft::Op::multinode_broadcast && (model == "multicast" || model == "flood"));
    // SAT by default wherever it is at least as fast: everywhere but the queue-free multinode
    // broadcast models, where the CSP settles n = 16 in seconds (docs/fattree.md).
    std::string solver = !a->solver.empty() ? a->solver : csp_covers && op != ft::Op::total_exchange ? "csp" : "sat";
    if (solver != "csp" && solver != "sat") throw InputError("unknown --solver '" + solver + "' (csp, sat)");
    if (solver == "csp" && !csp_covers)
      throw InputError("--solver csp covers total-exchange --model queue-free and multinode-broadcast --model "
                       "multicast|flood only; use --solver sat");
    ft::FatTree tree = ft::make_tree(single_n(a->n), a->caps);

    ft::ExactSpec ex;
    ex.op = op;
    ex.tree = tree;
    ex.queue_bound = model == "queues" ? ft::kUnboundedQueue : 0;
    if (a->queue_bound >= 0) ex.queue_bound = a->queue_bound;
    ex.single_injection = model == "flood";
    ex.encoding = ft::parse_encoding(a->encoding);
    const Limits deadline = with_deadline_in({}, a->time_limit);  // the whole command's
    ft::ExactOptions eo;
    eo.time_limit = a->time_limit;
    eo.deadline = deadline.deadline;
    eo.proof_path = a->proof;
    eo.check = ft::parse_proof_check(a->proof_check);
    // Progress goes to the one line on stderr, and only when it is a terminal.
    Progress bar;
    Ticker tick(bar, "fattree search", a->time_limit);
    eo.progress = [&bar](const std::string& line) { bar.update(line); };
    if (solver == "sat") ft::check_exact_spec([&] { auto e = ex; e.steps = 1; return e; }());

    ft::SearchSpec cs;
    if (solver == "csp") {
      cs.problem = op == ft::Op::total_exchange ? ft::Problem::total_exchange : ft::Problem::queue_free_mnb;
      cs.model = ft::parse_model(model);
      cs.tree = tree;
      cs.threads = a->threads;
      cs.limits = with_deadline_in({a->max_nodes, a->time_limit}, a->time_limit);  // whole-command deadline
      cs.progress = eo.progress;
    }
    std::vector<Run> runs;
    std::string space;
    auto run = [&](int S) {
      tick.set("fattree search: deciding " + std::to_string(S) + " steps");
      Run r;
      r.steps = S;
      std::ostringstream line;
      line << std::fixed << std::setprecision(2);
      if (solver == "csp") {
        cs.steps = S;
        ft::SearchOutcome o = ft::run_search(cs);
        r.verdict = o.verdict;
        r.js = outcome_json(o);
        line << "nodes " << o.stats.nodes << " (pruned: domain " << o.stats.empty_domain << ", Hall "
             << o.stats.matching << ", symmetry " << o.stats.symmetry << "), subtrees " << o.tasks << ", "
             << o.seconds << " s";
        r.witness = o.witness;
        r.sim_steps = o.check.completion;
        r.sim_queue = o.check.max_queue;
        space = o.space;
      } else {
        ex.steps = S;
        ft::ExactOutcome o = ft::run_exact(ex, eo);
        r.verdict = o.verdict;
        r.js = exact_json(o);
        line << o.vars << " vars, " << o.clauses << " clauses, " << o.learned << " learned, solve " << o.solve_seconds
             << " s";
        if (!o.proof.empty()) line << "; " << o.proof << " (" << o.proof_seconds << " s)";
        r.witness = o.witness;
        r.sim_steps = o.check.completion;
        r.sim_queue = o.check.max_queue;
        space = o.space;
      }
      r.line = line.str();
      runs.push_back(r);
      return r.verdict;
    };
    // Valid lower bounds for every schedule of the model (Table 1, Lemma 3, branch counting).
    ft::PaperValues pv = ft::paper_values(op, tree);
    const int analytic = static_cast<int>(std::max(pv.lower_bound, pv.branch_bound));
    const int max_steps = solver == "csp" ? 62 : 400;
    if (a->steps > 0) {
      run(a->steps);
    } else if (solver == "sat") {
      // Start at the analytic lower bound (Table 1, Lemma 3, branch counting: valid for every
      // schedule of the model) and walk up while IMPOSSIBLE, below the known schedule (the
      // generator's, when it lies in the model). SOLVED at the analytic bound is checked
      // against it: the bound minus one must be IMPOSSIBLE. If the walk up ends in UNKNOWN,
      // walk down from the known schedule while SOLVED to report the best schedule found.
      int upper = max_steps;
      if (model == "queues" || op == ft::Op::total_exchange) upper = static_cast<int>(ft::evaluate(op, tree).sim.completion);
      int S = std::max(1, analytic);
      Verdict v = run(S);
      if (v == Verdict::solved && S > 1 && run(S - 1) == Verdict::solved)
        throw std::logic_error("exact search: SOLVED below the analytic lower bound " + std::to_string(analytic));
      while (v == Verdict::impossible && S + 1 < upper) v = run(++S);
      if (v == Verdict::impossible && S + 1 == upper) v = run(++S);
      if (v == Verdict::unknown)  // no new run after the deadline
        for (int U = upper; U > S && !deadline.expired() && run(U) == Verdict::solved; --U) {}
    } else {
      // CSP: start at the paper's value and walk down while SOLVED or up while IMPOSSIBLE.
      int S = op == ft::Op::total_exchange ? static_cast<int>(*pv.formula)
                                           : static_cast<int>(tree.n + 2 * tree.h - 2);  // [3]'s queue-free value
      if (S > max_steps) throw InputError("search: the start value " + std::to_string(S) + " exceeds " +
                                          std::to_string(max_steps) + " steps");
      Verdict v = run(S);
      if (v == Verdict::solved)
        while (S > 1 && !deadline.expired() && run(--S) == Verdict::solved) {}
      else if (v == Verdict::impossible)
        while (S < max_steps && !deadline.expired() && run(++S) == Verdict::impossible) {}
    }
    tick.stop();  // before the results go to stdout
    const Run* best = nullptr;
    int proved = analytic;
    for (const auto& r : runs) {
      if (r.verdict == Verdict::solved && (!best || r.steps < best->steps)) best = &r;
      if (r.verdict == Verdict::impossible) proved = std::max(proved, r.steps + 1);
    }
    std::string minimum = best && best->steps <= proved ? std::to_string(best->steps) : "unknown";
    bool by_search = false;
    for (const auto& r : runs) by_search = by_search || (r.verdict == Verdict::impossible && r.steps + 1 == proved);
    std::string lower_source = by_search ? "exact search: IMPOSSIBLE at " + std::to_string(proved - 1)
                                         : "analytic: paper and branch counting";
    if (a->json) {
      json r = json::array();
      for (const auto& o : runs) r.push_back(o.js);
      const Status v = a->steps > 0 ? status_of(runs.front().verdict)
                                    : minimum == "unknown" ? Status::unknown : Status::solved;
      print_json(inv, "blockcast-fattree-search", json{{"op", ft::op_name(op)}, {"model", model}, {"solver", solver}, {"n", tree.n},
                        {"capacities", tree.pattern}, {"c", caps_text(tree)}, {"queue_bound", ex.queue_bound},
                        {"encoding", solver == "sat" ? json(ft::encoding_name(ex.encoding)) : json(nullptr)},
                        {"runs", r}, {"best_found", best ? json(best->steps) : json(nullptr)},
                        {"lower_bound", proved}, {"lower_bound_source", lower_source}, {"minimum", minimum},
                        {"search_space", space}}, v);
    } else {
      std::cout << "fat-tree search " << ft::op_name(op) << " (model " << model << ", solver " << solver
                << "), n=" << tree.n << ", c = " << caps_text(tree)
                << (solver == "sat" && ft::encoding_name(ex.encoding) != ft::encoding_name({})
                        ? ", encoding " + ft::encoding_name(ex.encoding)
                        : std::string())
                << "\n";
      if (!space.empty()) std::cout << "search space: " << space << "\n";
      for (const auto& r : runs)
        std::cout << "  steps " << std::setw(3) << r.steps << ": " << std::setw(10) << std::left
                  << verdict_name(r.verdict) << std::right << " " << r.line << "\n";
      std::cout << "best found: " << (best ? std::to_string(best->steps) : "none") << ", lower bound: " << proved
                << " (" << lower_source << "), minimum: " << minimum << "\n";
      if (best) print_witness(best->witness, best->sim_steps, best->sim_queue);
    }
    if (a->steps > 0) return exit_with(status_of(runs.front().verdict));
    if (minimum == "unknown") leave(Status::unknown);
  });
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
