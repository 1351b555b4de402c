// Text and JSON of the fat-tree runs (fattree_run.hpp). The JSON fields and their names are
// those `blockcast fattree ... --json` has always written (docs/fattree.md; `fattree plot`
// reads the search's back through engine/fattree/schedule_json.hpp).
#include "fattree_run.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace blockcast {

namespace {

using nlohmann::json;

json opt_json(const std::optional<std::int64_t>& v) { return v ? json(*v) : json(nullptr); }
json opt_json(const std::optional<int>& v) { return v ? json(*v) : json(nullptr); }
std::string opt_text(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "-"; }

std::string verdict_text(api::Verdict v) { return to_string(v); }

// The witness as engine/fattree/schedule_json.hpp writes and reads it.
json witness_json(const api::FattreeSchedule& W) {
  json out = json::array();
  for (const auto& in : W.injections) {
    json j = {{"step", in.step}, {"src", in.src}, {"payload", in.payload}};
    if (in.dst >= 0) j["dst"] = in.dst;
    else if (in.dst == api::kFattreeAllOthers) j["dst"] = "all";
    else j["dst"] = in.dsts;
    if (W.timed) j["hops"] = in.hops;
    out.push_back(std::move(j));
  }
  return out;
}

json decision_json(const api::FattreeDecision& d, bool csp) {
  json j = csp ? json{{"nodes", d.nodes},
                      {"pruned_empty_domain", d.pruned_empty_domain},
                      {"pruned_hall", d.pruned_hall},
                      {"pruned_symmetry", d.pruned_symmetry},
                      {"parallel_subtrees", d.parallel_subtrees},
                      {"seconds", d.seconds}}
               : json{{"variables", d.variables},         {"clauses", d.clauses},
                      {"learned_clauses", d.learned_clauses}, {"build_seconds", d.build_seconds},
                      {"solve_seconds", d.solve_seconds}, {"proof_seconds", d.proof_seconds},
                      {"proof", d.proof}};
  j["steps"] = d.steps;
  j["verdict"] = verdict_text(d.verdict);
  j["search_space"] = d.search_space;
  if (d.verdict == api::Verdict::solved) {
    j["witness"] = witness_json(d.witness);  // read back by `fattree plot`
    j["witness_simulated_steps"] = d.witness_simulated_steps;
    j["witness_max_queue"] = d.witness_max_queue;
  }
  return j;
}

// The statistics of one decision on one line.
std::string decision_line(const api::FattreeDecision& d, bool csp) {
  std::ostringstream line;
  line << std::fixed << std::setprecision(2);
  if (csp) {
    line << "nodes " << d.nodes << " (pruned: domain " << d.pruned_empty_domain << ", Hall " << d.pruned_hall
         << ", symmetry " << d.pruned_symmetry << "), subtrees " << d.parallel_subtrees << ", " << d.seconds << " s";
  } else {
    line << d.variables << " vars, " << d.clauses << " clauses, " << d.learned_clauses << " learned, solve "
         << d.solve_seconds << " s";
    if (!d.proof.empty()) line << "; " << d.proof << " (" << d.proof_seconds << " s)";
  }
  return line.str();
}

std::string injection_text(const api::FattreeInjection& in) {
  std::string s = "step " + std::to_string(in.step) + ": " + std::to_string(in.src) + " -> ";
  if (in.dst >= 0) return s + std::to_string(in.dst);
  if (in.dst == api::kFattreeAllOthers) return s + "all";
  std::string l;
  for (auto d : in.dsts) (l += l.empty() ? "{" : ",") += std::to_string(d);
  return s + l + "}";
}

void witness_text(std::ostream& out, const api::FattreeDecision& best) {
  const auto& W = best.witness;
  out << "witness (re-simulated: " << best.witness_simulated_steps << " steps, max queue " << best.witness_max_queue
      << "):\n";
  std::vector<std::size_t> order(W.injections.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return W.injections[x].step < W.injections[y].step; });
  for (std::size_t i : order) {
    out << "  " << injection_text(W.injections[i]);
    if (W.timed) {
      out << "  hops at";
      for (auto t : W.injections[i].hops) out << " " << t;
    }
    out << "\n";
  }
}

