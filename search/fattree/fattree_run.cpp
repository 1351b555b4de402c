// The fat-tree search run (fattree_run.hpp; docs/fattree.md "Exact search in the full model"
// and "Queue-free CSP searches"): decides step bounds of a collective operation on a binary
// fat tree (Dimakopoulos and Dimopoulos 1995) with the CSP (search.hpp) or the time-expanded
// SAT model (exact.hpp) and walks to the minimum. Every SOLVED bound carries a witness the
// simulator replayed; every IMPOSSIBLE an exhausted CSP or a checked DRAT proof; the lower bound
// of the walk starts at the analytic one (Table 1, Lemma 3, branch counting), valid for every
// schedule of the model.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "checked.hpp"
#include "fattree/evaluate.hpp"
#include "fattree/exact.hpp"
#include "fattree/fattree_run.hpp"
#include "fattree/formulas.hpp"
#include "fattree/search.hpp"
#include "limits.hpp"

namespace blockcast::fattree {

namespace {

api::FattreeSchedule public_schedule(const Schedule& S);

// The request resolved: operation, model, solver, tree and the two back ends' settings.
struct Setup {
  Op op = Op::total_exchange;
  std::string model, solver;
  FatTree tree;
  ExactSpec ex;
  ExactOptions eo;
  SearchSpec cs;
  Limits deadline;  // the whole call's
};

void check_ranges(const api::FattreeSearchRequest& r) {
  if (r.steps < 0 || r.steps > 400) throw InputError("steps = " + std::to_string(r.steps) + ": between 0 and 400");
  if (r.queue_bound < -1 || r.queue_bound > 1'000'000)
    throw InputError("queue bound " + std::to_string(r.queue_bound) + ": between 0 and 1000000 (-1: unbounded)");
  if (r.threads < 0 || r.threads > 1024) throw InputError("threads = " + std::to_string(r.threads) + ": between 0 and 1024");
  if (r.max_nodes < 0) throw InputError("max nodes " + std::to_string(r.max_nodes) + ": must be >= 0");
  if (!std::isfinite(r.time_limit) || r.time_limit < 0) throw InputError("time limit: seconds >= 0 (0 = none)");
}

// Operation, model and solver, checked against each other (the CLI's messages name its options).
void resolve_model(const api::FattreeSearchRequest& r, Setup& s) {
  const bool mnb_legacy = r.op == "queue-free-mnb";
  s.op = mnb_legacy ? Op::multinode_broadcast : parse_op(r.op);
  if (s.op == Op::total_exchange_phased) throw InputError("--op total-exchange-phased: search total-exchange");
  const bool multicast = s.op == Op::multinode_broadcast || s.op == Op::broadcast;
  s.model = !r.model.empty() ? r.model : mnb_legacy ? "multicast" : "queues";
  if (s.model != "queues" && s.model != "queue-free" && s.model != "multicast" && s.model != "flood")
    throw InputError("unknown search model '" + s.model + "' (queues, queue-free, multicast, flood)");
  if ((s.model == "multicast" || s.model == "flood") && !multicast)
    throw InputError("--model " + s.model + " is for multinode-broadcast and broadcast");
  if (r.queue_bound >= 0 && s.model != "queues") throw InputError("--queue-bound needs --model queues");
  const bool csp_covers = (s.op == Op::total_exchange && s.model == "queue-free") ||
                          (s.op == Op::multinode_broadcast && (s.model == "multicast" || s.model == "flood"));
  // SAT by default wherever it is at least as fast: everywhere but the queue-free multinode
  // broadcast models, where the CSP settles n = 16 in seconds (docs/fattree.md).
  s.solver = !r.solver.empty() ? r.solver : csp_covers && s.op != Op::total_exchange ? "csp" : "sat";
  if (s.solver != "csp" && s.solver != "sat") throw InputError("unknown --solver '" + s.solver + "' (csp, sat)");
  if (s.solver == "csp" && !csp_covers)
    throw InputError("--solver csp covers total-exchange --model queue-free and multinode-broadcast --model "
                     "multicast|flood only; use --solver sat");
}

Setup resolve(const api::FattreeSearchRequest& r, const SearchProgress& progress) {
  check_ranges(r);
  Setup s;
  resolve_model(r, s);
  if (r.n == 0) throw InputError("--n is required");
  s.tree = make_tree(r.n, r.capacities);
  s.ex.op = s.op;
  s.ex.tree = s.tree;
  s.ex.queue_bound = s.model == "queues" ? kUnboundedQueue : 0;
  if (r.queue_bound >= 0) s.ex.queue_bound = r.queue_bound;
  s.ex.single_injection = s.model == "flood";
  s.ex.encoding = parse_encoding(r.encoding);
  s.deadline = run_limits(r.control, r.time_limit);
  s.eo.time_limit = r.time_limit;
  s.eo.deadline = s.deadline.deadline;
  s.eo.cancel = r.control.cancel;
  s.eo.proof_path = r.proof_path;
  s.eo.check = parse_proof_check(r.proof_check);
  s.eo.progress = progress.line;
  if (s.solver == "sat") check_exact_spec([&] { auto e = s.ex; e.steps = 1; return e; }());
  if (s.solver == "csp") {
    s.cs.problem = s.op == Op::total_exchange ? Problem::total_exchange : Problem::queue_free_mnb;
    s.cs.model = parse_model(s.model);
    s.cs.tree = s.tree;
    s.cs.threads = r.threads;
    s.cs.limits = with_deadline_in({r.max_nodes, r.time_limit}, r.time_limit);
    s.cs.limits.deadline = s.deadline.deadline;  // the whole call's
    s.cs.limits = controlled(s.cs.limits, r.control);
    s.cs.progress = progress.line;
  }
  return s;
}

api::FattreeDecision csp_decision(Setup& s, int S) {
  s.cs.steps = S;
  const SearchOutcome o = run_search(s.cs);
  api::FattreeDecision d;
  d.steps = o.steps;
  d.verdict = o.verdict;
  d.search_space = o.space;
  d.nodes = o.stats.nodes;
  d.pruned_empty_domain = o.stats.empty_domain;
  d.pruned_hall = o.stats.matching;
  d.pruned_symmetry = o.stats.symmetry;
  d.parallel_subtrees = o.tasks;
  d.seconds = o.seconds;
  if (o.verdict == Verdict::solved) {
    d.witness = public_schedule(o.witness);
    d.witness_simulated_steps = o.check.completion;
    d.witness_max_queue = o.check.max_queue;
  }
  return d;
}

api::FattreeDecision sat_decision(Setup& s, int S) {
  s.ex.steps = S;
  const ExactOutcome o = run_exact(s.ex, s.eo);
  api::FattreeDecision d;
  d.steps = o.steps;
  d.verdict = o.verdict;
  d.search_space = o.space;
  d.variables = o.vars;
  d.clauses = o.clauses;
  d.learned_clauses = o.learned;
  d.build_seconds = o.build_seconds;
  d.solve_seconds = o.solve_seconds;
  d.proof_seconds = o.proof_seconds;
  d.seconds = o.build_seconds + o.solve_seconds + o.proof_seconds;
  d.proof = o.proof;
  if (o.verdict == Verdict::solved) {
    d.witness = public_schedule(o.witness);
    d.witness_simulated_steps = o.check.completion;
    d.witness_max_queue = o.check.max_queue;
  }
  return d;
}

// Decides step bounds one at a time, keeping every decision in order.
struct Walker {
  Setup& s;
  const SearchProgress& progress;
  std::vector<api::FattreeDecision>& runs;
  api::Verdict operator()(int S) {
    if (progress.deciding) progress.deciding(S);
    runs.push_back(s.solver == "csp" ? csp_decision(s, S) : sat_decision(s, S));
    return runs.back().verdict;
  }
};

// SAT: start at the analytic lower bound and walk up while IMPOSSIBLE, below the known
// schedule (the generator's, when it lies in the model). SOLVED at the analytic bound is
// checked against it: the bound minus one must be IMPOSSIBLE. If the walk up ends in UNKNOWN,
// walk down from the known schedule while SOLVED to report the best schedule found.
void sat_walk(Setup& s, Walker& run, int analytic) {
  using V = api::Verdict;
  int upper = 400;
  if (s.model == "queues" || s.op == Op::total_exchange) upper = static_cast<int>(evaluate(s.op, s.tree).sim.completion);
  int S = std::max(1, analytic);
  V v = run(S);
  if (v == V::solved && S > 1 && run(S - 1) == V::solved)
    throw std::logic_error("exact search: SOLVED below the analytic lower bound " + std::to_string(analytic));
  while (v == V::impossible && S + 1 < upper) v = run(++S);
  if (v == V::impossible && S + 1 == upper) v = run(++S);
  if (v == V::unknown)  // no new run after the deadline
    for (int U = upper; U > S && !s.deadline.expired() && run(U) == V::solved; --U) {}
}

// CSP: start at the paper's value and walk down while SOLVED or up while IMPOSSIBLE.
void csp_walk(Setup& s, Walker& run) {
  using V = api::Verdict;
  const int max_steps = 62;
  int S = s.op == Op::total_exchange ? static_cast<int>(*paper_values(s.op, s.tree).formula)
                                     : static_cast<int>(s.tree.n + 2 * s.tree.h - 2);  // [3]'s queue-free value
  if (S > max_steps)
    throw InputError("search: the start value " + std::to_string(S) + " exceeds " + std::to_string(max_steps) + " steps");
  const V v = run(S);
  if (v == V::solved)
    while (S > 1 && !s.deadline.expired() && run(--S) == V::solved) {}
  else if (v == V::impossible)
    while (S < max_steps && !s.deadline.expired() && run(++S) == V::impossible) {}
}

// Best found, proved lower bound and minimum from the decisions; the verdict and its reason.
void summarize(api::FattreeSearchResult& r, const Setup& s, int analytic) {
  using V = api::Verdict;
  int proved = analytic;
  for (const auto& d : r.runs) {
    if (d.verdict == V::solved && (!r.best_found || d.steps < *r.best_found)) r.best_found = d.steps;
    if (d.verdict == V::impossible) proved = std::max(proved, d.steps + 1);
  }
  bool by_search = false;
  for (const auto& d : r.runs) by_search = by_search || (d.verdict == V::impossible && d.steps + 1 == proved);
  r.lower_bound = proved;
  r.lower_bound_source = by_search ? "exact search: IMPOSSIBLE at " + std::to_string(proved - 1)
                                   : "analytic: paper and branch counting";
  if (r.best_found && *r.best_found <= proved) r.minimum = r.best_found;
  if (!r.runs.empty()) r.search_space = r.runs.back().search_space;
  if (r.steps > 0) {
    const auto& d = r.runs.front();
    r.verdict = d.verdict;
    r.reason = std::to_string(d.steps) + " steps: " +
               (d.verdict == V::solved       ? "a schedule found, replayed by the simulator in " +
                                                  std::to_string(d.witness_simulated_steps) + " steps"
                : d.verdict == V::impossible ? "no schedule (" + (d.proof.empty() ? "the CSP exhausted the search space" : d.proof) + ")"
                : s.deadline.expired()       ? "undecided when the time limit was reached"
                                             : "undecided when a limit of the solver was reached");
    return;
  }
  const std::string bounds = "best found " + (r.best_found ? std::to_string(*r.best_found) : std::string("none")) +
                             ", lower bound " + std::to_string(proved) + " (" + r.lower_bound_source + ")";
  r.verdict = r.minimum ? V::solved : V::unknown;
  r.reason = r.minimum ? "minimum " + std::to_string(*r.minimum) + " steps: " + bounds
             : "minimum unknown: " + bounds +
                   (s.deadline.expired() ? "; the time limit stopped the walk" : "; a limit of the solver stopped it");
}

// The witness in the public form.
api::FattreeSchedule public_schedule(const Schedule& S) {
  api::FattreeSchedule out;
  out.timed = !S.timings.empty();
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    const Injection& in = S.injections[i];
    api::FattreeInjection p;
    p.step = in.step;
    p.src = in.src;
    p.payload = in.payload;
    p.dst = in.dst >= 0 ? in.dst : in.dst == kAllOthers ? api::kFattreeAllOthers : api::kFattreeList;
    if (in.dst == kList) {
      const auto& l = S.lists[static_cast<std::size_t>(in.list)];
      p.dsts.assign(l.begin(), l.end());
    }
    if (out.timed) p.hops = S.timings[i];
    out.injections.push_back(std::move(p));
  }
  return out;
}

}  // namespace

