// The fat-tree simulate and table runs (fattree_run.hpp; docs/fattree.md "The generators",
// "The table"): the paper's schedule for an operation (Dimakopoulos and Dimopoulos 1995,
// Sec. 3-5) generated, replayed by the link-level simulator and set next to the paper's
// formula and lower bounds (Table 1, Lemma 3) and the branch-counting bound.
#include <algorithm>
#include <chrono>
#include <sstream>

#include "checked.hpp"
#include "fattree/algorithms.hpp"
#include "fattree/evaluate.hpp"
#include "fattree/fattree_run.hpp"
#include "limits.hpp"

namespace blockcast::fattree {

namespace {

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

api::FattreeSimulation public_row(const Row& r) {
  api::FattreeSimulation p;
  p.op = op_name(r.op);
  p.n = r.tree.n;
  p.capacities = r.tree.pattern;
  p.c = caps_text(r.tree);
  p.simulated = r.sim.completion;
  p.paper_formula = r.paper.formula;
  p.expected = r.paper.expected;
  p.formula_source = r.paper.source;
  p.paper_lower_bound = r.paper.lower_bound;
  p.branch_bound = r.paper.branch_bound;
  p.max_queue = r.sim.max_queue;
  p.max_link_queue_by_level = r.sim.max_link_queue_level;
  p.max_queue_by_level = r.sim.max_queue_level;
  p.crossings_per_step = r.sim.crossings;
  p.link_crossings = r.sim.link_crossings;
  p.delivered = r.sim.delivered;
  p.missing = r.sim.missing;
  p.duplicates = r.sim.duplicates;
  p.unexpected = r.sim.unexpected;
  p.ok = r.sim.ok;
  p.error = r.sim.error;
  p.status = r.status();
  p.failed = r.failed();
  p.seconds = r.seconds;
  return p;
}

// The table's capacity patterns: names only (a custom list is `fattree simulate`'s).
std::vector<std::string> table_patterns(const std::string& capacities) {
  std::vector<std::string> pats;
  std::stringstream ss(capacities);
  for (std::string p; std::getline(ss, p, ',');) {
    if (p != "cbft" && p != "ebft" && p != "linear")
      throw InputError("--capacities '" + capacities +
                       "': the table takes pattern names (cbft, ebft, linear); use `fattree simulate` for a list");
    pats.push_back(p);
  }
  return pats;
}

}  // namespace

api::FattreeSimulateResult run_fattree_simulate(const api::FattreeSimulateRequest& request) {
  const auto start = Clock::now();
  if (request.op.empty()) throw InputError("--op is required");
  if (request.n == 0) throw InputError("--n is required");
  const FatTree T = make_tree(request.n, request.capacities);
  const Op op = parse_op(request.op);
  check_simulation_size(op, T);
  const Schedule S = generate(op, T);
  Row row{op, T, simulate(T, S, {request.queue_free, request.trace}), paper_values(op, T), 0};
  row.seconds = seconds_since(start);
  api::FattreeSimulateResult r;
  r.row = public_row(row);
  r.row.required = static_cast<std::int64_t>(S.required.size());
  r.queue_free_mode = request.queue_free;
  r.traced = request.trace;
  for (const auto& u : row.sim.trace) r.trace.push_back({u.step, T.link_name(u.link), u.packets});
  r.accepted = row.sim.ok;
  r.reason = r.accepted ? op_name(op) + " on n = " + std::to_string(T.n) + " (c = " + r.row.c + "): " +
                              std::to_string(row.sim.completion) + " steps simulated, " + r.row.status
                        : "schedule rejected: " + row.sim.error;
  r.seconds = seconds_since(start);
  return r;
}

api::FattreeTableResult run_fattree_table(const api::FattreeTableRequest& request) {
  const auto start = Clock::now();
  const std::vector<std::string> pats = table_patterns(request.capacities);
  if (request.n.empty() || pats.empty()) throw InputError("--n contains no power of two >= 2");
  const std::int64_t largest = *std::max_element(request.n.begin(), request.n.end());
  for (auto n : request.n) log2_exact(n);
  for (const auto& p : pats)  // refuse oversized rows before simulating any
    for (Op op : all_ops()) check_simulation_size(op, make_tree(largest, p));
  api::FattreeTableResult r;
  std::int64_t failed = 0;
  for (const auto& p : pats)
    for (auto n : request.n)
      for (Op op : all_ops()) {
        r.rows.push_back(public_row(evaluate(op, make_tree(n, p))));
        failed += r.rows.back().failed ? 1 : 0;
      }
  r.accepted = failed == 0;
  r.reason = std::to_string(r.rows.size()) + " schedules simulated, " +
             (failed ? std::to_string(failed) + " failed their check" : std::string("every one passed its check"));
  r.seconds = seconds_since(start);
  return r;
}

}  // namespace blockcast::fattree
