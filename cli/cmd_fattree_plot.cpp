// `blockcast fattree plot FILE... [--out DIR] [--json]`: the optimum against the paper's
// formula (docs/fattree.md "n = 16") from the JSON outputs of `fattree search
// --json`. Nothing is taken on trust from a file's summary: the best schedule is the smallest
// SOLVED run whose witness the link-level simulator replays here within its steps and queue
// bound (fattree::replay_error), the lower bound the analytic one (Table 1, Lemma 3, branch
// counting) raised by the file's IMPOSSIBLE runs. Files of one (operation, capacities, model,
// n) are merged, and a queue-free row and the queues row of the same (operation, capacities,
// n) share what holds for both. A witness that fails its replay, or a best below a lower bound, rejects the
// command (exit 1); the report (reports/fattree_optimum.hpp) is only written when all passed.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "commands.hpp"
#include "fattree/formulas.hpp"
#include "fattree/schedule_json.hpp"
#include "fattree_optimum.hpp"
#include "json_fields.hpp"
#include "options.hpp"
#include "render.hpp"

namespace blockcast::cli {

namespace ft = blockcast::fattree;
namespace jf = blockcast::json_fields;
using nlohmann::json;

namespace {

// A SOLVED run whose witness the simulator does not accept: the file is wrong (exit 1), not
// malformed (exit 2).
struct WitnessRejected : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One `fattree search --json` file, re-checked: its best replayed schedule and proved bound.
FatTreeOptimumRow read_search_file(const std::string& path) {
  const json j = read_json_file(path);
  if (!j.is_object() || jf::opt_string(j, "format", path) != "blockcast-fattree-search")
    throw InputError(path + ": not the output of `blockcast fattree search --json`");
  const ft::Op op = ft::parse_op(jf::string(j, "op", path));
  const std::int64_t n = jf::integer(j, "n", 2, 1 << 20, path);
  // The pattern's name where it has one ("ebft"), else the capacities themselves ("1,4,4,4").
  const std::string caps = jf::string(j, "capacities", path), c = jf::string(j, "c", path);
  const ft::FatTree tree = ft::make_tree(n, caps == "custom" ? c : caps);
  if (tree.c != ft::make_tree(n, c).c) throw InputError(path + ": \"capacities\" " + caps + " is not \"c\" " + c);
  const std::int64_t queue_bound = jf::integer(j, "queue_bound", -1, 1'000'000, path);
  FatTreeOptimumRow r;
  r.op = ft::op_name(op);
  r.n = n;
  r.capacities = caps == "custom" ? c : caps;
  r.model = jf::string(j, "model", path);
  if (queue_bound > 0) r.model += " (queue <= " + std::to_string(queue_bound) + ")";
  const ft::PaperValues pv = ft::paper_values(op, tree);
  r.formula = pv.formula;
  r.formula_source = pv.source;
  r.lower_bound = std::max(pv.lower_bound, pv.branch_bound);
  r.lower_source = "analytic: paper and branch counting";
  const auto runs = j.find("runs");
  if (runs == j.end() || !runs->is_array()) throw InputError(path + ": no \"runs\" array");
  for (std::size_t i = 0; i < runs->size(); ++i) {
    const json& run = (*runs)[i];
    const std::string where = path + " run " + std::to_string(i);
    if (!run.is_object()) throw InputError(where + " is not an object");
    const std::int64_t steps = jf::integer(run, "steps", 1, 400, where);
    const std::string verdict = jf::string(run, "verdict", where);
    if (verdict == "IMPOSSIBLE" && steps + 1 > r.lower_bound) {
      r.lower_bound = steps + 1;
      r.lower_source = "exact search: IMPOSSIBLE at " + std::to_string(steps);
    }
    if (verdict != "SOLVED" || (r.best && *r.best <= steps)) continue;
    const auto w = run.find("witness");
    if (w == run.end()) throw InputError(where + ": SOLVED without a witness");
    const ft::Schedule S = ft::schedule_from_json(*w, tree, op, where + " witness");
    if (const std::string e = ft::replay_error(tree, S, steps, queue_bound); !e.empty())
      throw WitnessRejected(where + ": the witness fails its replay: " + e);
    r.best = steps;
  }
  return r;
}

using PlotKey = std::tuple<std::string, std::string, std::string, std::int64_t>;  // op, capacities, model, n

// Rows of one key merged: the smallest best, the largest lower bound.
std::vector<FatTreeOptimumRow> merged(const std::vector<FatTreeOptimumRow>& rows) {
  std::map<PlotKey, FatTreeOptimumRow> by;
  std::vector<PlotKey> order;
  for (const auto& r : rows) {
    const PlotKey k{r.op, r.capacities, r.model, r.n};
    auto [it, fresh] = by.try_emplace(k, r);
    if (fresh) {
      order.push_back(k);
      continue;
    }
    FatTreeOptimumRow& m = it->second;
    if (r.best && (!m.best || *r.best < *m.best)) m.best = r.best;
    if (r.lower_bound > m.lower_bound) std::tie(m.lower_bound, m.lower_source) = std::tie(r.lower_bound, r.lower_source);
  }
  // A queue-free schedule is also one with queues (its witness was replayed queue-free), and
  // a refusal with queues refuses the queue-free model too (docs/fattree.md "n = 16").
  for (auto& [k, free] : by) {
    if (std::get<2>(k) != "queue-free") continue;
    const auto q = by.find(PlotKey{std::get<0>(k), std::get<1>(k), "queues", std::get<3>(k)});
    if (q == by.end()) continue;
    FatTreeOptimumRow& queues = q->second;
    if (free.best && (!queues.best || *free.best < *queues.best)) queues.best = free.best;
    if (queues.lower_bound > free.lower_bound) {
      free.lower_bound = queues.lower_bound;
      free.lower_source = queues.lower_source + " with queues";
    }
  }
  std::sort(order.begin(), order.end());
  std::vector<FatTreeOptimumRow> out;
  for (const auto& k : order) out.push_back(by.at(k));
  return out;
}

json optimum_json(const FatTreeOptimumRow& r) {
  return {{"op", r.op},
          {"capacities", r.capacities},
          {"model", r.model},
          {"n", r.n},
          {"best_found", r.best ? json(*r.best) : json(nullptr)},
          {"lower_bound", r.lower_bound},
          {"lower_bound_source", r.lower_source},
          {"optimum", r.settled() ? json(*r.best) : json(nullptr)},
          {"paper_formula", r.formula ? json(*r.formula) : json(nullptr)}};
}

}  // namespace

void register_fattree_plot(CLI::App* parent, const Invocation& inv) {
  struct Args {
    std::vector<std::string> files;
    std::string out;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand(
      "plot", "optimum against the paper's formula from `fattree search --json` outputs (witnesses re-simulated)");
  sub->add_option("files", a->files, "JSON outputs of fattree search (merged per operation, capacities, model, n)")
      ->required();
  add(sub, "out", a->out);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    const auto fail = [&](const std::string& why) {  // as `check` rejects: one line, exit 1
      if (a->json)
        print_json(inv, {"blockcast-fattree-plot", Status::rejected, why, std::nullopt, json(), json::object()});
      else
        std::cout << "FAIL: " << why << "\n";
      leave(Status::rejected);
    };
    std::vector<FatTreeOptimumRow> rows;
    for (const auto& f : a->files) {
      try {
        rows.push_back(read_search_file(f));
      } catch (const WitnessRejected& e) {
        fail(e.what());
      }
    }
    rows = merged(rows);
    for (const auto& r : rows)
      if (r.best && *r.best < r.lower_bound)
        fail(r.op + " " + r.capacities + " " + r.model + " n=" + std::to_string(r.n) + ": a schedule of " +
             std::to_string(*r.best) + " steps below the lower bound " + std::to_string(r.lower_bound) + " (" +
             r.lower_source + ")");
    if (a->json) {
      json js = json::array();
      for (const auto& r : rows) js.push_back(optimum_json(r));
      print_json(inv, "blockcast-fattree-plot", json{{"rows", js}}, Status::accepted);
    } else {
      std::cout << "fat-tree optimum (every best schedule re-simulated; lower bound: analytic or a recorded IMPOSSIBLE)\n";
      for (const auto& r : rows)
        std::cout << "  " << std::left << std::setw(20) << r.op << std::setw(10) << r.capacities << std::setw(12)
                  << r.model << std::right << " n=" << std::setw(3) << r.n << "  best " << std::setw(3)
                  << (r.best ? std::to_string(*r.best) : "-") << "  lower bound " << std::setw(3) << r.lower_bound
                  << (r.settled() ? "  optimum" : "  open") << "  paper " << (r.formula ? std::to_string(*r.formula) : "-")
                  << "  (" << r.lower_source << ")\n";
    }
    if (!a->out.empty()) {
      const WrittenPages w = write_fattree_optimum_report(a->out, rows);
      std::cerr << "report: " << w.markdown << ", " << w.html << "\n";
    }
  });
}

}  // namespace blockcast::cli
