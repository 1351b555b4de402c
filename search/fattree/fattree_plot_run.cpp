// The fat-tree plot run (fattree_run.hpp; docs/fattree.md "Optimum against the paper's
// formula"): the optimum against the paper's formula (Dimakopoulos and Dimopoulos 1995) from
// the JSON outputs of `fattree search --json`. Nothing is taken on trust from a file's summary:
// the best schedule is the smallest SOLVED run whose witness the link-level simulator replays
// here within its steps and queue bound (replay_error), the lower bound the analytic one
// (Table 1, Lemma 3, branch counting) raised by the file's IMPOSSIBLE runs. Files of one
// (operation, capacities, model, n) are merged, and a queue-free row and the queues row of the
// same (operation, capacities, n) share what holds for both. A witness that fails its replay,
// or a best below a lower bound, rejects the call (REJECTED with the reason); a file that is
// not a search output is bad input (InputError).
#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <tuple>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "fattree/fattree_run.hpp"
#include "fattree/formulas.hpp"
#include "fattree/schedule_json.hpp"
#include "json_fields.hpp"
#include "limits.hpp"

namespace blockcast::fattree {

namespace {

namespace jf = json_fields;
using nlohmann::json;
using OptimumRow = api::FattreeOptimum;

struct Header {
  Op op = Op::broadcast;
  FatTree tree;
  std::int64_t queue_bound = 0;
};

// The file's operation, tree and queue bound, and its row before the runs are read.
Header read_header(const json& j, const std::string& path, OptimumRow& r) {
  if (!j.is_object() || jf::opt_string(j, "format", path) != "blockcast-fattree-search")
    throw InputError(path + ": not the output of `blockcast fattree search --json`");
  Header h;
  h.op = parse_op(jf::string(j, "op", path));
  const std::int64_t n = jf::integer(j, "n", 2, 1 << 20, path);
  // The pattern's name where it has one ("ebft"), else the capacities themselves ("1,4,4,4").
  const std::string caps = jf::string(j, "capacities", path), c = jf::string(j, "c", path);
  h.tree = make_tree(n, caps == "custom" ? c : caps);
  if (h.tree.c != make_tree(n, c).c) throw InputError(path + ": \"capacities\" " + caps + " is not \"c\" " + c);
  h.queue_bound = jf::integer(j, "queue_bound", -1, 1'000'000, path);
  r.op = op_name(h.op);
  r.n = n;
  r.capacities = caps == "custom" ? c : caps;
  r.model = jf::string(j, "model", path);
  if (h.queue_bound > 0) r.model += " (queue <= " + std::to_string(h.queue_bound) + ")";
  const PaperValues pv = paper_values(h.op, h.tree);
  r.formula = pv.formula;
  r.formula_source = pv.source;
  r.lower_bound = std::max(pv.lower_bound, pv.branch_bound);
  r.lower_source = "analytic: paper and branch counting";
  return h;
}

// One `fattree search --json` file, re-checked: its best replayed schedule and proved bound;
// or the reason its witness was rejected.
std::optional<std::string> read_search_file(const std::string& path, OptimumRow& r) {
  const json j = read_json_file(path);
  const Header h = read_header(j, path, r);
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
    const Schedule S = schedule_from_json(*w, h.tree, h.op, where + " witness");
    if (const std::string e = replay_error(h.tree, S, steps, h.queue_bound); !e.empty())
      return where + ": the witness fails its replay: " + e;
    r.best = steps;
  }
  return std::nullopt;
}

using PlotKey = std::tuple<std::string, std::string, std::string, std::int64_t>;  // op, capacities, model, n

// A queue-free schedule is also one with queues (its witness was replayed queue-free), and
// a refusal with queues refuses the queue-free model too (docs/fattree.md "n = 16").
void share_between_models(std::map<PlotKey, OptimumRow>& by) {
  for (auto& [k, free] : by) {
    if (std::get<2>(k) != "queue-free") continue;
    const auto q = by.find(PlotKey{std::get<0>(k), std::get<1>(k), "queues", std::get<3>(k)});
    if (q == by.end()) continue;
    OptimumRow& queues = q->second;
    if (free.best && (!queues.best || *free.best < *queues.best)) queues.best = free.best;
    if (queues.lower_bound > free.lower_bound) {
      free.lower_bound = queues.lower_bound;
      free.lower_source = queues.lower_source + " with queues";
    }
  }
}

// Rows of one key merged: the smallest best, the largest lower bound; sorted by key.
std::vector<OptimumRow> merged(const std::vector<OptimumRow>& rows) {
  std::map<PlotKey, OptimumRow> by;
  for (const auto& r : rows) {
    auto [it, fresh] = by.try_emplace(PlotKey{r.op, r.capacities, r.model, r.n}, r);
    if (fresh) continue;
    OptimumRow& m = it->second;
    if (r.best && (!m.best || *r.best < *m.best)) m.best = r.best;
    if (r.lower_bound > m.lower_bound) std::tie(m.lower_bound, m.lower_source) = std::tie(r.lower_bound, r.lower_source);
  }
  share_between_models(by);
  std::vector<OptimumRow> out;
  for (const auto& [k, r] : by) out.push_back(r);
  return out;
}

}  // namespace

api::FattreePlotResult run_fattree_plot(const api::FattreePlotRequest& request) {
  const auto start = Clock::now();
  if (request.files.empty()) throw InputError("plot: no search outputs given");
  api::FattreePlotResult out;
  const auto finish = [&](std::string reason, bool accepted) {
    out.accepted = accepted;
    out.reason = std::move(reason);
    if (!accepted) out.rows.clear();
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  };
  std::vector<OptimumRow> rows;
  for (const auto& f : request.files) {
    OptimumRow r;
    if (auto rejected = read_search_file(f, r)) return finish(*rejected, false);
    rows.push_back(r);
  }
  out.rows = merged(rows);
  for (const auto& r : out.rows)
    if (r.best && *r.best < r.lower_bound)
      return finish(r.op + " " + r.capacities + " " + r.model + " n=" + std::to_string(r.n) + ": a schedule of " +
                        std::to_string(*r.best) + " steps below the lower bound " + std::to_string(r.lower_bound) +
                        " (" + r.lower_source + ")",
                    false);
  return finish(std::to_string(request.files.size()) + " search outputs, " + std::to_string(out.rows.size()) +
                    " rows; every best schedule replayed",
                true);
}

}  // namespace blockcast::fattree