json row_json(const api::FattreeSimulation& r) {
  return {{"op", r.op},
          {"n", r.n},
          {"capacities", r.capacities},
          {"c", r.c},
          {"simulated", r.simulated},
          {"paper_formula", opt_json(r.paper_formula)},
          {"formula_source", r.formula_source},
          {"expected", opt_json(r.expected)},
          {"paper_lower_bound", r.paper_lower_bound},
          {"branch_bound", r.branch_bound},
          {"max_queue", r.max_queue},
          {"max_link_queue_by_level", r.max_link_queue_by_level},
          {"link_crossings", r.link_crossings},
          {"delivered", r.delivered},
          {"ok", r.ok},
          {"error", r.error},
          {"status", r.status},
          {"seconds", r.seconds}};
}

json optimum_json(const api::FattreeOptimum& r) {
  return {{"op", r.op},
          {"capacities", r.capacities},
          {"model", r.model},
          {"n", r.n},
          {"best_found", opt_json(r.best)},
          {"lower_bound", r.lower_bound},
          {"lower_bound_source", r.lower_source},
          {"optimum", r.settled() ? json(*r.best) : json(nullptr)},
          {"paper_formula", opt_json(r.formula)}};
}

// The encoding with every part on (search/fattree/sat_model.hpp's default): the text header
// names the encoding only when it differs.
const char* const kDefaultEncoding = "shared,implied,redundant,symmetry";

}  // namespace

Outcome fattree_search_outcome(const api::FattreeSearchResult& r) {
  json runs = json::array();
  for (const auto& d : r.runs) runs.push_back(decision_json(d, r.solver == "csp"));
  const json payload{{"op", r.op},
                     {"model", r.model},
                     {"solver", r.solver},
                     {"n", r.n},
                     {"capacities", r.capacities},
                     {"c", r.c},
                     {"queue_bound", r.queue_bound},
                     {"encoding", r.solver == "sat" ? json(r.encoding) : json(nullptr)},
                     {"runs", runs},
                     {"best_found", opt_json(r.best_found)},
                     {"lower_bound", r.lower_bound},
                     {"lower_bound_source", r.lower_bound_source},
                     {"minimum", r.minimum ? std::to_string(*r.minimum) : "unknown"},
                     {"search_space", r.search_space}};
  return outcome_from_json("blockcast-fattree-search", payload, r.verdict);
}

std::string fattree_search_text(const api::FattreeSearchResult& r) {
  std::ostringstream out;
  out << "fat-tree search " << r.op << " (model " << r.model << ", solver " << r.solver << "), n=" << r.n
      << ", c = " << r.c
      << (r.solver == "sat" && r.encoding != kDefaultEncoding ? ", encoding " + r.encoding : std::string()) << "\n";
  if (!r.search_space.empty()) out << "search space: " << r.search_space << "\n";
  const api::FattreeDecision* best = nullptr;
  for (const auto& d : r.runs) {
    out << "  steps " << std::setw(3) << d.steps << ": " << std::setw(10) << std::left << verdict_text(d.verdict)
        << std::right << " " << decision_line(d, r.solver == "csp") << "\n";
    if (d.verdict == api::Verdict::solved && (!best || d.steps < best->steps)) best = &d;
  }
  out << "best found: " << (r.best_found ? std::to_string(*r.best_found) : "none") << ", lower bound: "
      << r.lower_bound << " (" << r.lower_bound_source << "), minimum: "
      << (r.minimum ? std::to_string(*r.minimum) : "unknown") << "\n";
  if (best) witness_text(out, *best);
  return out.str();
}

Outcome fattree_simulate_outcome(const api::FattreeSimulateResult& r) {
  json j = row_json(r.row);
  j["crossings_per_step"] = r.row.crossings_per_step;
  j["max_queue_by_level"] = r.row.max_queue_by_level;
  j["queue_free_mode"] = r.queue_free_mode;
  if (r.traced) {
    json tr = json::array();
    for (const auto& u : r.trace) tr.push_back({{"step", u.step}, {"link", u.link}, {"packets", u.packets}});
    j["trace"] = tr;
  }
  return outcome_from_json("blockcast-fattree-simulate", j, r.accepted ? Verdict::accepted : Verdict::rejected);
}

