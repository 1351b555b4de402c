// `blockcast fattree simulate|table|search`: binary fat trees (paper 001, SPEC Sec. 9). The
// paper's schedules replayed by the link-level simulator next to the paper's formulas and
// lower bounds, and the exhaustive searches for the paper's two open questions.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checked.hpp"
#include "commands.hpp"
#include "fattree/algorithms.hpp"
#include "fattree/evaluate.hpp"
#include "fattree/search.hpp"
#include "options.hpp"

namespace blockcast::cli {

namespace ft = blockcast::fattree;
using nlohmann::json;

namespace {

std::int64_t single_n(const std::string& text) {
  if (text.empty()) throw InputError("--n is required");
  auto [a, b] = parse_range("n", text, 2, 1 << 30);
  if (a != b) throw InputError("--n '" + text + "': give one number here (ranges are for `fattree table`)");
  return a;
}

std::string caps_text(const ft::FatTree& T) {
  std::string s;
  for (int i = 1; i <= T.h; ++i) (s += i > 1 ? "," : "") += std::to_string(T.cap(i));
  return s;
}

json opt_json(const std::optional<std::int64_t>& v) { return v ? json(*v) : json(nullptr); }

json injection_json(const ft::Schedule& S, std::size_t i) {
  const auto& in = S.injections[i];
  json j = {{"step", in.step}, {"src", in.src}, {"payload", in.payload}};
  if (in.dst >= 0) j["dst"] = in.dst;
  else if (in.dst == ft::kAllOthers) j["dst"] = "all";
  else j["dst"] = S.lists[static_cast<std::size_t>(in.list)];
  if (!S.timings.empty()) j["hops"] = S.timings[i];
  return j;
}

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

void register_simulate_sub(CLI::App* parent) {
  struct Args {
    std::string n, op, caps;
    bool json = false, queue_free = false, trace = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand("simulate", "simulate the paper's schedule for one operation");
  add_string(sub, "n", a->n);
  add_string(sub, "op", a->op);
  add_string(sub, "capacities", a->caps);
  add_flag(sub, "queue-free", a->queue_free);
  add_flag(sub, "trace", a->trace);
  add_flag(sub, "json", a->json);
  sub->callback([a] {
    if (a->op.empty()) throw InputError("--op is required");
    ft::FatTree T = ft::make_tree(single_n(a->n), a->caps);
    ft::Op op = ft::parse_op(a->op);
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
      std::cout << j.dump(2) << "\n";
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
  });
}

void register_table_sub(CLI::App* parent) {
  struct Args {
    std::string n = "4..1024", caps = "cbft,ebft,linear";
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand("table", "simulated time of every generated schedule next to the paper's formulas");
  add_string(sub, "n", a->n)->default_str("4..1024");
  add_string(sub, "capacities", a->caps)->default_str("cbft,ebft,linear");
  add_flag(sub, "json", a->json);
  sub->callback([a] {
    auto [lo, hi] = parse_range("n", a->n.empty() ? "4..1024" : a->n, 2, 1 << 20);
    std::vector<std::string> pats;
    std::stringstream ss(a->caps);
    for (std::string p; std::getline(ss, p, ',');) {
      if (p != "cbft" && p != "ebft" && p != "linear")
        throw InputError("--capacities '" + a->caps +
                         "': the table takes pattern names (cbft, ebft, linear); use `fattree simulate` for a list");
      pats.push_back(p);
    }
    std::vector<std::int64_t> ns;
    for (std::int64_t n = 2; n <= hi; n *= 2)
      if (n >= lo) ns.push_back(n);
    if (ns.empty() || pats.empty()) throw InputError("--n '" + a->n + "' contains no power of two >= 2");
    json rows = json::array();
    if (!a->json)
      std::cout << std::left << std::setw(22) << "op" << std::right << std::setw(6) << "n" << std::setw(8) << "caps"
                << std::setw(10) << "simulated" << std::setw(10) << "formula" << std::setw(10) << "paper LB"
                << std::setw(10) << "branch LB" << std::setw(8) << "queue" << std::setw(9) << "seconds"
                << "  status\n";
    for (const auto& p : pats)
      for (auto n : ns)
        for (ft::Op op : ft::all_ops()) {
          ft::Row r = ft::evaluate(op, ft::make_tree(n, p));
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
    if (a->json) std::cout << rows.dump(2) << "\n";
  });
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
  if (o.verdict == Verdict::solved) {
    json w = json::array();
    for (std::size_t i = 0; i < o.witness.injections.size(); ++i) w.push_back(injection_json(o.witness, i));
    j["witness"] = w;
    j["witness_simulated_steps"] = o.check.completion;
    j["witness_max_queue"] = o.check.max_queue;
  }
  return j;
}

void register_search_sub(CLI::App* parent) {
  struct Args {
    std::string n, caps, problem, model;
    int steps = 0, threads = 0;
    std::int64_t max_nodes = 0;
    double time_limit = 0;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand("search", "exhaustive search: total exchange minimum, queue-free multinode broadcast");
  add_string(sub, "problem", a->problem);
  add_string(sub, "model", a->model);
  add_string(sub, "n", a->n);
  add_string(sub, "capacities", a->caps);
  add_int(sub, "steps", a->steps);
  add_int(sub, "threads", a->threads);
  add_int(sub, "max-nodes", a->max_nodes);
  add_double(sub, "time-limit", a->time_limit);
  add_flag(sub, "json", a->json);
  sub->callback([a] {
    ft::SearchSpec spec;
    spec.problem = ft::parse_problem(a->problem);
    spec.model = ft::parse_model(!a->model.empty() ? a->model
                                 : spec.problem == ft::Problem::total_exchange ? "queue-free" : "multicast");
    spec.tree = ft::make_tree(single_n(a->n), a->caps);
    spec.threads = a->threads;
    spec.limits = {a->max_nodes, a->time_limit};
    std::vector<ft::SearchOutcome> runs;
    auto run = [&](int S) {
      spec.steps = S;
      runs.push_back(ft::run_search(spec));
      return runs.back().verdict;
    };
    if (a->steps > 0) {
      run(a->steps);
    } else {
      // Start at the paper's value (eq. (2) for total exchange, n + 2 log n - 2 for queue-free
      // multinode broadcast) and walk down while SOLVED, or up while IMPOSSIBLE; a bound that
      // fails exhaustively also fails for every smaller bound, so min = last SOLVED.
      int S = spec.problem == ft::Problem::total_exchange
                  ? static_cast<int>(*ft::paper_values(ft::Op::total_exchange, spec.tree).formula)
                  : static_cast<int>(spec.tree.n + 2 * spec.tree.h - 2);
      if (S > 62) throw InputError("search: the paper's value " + std::to_string(S) + " exceeds 62 steps");
      Verdict v = run(S);
      if (v == Verdict::solved)
        while (S > 1 && run(--S) == Verdict::solved) {}
      else if (v == Verdict::impossible)
        while (S < 62 && run(++S) == Verdict::impossible) {}
    }
    const ft::SearchOutcome* best = nullptr;
    for (const auto& o : runs)
      if (o.verdict == Verdict::solved && (!best || o.steps < best->steps)) best = &o;
    std::string minimum = "unknown";
    if (best)
      for (const auto& o : runs)
        if (o.steps == best->steps - 1 && o.verdict == Verdict::impossible) minimum = std::to_string(best->steps);
    if (a->json) {
      json r = json::array();
      for (const auto& o : runs) r.push_back(outcome_json(o));
      std::cout << json{{"problem", ft::problem_name(spec.problem)}, {"model", ft::model_name(spec.model)},
                        {"n", spec.tree.n}, {"capacities", spec.tree.pattern}, {"c", caps_text(spec.tree)},
                        {"runs", r}, {"minimum_in_search_space", minimum}}
                       .dump(2)
                << "\n";
      return;
    }
    std::cout << "fat-tree search " << ft::problem_name(spec.problem) << " (" << ft::model_name(spec.model)
              << "), n=" << spec.tree.n << ", c = " << caps_text(spec.tree) << "\n";
    if (!runs.empty()) std::cout << "search space: " << runs.front().space << "\n";
    for (const auto& o : runs)
      std::cout << "  steps " << std::setw(3) << o.steps << ": " << std::setw(10) << std::left
                << verdict_name(o.verdict) << std::right << " nodes " << o.stats.nodes << " (pruned: domain "
                << o.stats.empty_domain << ", Hall " << o.stats.matching << ", symmetry " << o.stats.symmetry
                << "), subtrees " << o.tasks << ", " << std::fixed << std::setprecision(2) << o.seconds << " s\n";
    if (a->steps == 0) std::cout << "minimum over this search space: " << minimum << "\n";
    if (best) {
      std::cout << "witness for " << best->steps << " steps (re-simulated: " << best->check.completion
                << " steps, max queue " << best->check.max_queue << "):\n";
      std::vector<std::size_t> order(best->witness.injections.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return best->witness.injections[x].step < best->witness.injections[y].step;
      });
      for (std::size_t i : order) std::cout << "  " << injection_text(best->witness, i) << "\n";
    }
  });
}

}  // namespace

void register_fattree(CLI::App& app) {
  auto* sub = app.add_subcommand("fattree", "binary fat trees (paper 001): simulate, table, search");
  sub->require_subcommand(1);
  register_simulate_sub(sub);
  register_table_sub(sub);
  register_search_sub(sub);
}

}  // namespace blockcast::cli
