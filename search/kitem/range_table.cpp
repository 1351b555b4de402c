// The k-item table at scale, in ranges (see range_table.hpp).
#include "kitem/range_table.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <thread>

#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/circulant.hpp"
#include "kitem/endgame_tree.hpp"
#include "kitem/exact.hpp"
#include "kitem/colored_endgame.hpp"
#include "kitem/counting_exact.hpp"
#include "kitem/routed_endgame.hpp"
#include "kitem/schedules.hpp"
#include "kitem/single_item.hpp"
#include "everyp/every_p.hpp"
#include "expand.hpp"
#include "simulator.hpp"

namespace blockcast {

std::string status_name(RangeStatus s) {
  switch (s) {
    case RangeStatus::at_bound: return "at the bound";
    case RangeStatus::proved_above: return "proved above";
    case RangeStatus::upper_only: return "upper bound only";
    case RangeStatus::no_schedule: return "no schedule";
  }
  return "?";
}

namespace {

struct RangeCell {
  std::vector<KRange> ks;
  bool reached = false;
  std::int64_t simulated = 0;
  std::int64_t exact = 0;  // cells decided by the exact search
  std::string failure;
};

// Appends k with its (status, gap, method), extending the last range when they agree.
void add_k(std::vector<KRange>& out, std::int64_t k, RangeStatus s, std::int64_t gap, const std::string& method) {
  if (!out.empty() && out.back().k1 == k - 1 && out.back().status == s && out.back().gap == gap &&
      out.back().method == method) {
    out.back().k1 = k;
    return;
  }
  out.push_back({k, k, s, gap, method});
}

// A cell above the bound after an exact search (`ex`, from the bound up to the constructions'
// `time` - 1; SAT models replayed by the simulator inside it, UNSAT only with a checked DRAT
// proof): gap, status and method updated where it decided; a limit leaves them as they are.
// `model` names the search in the method ("SAT": the pair model, "counting SAT").
bool apply_exact(const KItemExact& ex, int bound, const std::string& model, std::int64_t& gap, RangeStatus& status,
                 std::string& method) {
  if (ex.verdict == Verdict::solved && ex.optimum) {
    gap = *ex.optimum - bound;
    status = gap == 0 ? RangeStatus::at_bound : RangeStatus::proved_above;
    method = "exact (" + model + (gap == 0 ? ")" : "; below refuted, DRAT)");
    return true;
  }
  if (ex.verdict == Verdict::impossible) {  // every time below ours refuted: ours is optimal
    status = RangeStatus::proved_above;
    method += ", optimal (below refuted, " + (model == "SAT" ? std::string("DRAT") : model + ", DRAT") + ")";
    return true;
  }
  return false;
}

// The pair model (kitem/exact.hpp), exact_time_limit per SAT solve.
void exact_cell(int L, std::int64_t P, std::int64_t k, std::int64_t time, const Limits& limits, double exact_time_limit,
                std::int64_t& gap, RangeStatus& status, std::string& method) {
  Limits each = limits;
  each.time_limit = exact_time_limit;
  const int bound = static_cast<int>(kitem_lower_bound(L, P, k));
  apply_exact(kitem_exact(L, static_cast<int>(P), static_cast<int>(k), bound, static_cast<int>(time) - 1, each), bound,
              "SAT", gap, status, method);
}

// The counting model (kitem/counting_exact.hpp): `seconds` for the whole cell (each time T may
// use all that is left), `conflicts` per SAT call. Returns whether it decided.
bool counting_cell(int L, std::int64_t P, std::int64_t k, std::int64_t time, const Limits& limits, double seconds,
                   std::int64_t conflicts, std::int64_t& gap, RangeStatus& status, std::string& method) {
  Limits cell = with_deadline_in(limits, seconds);
  cell.time_limit = seconds;
  cell.conflicts = conflicts;
  const int bound = static_cast<int>(kitem_lower_bound(L, P, k));
  const KItemExact ex =
      kitem_counting_exact(L, static_cast<int>(P), static_cast<int>(k), bound, static_cast<int>(time) - 1, cell);
  return apply_exact(ex, bound, "counting SAT", gap, status, method);
}

// Replays the plan's schedule for k (coloured or routed) and compares its time with the plan's.
std::string replay(const Assignment& a, const EndgamePlan& plan, std::int64_t k) {
  const Schedule s = plan_schedule(a, plan, k);
  const SimulationResult r = simulate(s);
  if (!r.ok) return r.violation.text;
  if (schedule_time(s) != plan.time(k).first)
    return "time " + std::to_string(schedule_time(s)) + ", planned " + std::to_string(plan.time(k).first);
  return "";
}

// The endgame plans of one (L, P): continuous schedules with their plans, and per plan the
// method it stands for.
struct Plans {
  std::vector<std::pair<Assignment, EndgamePlan>> plans;
  std::vector<std::string> names;
};

// The schedule `solve --P` packs, if it is as fast as w (checked symbolically; the k-item
// schedules built from it are replayed where the table replays).
std::optional<Assignment> solve_schedule(const Assignment& w, const Limits& limits) {
  SearchOptions o;
  o.threads = 1;
  o.limits = limits;
  o.limits.time_limit = 0.2;  // the packing answers in milliseconds or not at all
  BestSchedule b = best_schedule(w.L, w.P, o, 0);
  if (!b.witness || b.witness->delay() > w.delay()) return std::nullopt;
  return std::move(*b.witness);
}

// The schedule on the ties tree chosen for the endgame (kitem/endgame_tree.hpp), repacked and
// routed with kRangeRetrimmedAttempts; nullopt where one step finds nothing.
std::optional<std::pair<RoutingFrame, EndgamePlan>> retrimmed_plan(int L, std::int64_t P, TrimOrder order, int max_K,
                                                                   const Limits& limits, int below = INT_MAX) {
  const std::optional<Assignment> t = endgame_tree_schedule(L, P, order, limits);
  if (!t) return std::nullopt;
  std::optional<Assignment> b = balance_for_endgame(*t, endgame_items_at_bound(L, P), limits);
  if (!b) return std::nullopt;
  RoutingFrame frame(std::move(*b));
  EndgamePlan plan = routed_plan(frame, max_K, 0, kRangeRetrimmedAttempts, limits, below);
  return std::make_pair(std::move(frame), std::move(plan));
}

// Every construction, cheapest first, each only while the ones before miss the bound for large
// k (`big`): w's colouring, then the schedule `solve --P` packs, their routings, their repackings.
// `repacked`: the fast path's repacked and retrimmed plans when it ran (none at the bound for
// large k); they take the place of the repackings here.
Plans all_plans(const Assignment& w, int L, std::int64_t P, int max_K, std::int64_t big, const Limits& colour,
                const Limits& limits, std::optional<Plans> repacked) {
  // Two continuous schedules: the every-P table's, and where its endgame misses the bound
  // for large k, the one `solve --P` packs (another word choice colours differently, and its
  // blocks often give every processor the free slots the routed endgame needs: at P > 2000,
  // L = 5..6 it took the share at the bound from 0.4 % to 61-89 % in samples). Above
  // kRangeSimulateMaxP only from kRangeSolveLargePMinL on (range_table.hpp).
  Plans out;
  auto& plans = out.plans;
  auto& names = out.names;
  plans.emplace_back(w, endgame_plan(w, max_K, 2, colour));
  names.push_back("colored-endgame");
  if (L >= 3 && (P <= kRangeSimulateMaxP || L >= kRangeSolveLargePMinL) &&
      plans[0].second.time(big).first > kitem_lower_bound(L, P, big)) {
    if (const std::optional<Assignment> s = solve_schedule(w, limits))
      plans.emplace_back(*s, endgame_plan(*s, max_K, 2, colour)), names.push_back("colored-endgame");
  }
  auto above = [&] {
    for (const auto& p : plans)
      if (p.second.time(big).first <= kitem_lower_bound(L, P, big)) return false;
    return true;
  };
  // Still above the bound: the virtual trees' slots re-routed (search/kitem/routed_endgame.hpp),
  // only windows that beat the plans so far for large k (time - k below theirs).
  auto below = [&] {
    std::int64_t b = INT_MAX;
    for (const auto& p : plans) b = std::min(b, p.second.time(big).first - big);
    return static_cast<int>(b);
  };
  for (size_t i = 0, n = plans.size(); i < n && above() && !limits.expired(); ++i)
    plans.emplace_back(plans[i].first, routed_plan(plans[i].first, max_K, 0, kRangeRoutedAttempts, limits, below())),
        names.push_back("routed-endgame");
  // Still above: the same letters repacked so that every processor meets enough virtual trees
  // (search/kitem/balanced_packing.hpp), the first precondition of both, with Hall's words,
  // then (P <= kRangeBalanceOrdersMaxP: the time of the whole table) with words in seeded
  // random orders (both depend on them).
  if (repacked) {
    for (size_t i = 0; i < repacked->plans.size(); ++i)
      plans.push_back(std::move(repacked->plans[i])), names.push_back(repacked->names[i]);
    return out;
  }
  const int K_bound = endgame_items_at_bound(L, P);
  const std::uint64_t orders = P <= kRangeBalanceOrdersMaxP ? kBalanceSeeds : 1;
  for (size_t i = 0, n = names.size(); i < n; ++i) {
    if (names[i] != "colored-endgame") continue;  // each continuous schedule once
    for (std::uint64_t seed = 0; seed < orders && above() && !limits.expired(); ++seed) {
      BalanceOptions bo;
      bo.seed = seed;
      const std::optional<Assignment> b = balance_for_endgame(plans[i].first, K_bound, limits, nullptr, bo);
      if (!b) break;  // the moves do not depend on the seed
      // Above kRangeSimulateMaxP the routing alone: there the colouring of a repacking almost
      // never reached the bound where the routing did not, and costs as much as both others.
      if (P <= kRangeSimulateMaxP)
        plans.emplace_back(*b, endgame_plan(*b, max_K, 2, colour)), names.push_back("balanced-endgame");
      if (above())
        plans.emplace_back(*b, routed_plan(*b, max_K, 0, kRangeRoutedAttempts, limits, below())),
            names.push_back("balanced-routed-endgame");
    }
  }
  // Still above: a continuous schedule on the ties tree chosen for the endgame
  // (search/kitem/endgame_tree.hpp: its r = 1 blocks' surplus is what no repacking can move),
  // repacked and routed.
  for (TrimOrder order : trim_orders(L)) {
    if (!above() || limits.expired()) break;
    if (std::optional<std::pair<RoutingFrame, EndgamePlan>> r = retrimmed_plan(L, P, order, max_K, limits, below()))
      plans.emplace_back(r->first.assignment(), std::move(r->second)), names.push_back("retrimmed-routed-endgame");
  }
  return out;
}

// Still above the bound for large k after all_plans: the routing one and two windows above the
// bound (as kbroadcast; all_plans routes at the bound only), on each continuous schedule whose
// routing at the bound was tried, in order, until one gives +1 for large k. A window more gives
// every processor about one free receive slot more, so the routing usually works where it
// failed at the bound: a cut schedule's gap of k* or a colouring's +2 becomes +1 or +2
// (docs/kbroadcast.md Sec. 8.3). One window only left 38,377 cells of L = 8 at the cut
// schedule's +5 that two windows route at +2.
void route_above_bound(Plans& all, int L, std::int64_t P, int max_K, std::int64_t big, const Limits& limits) {
  auto best = [&] {
    std::int64_t b = INT_MAX;
    for (const auto& p : all.plans) b = std::min(b, p.second.time(big).first - big);
    return b;
  };
  const std::int64_t at_bound = kitem_lower_bound(L, P, big) - big;
  for (size_t i = 0, n = all.plans.size(); i < n && best() > at_bound + 1 && !limits.expired(); ++i) {
    if (!all.names[i].ends_with("routed-endgame")) continue;
    const Assignment a = all.plans[i].first;  // a copy: the vector grows below
    EndgamePlan plan = routed_plan(a, max_K, 2, kRangeRoutedAttempts, limits, static_cast<int>(best()), 1);
    if (plan.time(big).first - big < best()) all.plans.emplace_back(a, std::move(plan)), all.names.push_back(all.names[i]);
  }
}

// The fast path above kRangeSimulateMaxP from kRangeFastPathMinL on, where the repacking is what
// reaches the bound: w repacked and routed at the bound, then (where w's letters cannot be
// repacked or routed) the same for the schedule `solve --P` packs, then for the ties trees chosen
// for the endgame (retrimmed_plan). If one is at the bound for
// large k, only the K whose entries miss their bound (small k, where a routing at the bound
// often fails) are coloured, on that schedule itself; nullopt otherwise (then all_plans runs).
std::optional<Plans> fast_plans(const Assignment& w, int L, std::int64_t P, int max_K, std::int64_t big,
                                const Limits& colour, const Limits& limits, Plans& tried) {
  // A routing at the bound for large k (of frame's schedule), with the short K (small k)
  // coloured on `plain`.
  auto at_bound = [&](const Assignment& plain, RoutingFrame& frame, EndgamePlan routed,
                      const std::string& name) -> std::optional<Plans> {
    if (routed.time(big).first > kitem_lower_bound(L, P, big)) {
      tried.plans.emplace_back(frame.assignment(), std::move(routed)), tried.names.push_back(name);
      return std::nullopt;
    }
    int short_K = 0;  // the largest K whose entry misses its bound
    for (const EndgamePlan::Entry& e : routed.entries)
      if (e.window != kitem_lower_bound(L, P, e.K)) short_K = e.K;
    Plans out;
    out.plans.emplace_back(frame.assignment(), std::move(routed));
    out.names.push_back(name);
    if (short_K > 0) {
      EndgamePlan coloured = endgame_plan(plain, short_K, 2, colour);
      // ... and, where the colouring is more than one step above a K's bound, routed one or two
      // windows above it (as route_above_bound), on the frame expanded for the bound.
      int above_K = 0;
      for (const EndgamePlan::Entry& e : coloured.entries)
        if (!e.window || *e.window > kitem_lower_bound(L, P, e.K) + 1) above_K = e.K;
      out.plans.emplace_back(plain, std::move(coloured)), out.names.push_back("colored-endgame");
      if (above_K > 0) {
        EndgamePlan above = routed_plan(frame, above_K, 2, kRangeRoutedAttempts, limits, INT_MAX, 1);
        out.plans.emplace_back(frame.assignment(), std::move(above)), out.names.push_back(name);
      }
    }
    return out;
  };
  auto attempt = [&](const Assignment& a) -> std::optional<Plans> {
    std::optional<Assignment> b = balance_for_endgame(a, endgame_items_at_bound(L, P), limits);
    if (!b) return std::nullopt;
    RoutingFrame frame(std::move(*b));
    EndgamePlan routed = routed_plan(frame, max_K, 0, kRangeRoutedAttempts, limits);
    return at_bound(a, frame, std::move(routed), "balanced-routed-endgame");
  };
  if (std::optional<Plans> p = attempt(w)) return p;
  if (L < kRangeSolveLargePMinL) return std::nullopt;
  if (const std::optional<Assignment> s = solve_schedule(w, limits))
    if (std::optional<Plans> p = attempt(*s)) return p;
  for (TrimOrder order : trim_orders(L))
    if (std::optional<std::pair<RoutingFrame, EndgamePlan>> r = retrimmed_plan(L, P, order, max_K, limits))
      if (std::optional<Plans> p = at_bound(r->first.assignment(), r->first, std::move(r->second), "retrimmed-routed-endgame"))
        return p;
  return std::nullopt;
}

// Every construction's plan for one (L, P) with L >= 2 (fast_plans above kRangeSimulateMaxP
// from kRangeFastPathMinL on, else all_plans and the routings above the bound).
Plans cell_plans(const Assignment& w, int L, std::int64_t P, std::pair<std::int64_t, std::int64_t> ks,
                 const Limits& limits) {
  Limits colour = limits;
  if (colour.max_nodes <= 0) colour.max_nodes = kRangeColoringNodes;
  const int kstar = static_cast<int>(k_star(L, P));
  const int max_K = static_cast<int>(std::min<std::int64_t>(ks.second, kstar + 3));
  const std::int64_t big = std::max<std::int64_t>(ks.second, kstar + 3);
  std::optional<Plans> fast;
  std::optional<Plans> tried;  // the fast path's plans that miss the bound
  if (P > kRangeSimulateMaxP && L >= kRangeFastPathMinL) fast = fast_plans(w, L, P, max_K, big, colour, limits, tried.emplace());
  Plans all = fast ? std::move(*fast) : all_plans(w, L, P, max_K, big, colour, limits, std::move(tried));
  if (!fast) route_above_bound(all, L, P, max_K, big, limits);
  return all;
}

// The best construction for k: its time, method and plan (-1: the cut schedule or the tree).
struct Best {
  std::int64_t time = 0;
  std::string method;
  int from = -1;
};
Best best_for(const Plans& all, int L, std::int64_t P, std::int64_t k) {
  std::pair<std::int64_t, int> best{INT64_MAX, 0};
  int from = 0;
  for (size_t i = 0; i < all.plans.size(); ++i)
    if (auto t = all.plans[i].second.time(k); t.first < best.first) best = t, from = static_cast<int>(i);
  const auto [time, K] = best;
  Best b{time, K > 0 ? all.names[static_cast<size_t>(from)] : "cut", K > 0 ? from : -1};
  if (k == 1 && single_item_time(L, P) < b.time) b = {single_item_time(L, P), "optimal-tree", -1};
  return b;
}

// Replays the constructions' schedules of c's ranges (the first two k of each, or every k):
// endgames from their plans, with `every` also the cut schedule and the optimal tree. The
// exact searches' schedules were replayed inside them.
void replay_cell(RangeCell& c, int L, std::int64_t P, const Assignment& w, const Plans& all,
                 const std::vector<int>& from_k, std::int64_t k_first, bool every) {
  for (const KRange& r : c.ks) {
    // With `every` also a construction an exact search proved optimal ("cut, optimal (...)").
    const std::string base = every ? r.method.substr(0, r.method.find(',')) : r.method;
    const bool plan = base.ends_with("-endgame");
    if (!plan && !(every && (base == "cut" || base == "optimal-tree"))) continue;
    for (std::int64_t k = r.k0; k <= (every ? r.k1 : std::min(r.k1, r.k0 + 1)); ++k) {
      const int from = from_k[static_cast<size_t>(k - k_first)];  // equal names, maybe another plan
      std::string bad;
      if (plan && from >= 0) {
        bad = replay(all.plans[static_cast<size_t>(from)].first, all.plans[static_cast<size_t>(from)].second, k);
      } else if (!plan) {
        const Schedule s = base == "cut" ? expand_assignment(w, k) : single_item_schedule(L, P);
        const SimulationResult sim = simulate(s);
        const std::int64_t want = kitem_lower_bound(L, P, k) + r.gap;
        bad = !sim.ok ? sim.violation.text
              : schedule_time(s) != want ? "time " + std::to_string(schedule_time(s)) + ", reported " + std::to_string(want)
                                         : "";
      } else {
        continue;
      }
      ++c.simulated;
      if (!bad.empty() && c.failure.empty())
        c.failure = "L=" + std::to_string(L) + " P=" + std::to_string(P) + " k=" + std::to_string(k) + ": the " +
                    base + " schedule fails the simulator: " + bad;
    }
  }
}

RangeCell decide(int L, std::int64_t P, const std::optional<Assignment>& witness, std::pair<std::int64_t, std::int64_t> ks,
                 const Limits& limits, const RangeOptions& o) {
  RangeCell c;
  if (limits.expired()) return c;
  c.reached = true;
  if (L == 1) {  // Traff's circulant schedule: k - 1 + ceil(log2 P)
    for (std::int64_t k = ks.first; k <= ks.second; ++k) {
      const std::int64_t gap = circulant_time(P, k) - kitem_lower_bound(1, P, k);
      add_k(c.ks, k, gap == 0 ? RangeStatus::at_bound : RangeStatus::upper_only, gap, "circulant");
    }
    return c;
  }
  if (!witness) {
    c.ks.push_back({ks.first, ks.second, RangeStatus::no_schedule, 0, ""});
    return c;
  }
  const Plans all = cell_plans(*witness, L, P, ks, limits);
  std::vector<int> from_k;  // per k: the plan its time came from (-1: none to replay)
  int counting_unknown = 0;  // cells of this (L, P) the counting model left open
  for (std::int64_t k = ks.first; k <= ks.second; ++k) {
    Best b = best_for(all, L, P, k);
    std::int64_t gap = b.time - kitem_lower_bound(L, P, k);
    RangeStatus status = gap == 0 ? RangeStatus::at_bound : RangeStatus::upper_only;
    if (gap > 0 && o.exact_search && exact_reach(P, k)) {
      exact_cell(L, P, k, b.time, limits, o.exact_time_limit, gap, status, b.method);
      if (status != RangeStatus::upper_only) ++c.exact;
    }
    if (status == RangeStatus::upper_only && o.exact_search && counting_reach(P, k) && o.counting_time_limit > 0 &&
        counting_unknown < kRangeCountingGiveUp) {
      if (counting_cell(L, P, k, b.time, limits, o.counting_time_limit, o.counting_conflicts, gap, status, b.method))
        ++c.exact;
      else
        ++counting_unknown;
    }
    if (b.method.starts_with("exact")) b.from = -1;  // simulated inside the exact search
    add_k(c.ks, k, status, gap, b.method);
    from_k.push_back(b.from);
  }
  if (P <= kRangeSimulateMaxP) replay_cell(c, L, P, *witness, all, from_k, ks.first, o.replay_every_k);
  return c;
}

}  // namespace

RangeTable kitem_range_table(std::pair<int, int> Ls, std::pair<std::int64_t, std::int64_t> Ps,
                             std::pair<std::int64_t, std::int64_t> ks, const Limits& limits, int threads,
                             const RangeOptions& options) {
  RangeTable t;
  tbb::task_arena arena(threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  for (int L = Ls.first; L <= Ls.second; ++L) {
    const auto start = std::chrono::steady_clock::now();
    const auto n = static_cast<std::size_t>(Ps.second - Ps.first + 1);
    // The continuous schedules: the every-P table's (search/everyp/every_p.hpp), all P at once.
    std::vector<Cell> continuous;
    if (L >= 2) {
      EveryPOptions o;
      o.threads = threads;
      o.limits = limits;
      continuous = every_p_table({L, L}, Ps, o);
    }
    std::vector<RangeCell> cells(n);
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i)
          cells[i] = decide(L, Ps.first + static_cast<std::int64_t>(i), L >= 2 ? continuous[i].witness : std::nullopt, ks,
                            limits, options);
      });
    });
    RangeTableStats st;
    st.L = L;
    for (std::size_t i = 0; i < n; ++i) {
      RangeCell& c = cells[i];
      const std::int64_t P = Ps.first + static_cast<std::int64_t>(i);
      if (!c.reached) {
        ++t.not_reached;
        c.ks = {{ks.first, ks.second, RangeStatus::no_schedule, 0, "not reached (time limit)"}};
      }
      if (t.failure.empty()) t.failure = c.failure;
      st.simulated += c.simulated;
      st.exact += c.exact;
      for (const KRange& r : c.ks) {
        const std::int64_t cnt = r.k1 - r.k0 + 1;
        st.cells += cnt;
        (r.status == RangeStatus::at_bound       ? st.at_bound
         : r.status == RangeStatus::proved_above ? st.proved_above
         : r.status == RangeStatus::upper_only   ? st.upper_only
                                                 : st.no_schedule) += cnt;
        st.max_gap = std::max(st.max_gap, r.gap);
      }
      if (!t.rows.empty() && t.rows.back().L == L && t.rows.back().P1 == P - 1 && t.rows.back().ks == c.ks)
        t.rows.back().P1 = P;
      else
        t.rows.push_back({L, P, P, std::move(c.ks)});
    }
    st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    t.per_L.push_back(st);
    if (options.progress) options.progress(L, Ps.second);
  }
  return t;
}

}  // namespace blockcast
