// Driver of the queue-free CSP searches: sequential depth-first search with MRV branching,
// split into independent subtrees that oneTBB runs in parallel with one shared Stop, witness
// extraction and re-check by the simulator (Dimakopoulos and Dimopoulos 1995, Sec. 4.1, 5.1; see search.hpp).
#include "fattree/search.hpp"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <bit>
#include <chrono>
#include <mutex>

#include "checked.hpp"

namespace blockcast::fattree {

Problem parse_problem(const std::string& s) {
  if (s == "total-exchange") return Problem::total_exchange;
  if (s == "queue-free-mnb") return Problem::queue_free_mnb;
  throw InputError("unknown search problem '" + s + "' (total-exchange, queue-free-mnb)");
}
Model parse_model(const std::string& s) {
  if (s == "queue-free") return Model::queue_free;
  if (s == "multicast") return Model::multicast;
  if (s == "flood") return Model::flood;
  throw InputError("unknown search model '" + s + "' (queue-free, multicast, flood)");
}
std::string problem_name(Problem p) { return p == Problem::total_exchange ? "total-exchange" : "queue-free-mnb"; }
std::string model_name(Model m) {
  return m == Model::queue_free ? "queue-free" : m == Model::multicast ? "multicast" : "flood";
}

namespace {

using Prefix = std::vector<std::pair<int, int>>;  // (pair, step) decisions from the root

bool dfs(QueueFreeCsp& c, Stop& stop, CspStats& st) {
  st.nodes++;
  if (stop.tick()) return false;
  int v;
  Mask dom;
  if (!c.propagate(st, v, dom)) return false;
  if (v < 0) {
    st.solutions++;
    return true;
  }
  for (Mask m = dom; m; m &= m - 1) {
    c.assign(v, std::countr_zero(m));
    if (dfs(c, stop, st)) return true;
    c.unassign(v);
    if (stop.stopped()) return false;
  }
  return false;
}

}  // namespace

void recheck_witness(const SearchSpec& spec, SearchOutcome& out) {
  // Replay in queue-free mode: every required delivery exactly once, no packet ever waits,
  // at most c_i packets per link and step, finished within the step bound.
  out.check = simulate(spec.tree, out.witness, SimOptions{true, false});
  if (!out.check.ok || out.check.completion > spec.steps)
    throw std::logic_error("search witness fails the simulator re-check: " +
                           (out.check.ok ? std::string("too slow") : out.check.error));
}

SearchOutcome run_search(const SearchSpec& spec) {
  if (spec.problem == Problem::total_exchange && spec.model != Model::queue_free)
    throw InputError("search: total-exchange supports --model queue-free");
  if (spec.problem == Problem::queue_free_mnb && spec.model == Model::queue_free)
    throw InputError("search: queue-free-mnb needs --model multicast or flood");
  if (spec.tree.cap(1) != 1)
    throw InputError("search: only trees with c1 = 1 are supported (one packet per leaf and step)");
  if (spec.tree.n > 64)
    throw InputError("search: n = " + std::to_string(spec.tree.n) + " is too large for exhaustive search (n <= 64)");
  if (spec.steps < 1 || spec.steps > 62) throw InputError("search: --steps must be between 1 and 62");
  if (spec.model == Model::flood) return run_flood_search(spec);

  auto t0 = std::chrono::steady_clock::now();
  const bool multicast = spec.model == Model::multicast;
  SearchOutcome out;
  out.steps = spec.steps;
  Stop stop(spec.limits);
  std::mutex mu;
  std::vector<int> solution;

  // Split: expand the search tree breadth-first (same branching as dfs) until there are
  // enough open subtrees for the workers; every open subtree is then searched to the end.
  int threads = spec.threads > 0 ? spec.threads : static_cast<int>(tbb::info::default_concurrency());
  std::vector<Prefix> open{{}};
  bool found = false;
  for (int depth = 0; depth < 6 && !found && !open.empty() && open.size() < static_cast<std::size_t>(32 * threads);
       ++depth) {
    std::vector<Prefix> next;
    for (const auto& p : open) {
      QueueFreeCsp c(spec.tree, spec.steps, multicast);
      for (auto [v, t] : p) c.assign(v, t);
      out.stats.nodes++;
      int v;
      Mask dom;
      if (!c.propagate(out.stats, v, dom)) continue;
      if (v < 0) {
        out.stats.solutions++;
        for (int u = 0; u < c.vars(); ++u) solution.push_back(c.value(u));
        found = true;
        break;
      }
      for (Mask m = dom; m; m &= m - 1) {
        Prefix q = p;
        q.push_back({v, std::countr_zero(m)});
        next.push_back(std::move(q));
      }
    }
    if (!found) open = std::move(next);
  }
  if (!found) {
    out.tasks = static_cast<std::int64_t>(open.size());
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    std::size_t done = 0;
    double next_report = 10;
    tbb::parallel_for(std::size_t{0}, open.size(), [&](std::size_t i) {
      if (stop.stopped()) return;
      QueueFreeCsp c(spec.tree, spec.steps, multicast);
      for (auto [v, t] : open[i]) c.assign(v, t);
      CspStats st;
      bool ok = dfs(c, stop, st);
      std::lock_guard lock(mu);
      out.stats += st;
      ++done;
      if (spec.progress && stop.seconds() >= next_report) {
        next_report = stop.seconds() + 10;
        spec.progress("fattree search: " + std::to_string(spec.steps) + " steps: " + std::to_string(done) + " of " +
                      std::to_string(open.size()) + " subtrees done, " + std::to_string(stop.nodes()) + " nodes, " +
                      std::to_string(static_cast<int>(stop.seconds())) + " s");
      }
      if (ok && solution.empty()) {
        for (int u = 0; u < c.vars(); ++u) solution.push_back(c.value(u));
        stop.cancel();  // not a limit: the verdict is SOLVED
      }
    });
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!solution.empty()) {
    out.verdict = Verdict::solved;
    QueueFreeCsp shape(spec.tree, spec.steps, multicast);
    Schedule& S = out.witness;
    if (spec.problem == Problem::total_exchange) {
      S.required = required_deliveries(Op::total_exchange, spec.tree.n);
      for (int v = 0; v < shape.vars(); ++v)
        S.injections.push_back(unicast(solution[static_cast<std::size_t>(v)], shape.src(v), shape.dst(v),
                                       std::int64_t{shape.src(v)} * spec.tree.n + shape.dst(v)));
    } else {
      // Deliveries of one source with the same step form one multicast packet.
      S.required = required_deliveries(Op::multinode_broadcast, spec.tree.n);
      for (int s = 0; s < spec.tree.n; ++s)
        for (int t = 1; t <= spec.steps; ++t) {
          std::vector<std::int32_t> dests;
          for (int v = 0; v < shape.vars(); ++v)
            if (shape.src(v) == s && solution[static_cast<std::size_t>(v)] == t) dests.push_back(shape.dst(v));
          if (dests.empty()) continue;
          if (dests.size() == 1) {
            S.injections.push_back(unicast(t, s, dests[0], s));
          } else if (static_cast<std::int64_t>(dests.size()) == spec.tree.n - 1) {
            S.injections.push_back(broadcast(t, s, s));
          } else {
            S.lists.push_back(dests);
            S.injections.push_back({t, s, kList, static_cast<std::int32_t>(S.lists.size() - 1), s});
          }
        }
    }
    recheck_witness(spec, out);
  } else {
    out.verdict = stop.limit_hit() ? Verdict::unknown : Verdict::impossible;
  }
  std::string n = std::to_string(spec.tree.n);
  out.space = multicast
                  ? "every assignment of an injection step t(s,d) to each of the " + n + "*(" + n +
                        "-1) (source, destination) pairs; deliveries of one source with equal t form one packet "
                        "copied at routing nodes; packets never wait; at most c_i packets per link per step"
                  : "every assignment of an injection step t(s,d) to each of the " + n + "*(" + n +
                        "-1) unicast packets; packets never wait; at most c_i packets per link per step";
  out.space += " (complete up to the automorphisms of the tree fixing leaf 0)";
  return out;
}

}  // namespace blockcast::fattree