std::string fattree_simulate_text(const api::FattreeSimulateResult& r) {
  const auto& R = r.row;
  std::ostringstream out;
  out << "fat tree n=" << R.n << " capacities " << R.capacities << " (c = " << R.c << "), " << R.op
      << (r.queue_free_mode ? ", queue-free mode" : "") << "\n";
  if (!R.ok) out << "  schedule rejected: " << R.error << "\n";
  out << "  simulated steps  " << R.simulated << "\n  paper formula    " << opt_text(R.paper_formula) << "  ("
      << R.formula_source << ")\n"
      << "  lower bound      " << R.paper_lower_bound << " (paper), " << R.branch_bound << " (branch counting)\n"
      << "  max queue        " << R.max_queue << "; per outgoing link by level:";
  for (auto q : R.max_link_queue_by_level) out << " " << q;
  out << "\n  deliveries       " << R.delivered << " of " << R.required << " (missing " << R.missing
      << ", duplicate " << R.duplicates << ", unexpected " << R.unexpected << ")\n"
      << "  link crossings   " << R.link_crossings << "\n  status           " << R.status << "\n";
  if (r.traced) {
    std::int64_t step = 0;
    for (const auto& u : r.trace) {
      if (u.step != step) {
        out << (step ? "\n" : "") << "  step " << u.step << ":";
        step = u.step;
      }
      out << " " << u.link << "x" << u.packets;
    }
    out << "\n";
  }
  return out.str();
}

Outcome fattree_table_outcome(const api::FattreeTableResult& r) {
  json rows = json::array();
  for (const auto& row : r.rows) rows.push_back(row_json(row));
  return outcome_from_json("blockcast-fattree-table", json{{"rows", rows}});
}

std::string fattree_table_text(const api::FattreeTableResult& r) {
  std::ostringstream out;
  out << std::left << std::setw(22) << "op" << std::right << std::setw(6) << "n" << std::setw(8) << "caps"
      << std::setw(10) << "simulated" << std::setw(10) << "formula" << std::setw(10) << "paper LB" << std::setw(10)
      << "branch LB" << std::setw(8) << "queue" << std::setw(9) << "seconds"
      << "  status\n";
  for (const auto& row : r.rows)
    out << std::left << std::setw(22) << row.op << std::right << std::setw(6) << row.n << std::setw(8)
        << row.capacities << std::setw(10) << row.simulated << std::setw(10) << opt_text(row.paper_formula)
        << std::setw(10) << row.paper_lower_bound << std::setw(10) << row.branch_bound << std::setw(8)
        << row.max_queue << std::setw(9) << std::fixed << std::setprecision(2) << row.seconds << "  " << row.status
        << "\n";
  return out.str();
}

std::vector<FatTreeTableRow> fattree_table_rows(const api::FattreeTableResult& r) {
  std::vector<FatTreeTableRow> out;
  for (const auto& row : r.rows)
    out.push_back({row.op, row.capacities, row.n, row.simulated, row.paper_formula, row.paper_lower_bound,
                   row.formula_source, row.status});
  return out;
}

Outcome fattree_plot_outcome(const api::FattreePlotResult& r) {
  if (!r.accepted) return {"blockcast-fattree-plot", Verdict::rejected, r.reason, std::nullopt, json(), json::object()};
  json rows = json::array();
  for (const auto& row : r.rows) rows.push_back(optimum_json(row));
  return outcome_from_json("blockcast-fattree-plot", json{{"rows", rows}}, Verdict::accepted);
}

std::string fattree_plot_text(const api::FattreePlotResult& r) {
  if (!r.accepted) return "FAIL: " + r.reason + "\n";
  std::ostringstream out;
  out << "fat-tree optimum (every best schedule re-simulated; lower bound: analytic or a recorded IMPOSSIBLE)\n";
  for (const auto& row : r.rows)
    out << "  " << std::left << std::setw(20) << row.op << std::setw(10) << row.capacities << std::setw(12)
        << row.model << std::right << " n=" << std::setw(3) << row.n << "  best " << std::setw(3) << opt_text(row.best)
        << "  lower bound " << std::setw(3) << row.lower_bound << (row.settled() ? "  optimum" : "  open")
        << "  paper " << opt_text(row.formula) << "  (" << row.lower_source << ")\n";
  return out.str();
}

std::string fattree_json_text(const Outcome& o) { return envelope_text(to_json(o, "")); }

}  // namespace blockcast