std::string caps_text(const FatTree& T) {
  std::string s;
  for (int i = 1; i <= T.h; ++i) (s += i > 1 ? "," : "") += std::to_string(T.cap(i));
  return s;
}

api::FattreeSearchResult run_fattree_search(const api::FattreeSearchRequest& request, const SearchProgress& progress) {
  const auto start = Clock::now();
  Setup s = resolve(request, progress);
  api::FattreeSearchResult r;
  r.op = op_name(s.op);
  r.model = s.model;
  r.solver = s.solver;
  r.n = s.tree.n;
  r.capacities = s.tree.pattern;
  r.c = caps_text(s.tree);
  r.queue_bound = s.ex.queue_bound;
  r.encoding = s.solver == "sat" ? encoding_name(s.ex.encoding) : "";
  r.steps = request.steps;
  // Valid lower bounds for every schedule of the model (Table 1, Lemma 3, branch counting).
  const PaperValues pv = paper_values(s.op, s.tree);
  const int analytic = static_cast<int>(std::max(pv.lower_bound, pv.branch_bound));
  Walker run{s, progress, r.runs};
  if (request.steps > 0)
    run(request.steps);
  else if (s.solver == "sat")
    sat_walk(s, run, analytic);
  else
    csp_walk(s, run);
  summarize(r, s, analytic);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace blockcast::fattree
