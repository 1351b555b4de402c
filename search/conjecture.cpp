#include "conjecture.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <thread>

#include <tbb/task_group.h>

#include "everyp/trim_search.hpp"
#include "trim.hpp"

namespace blockcast {

namespace {

// One search of the run's shape for depth t: optimal I(t) (solve_exact) or every pruned
// tree with P-1 = f_t (solve_shape, profile and words together).
SearchResult search_shape(int L, int t, Shape shape, const SearchOptions& so) {
  if (shape == Shape::pruned) return solve_shape(tree_spec_for_t(L, t, Shape::pruned), so);
  return solve_exact(optimal_instance(L, t), so);
}

bool out_of_time(const ConjectureOptions& opt) {
  return opt.deadline && std::chrono::steady_clock::now() >= *opt.deadline;
}

// A search's limits cut to the time left before the command's deadline.
Limits within_deadline(Limits l, const ConjectureOptions& opt) {
  if (!opt.deadline) return l;
  const double left = std::max(1e-3, std::chrono::duration<double>(*opt.deadline - std::chrono::steady_clock::now()).count());
  l.time_limit = l.time_limit > 0 ? std::min(l.time_limit, left) : left;
  return l;
}

// Depths whose tree is the shape's tree for that t. For t < L, f_t = 1, so every such t
// names P = 2; a pruned tree for P = 2 has t = B(1) = 0, and only t = 0 is kept.
bool depth_is_own(int L, int t, Shape shape) {
  return shape != Shape::pruned || tree_spec_for_t(L, t, Shape::pruned).t == t;
}

}  // namespace

std::string method_name(Method m) {
  switch (m) {
    case Method::complete: return "complete";
    case Method::constructive: return "constructive";
    case Method::auto_: return "auto";
  }
  return "?";
}

Method parse_method(const std::string& s) {
  if (s == "complete") return Method::complete;
  if (s == "constructive") return Method::constructive;
  if (s == "auto") return Method::auto_;
  throw InputError("--method '" + s + "': expected complete, constructive or auto");
}

namespace {
// One decided instance: verdict, witness and the method that produced them.
struct CaseResult {
  Verdict verdict = Verdict::unknown;
  std::optional<Assignment> witness;
  std::string method;
  std::string covered;
  SearchStats stats;
};
}  // namespace

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  if (opt.shape != Shape::optimal && opt.shape != Shape::pruned)
    throw InputError("conjecture: shape must be optimal or pruned, not " + shape_name(opt.shape));
  ConjectureResult res;
  res.L = L;
  res.shape = opt.shape;
  const bool pruned = opt.shape == Shape::pruned;
  const std::string tag = "L=" + std::to_string(L) + (pruned ? " pruned" : "");
  const int t_max = opt.t_max > 0 ? opt.t_max : 6 * L;
  // A fully trimmed node with r0 <= L children becomes a leaf with letter L-1+r0 <= 2L-1,
  // so pruned trees have letters 0..2L-1 and any of them may be the receive-only letter.
  const Letter x_end = pruned ? 2 * L : L;
  // The constructive methods cover the optimal shape; pruned runs stay complete.
  const bool constructive = !pruned && opt.method != Method::complete;
  auto progress = [&](const std::string& what) {
    if (!opt.progress) return;
    char buf[32];
    std::snprintf(buf, sizeof buf, " [%.1f s]", elapsed());
    opt.progress(tag + " " + what + buf);
  };
  // Decide I(t) (or the pruned tree for t): receive-only x and extendable root when x is
  // given, unconstrained otherwise. Constructive methods first (method auto/constructive),
  // then the complete search (complete/auto; auto with a per-instance limit by default).
  // Effort levels of the constructive methods in the base-case scan beyond fallback_max_L:
  // a pair (t, x) first gets a cheap attempt; a window whose other cases all solve retries
  // its cheap failures with more tries and a larger ground-state budget (a failure only
  // says UNKNOWN, and one unlucky UNKNOWN would rule out L windows for that x).
  const bool levelled = constructive && opt.method == Method::auto_ ? L > opt.fallback_max_L : constructive;
  const int top_level = levelled ? 2 : 0;
  auto effort = [&](ConstructiveOptions& co, int level) {
    if (!levelled) return;
    if (level == 0) co.tries = std::min(co.tries, 3);
    if (level == 2) co.tries = std::max(co.tries, 400);
  };
  auto decide = [&](int t, std::optional<Letter> x, int level) -> CaseResult {
    CaseResult c;
    if (out_of_time(opt)) {
      c.method = "none", c.covered = "the command's time limit was reached before this case";
      return c;
    }
    if (constructive) {
      const Instance inst = optimal_instance(L, t);
      ConstructiveOptions co = opt.constructive;
      if (x) effort(co, level);
      co.extendable = x.has_value();
      co.seed = opt.constructive.seed * 1000003u + static_cast<std::uint64_t>(L) * 7919u + static_cast<std::uint64_t>(t) +
                static_cast<std::uint64_t>(level) * 104729u;
      std::vector<Letter> xs;
      if (x) xs.push_back(*x);
      else
        for (Letter j = 0; j < inst.alphabet(); ++j)
          if (inst.letters[j] > 0) xs.push_back(j);
      bool all_refuted = true;
      for (Letter xx : xs) {
        co.x = xx;
        ConstructiveResult g = solve_paper_greedy(inst, co);
        if (g.verdict != Verdict::solved) g = solve_repair(inst, co);
        if (g.verdict == Verdict::solved) {
          c.verdict = Verdict::solved, c.witness = g.witness, c.method = g.method, c.covered = g.covered;
          return c;
        }
        if (g.verdict != Verdict::impossible) all_refuted = false;
        c.covered = g.covered;
      }
      if (all_refuted) {  // the counting / exhaustive arguments of solve_repair, for every x
        c.verdict = Verdict::impossible, c.method = "counting";
        return c;
      }
      if (opt.method == Method::constructive || (x && L > opt.fallback_max_L)) {
        c.method = "constructive";
        return c;
      }
    }
    SearchOptions so = opt.search;
    so.receive_only = x;
    so.extendable = x.has_value();
    if (opt.method == Method::auto_ && so.limits.max_nodes == 0 && so.limits.time_limit == 0)
      so.limits = opt.fallback_limits;
    so.limits = within_deadline(so.limits, opt);
    SearchResult r = search_shape(L, t, opt.shape, so);
    c.verdict = r.verdict, c.witness = r.witness, c.method = "complete", c.covered = r.covered, c.stats = r.stats;
    return c;
  };
  auto run = [&](int t, std::optional<Letter> x, int level = 0) {
    CaseResult c = decide(t, x, level);
    res.stats += c.stats;
    ++res.searches;
    return c;
  };
  // Candidates t0 = L, L+1, ... and letters x in order; S(t, x) (is I(t) solvable with
  // receive-only x and an x-extendable root?) is decided at most once. A failure at
  // (t, x) rules out every t0 in (t-L, t] for that x, so most pairs are never searched.
  std::map<std::pair<int, Letter>, CaseResult> decided;
  std::map<std::pair<int, Letter>, int> level_tried;  // UNKNOWN pairs: the highest level run
  auto S = [&](int t, Letter x, int level) -> const CaseResult& {
    auto it = decided.find({t, x});
    if (it != decided.end() && (it->second.verdict != Verdict::unknown || level_tried[{t, x}] >= level)) return it->second;
    // Before and after: a long search shows what it is working on (L, t, x, method so far).
    progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " " +
             (constructive ? "constructive" : "complete") + " searching...");
    CaseResult r = run(t, x, level);
    level_tried[{t, x}] = level;
    progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " " + r.method + " " + verdict_name(r.verdict) +
             (levelled ? " (level " + std::to_string(level) + ")" : ""));
    if (it != decided.end()) return it->second = std::move(r);
    return decided.emplace(std::make_pair(t, x), std::move(r)).first->second;
  };
  // Beyond fallback_max_L (or with method constructive) a pair's level-0 decision is the
  // constructive methods alone: deterministic for its (L, t, level) seed and independent of
  // every other pair, so the next few undecided pairs of a window are decided at once, one
  // per worker thread (--threads). The scan below then finds them decided; at most
  // threads-1 of them are wasted when the window fails early.
  const int workers = opt.search.threads > 0 ? opt.search.threads
                                              : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const bool parallel_scan = workers > 1 && constructive && (opt.method == Method::constructive || L > opt.fallback_max_L);
  auto prefetch = [&](int t, Letter x, int t_end) {
    if (!parallel_scan || decided.count({t, x})) return;
    std::vector<int> ts;
    for (int u = t; u < t_end && static_cast<int>(ts.size()) < workers; ++u)
      if (!decided.count({u, x})) ts.push_back(u);
    if (ts.size() < 2) return;
    std::vector<CaseResult> rs(ts.size());
    tbb::task_group tg;
    for (std::size_t i = 0; i < ts.size(); ++i) tg.run([&rs, &ts, &decide, x, i] { rs[i] = decide(ts[i], x, 0); });
    tg.wait();
    for (std::size_t i = 0; i < ts.size(); ++i) {
      res.stats += rs[i].stats;
      ++res.searches;
      level_tried[{ts[i], x}] = 0;
      progress("t=" + std::to_string(ts[i]) + " x=" + letter_name(x) + " " + rs[i].method + " " +
               verdict_name(rs[i].verdict) + " (level 0, parallel)");
      decided.emplace(std::make_pair(ts[i], x), std::move(rs[i]));
    }
  };
  // The counting checks of solve_repair (tries = 0) are exact refutations and cost
  // microseconds: a window with a refuted (t, x) is skipped before anything is searched.
  std::map<int, Instance> instances;
  std::map<std::pair<int, Letter>, bool> refuted;
  auto counted_out = [&](int t, Letter x) {
    if (!constructive) return false;
    auto it = refuted.find({t, x});
    if (it != refuted.end()) return it->second;
    auto in = instances.find(t);
    if (in == instances.end()) in = instances.emplace(t, optimal_instance(L, t)).first;
    ConstructiveOptions co = opt.constructive;
    co.x = x, co.extendable = true, co.tries = 0;
    const ConstructiveResult c = solve_repair(in->second, co);
    if (c.verdict == Verdict::impossible) decided[{t, x}] = CaseResult{Verdict::impossible, std::nullopt, "counting", c.covered, {}};
    return refuted[{t, x}] = c.verdict == Verdict::impossible;
  };
  bool limit_hit = false;
  int t0 = -1;
  Letter x0 = 0;
  for (int cand = L; cand <= t_max && t0 < 0; ++cand)
    for (Letter x = 0; x < x_end && t0 < 0; ++x) {
      if (out_of_time(opt)) {  // the command's deadline: stop scanning, UNKNOWN
        limit_hit = true;
        cand = t_max;
        break;
      }
      bool ok = true;
      for (int t = cand; t < cand + L && ok; ++t) ok = !counted_out(t, x);
      // Level 0 over the window; a few cheap UNKNOWNs are retried at the higher levels
      // once the rest of the window is solved (more than 6: give the window up).
      std::vector<int> open;
      bool refuted_window = false;  // a pair of the window is IMPOSSIBLE (not just UNKNOWN)
      for (int t = cand; t < cand + L && ok; ++t) {
        prefetch(t, x, cand + L);
        const CaseResult& r = S(t, x, 0);
        if (r.verdict == Verdict::unknown) open.push_back(t);
        refuted_window = r.verdict == Verdict::impossible;
        ok = r.verdict == Verdict::solved || (r.verdict == Verdict::unknown && levelled && open.size() <= 1);
      }
      for (int level = 1; level <= top_level && ok && !open.empty(); ++level) {
        std::vector<int> still;
        for (int t : open)
          if (ok && S(t, x, level).verdict != Verdict::solved) still.push_back(t), ok = S(t, x, level).verdict == Verdict::unknown;
        open = std::move(still);
      }
      if (!ok && !refuted_window && !open.empty()) limit_hit = true;  // given up, not refuted
      ok = ok && open.empty();
      if (ok) t0 = cand, x0 = x;
    }
  res.minimal = !limit_hit;
  if (t0 < 0) {
    res.note = "no " + std::to_string(L) + " consecutive " + (pruned ? "pruned " : "") + "base cases with t0 <= " +
               std::to_string(t_max) + (out_of_time(opt) ? " (the command's time limit was reached)" : limit_hit ? " (some searches hit a limit)" : "");
  } else {
    res.certificate.L = L;
    res.certificate.shape = opt.shape;
    res.certificate.x = x0;
    res.certificate.t0 = t0;
    for (int t = t0; t < t0 + L; ++t) {
      const CaseResult& c = decided.at({t, x0});
      res.certificate.base_cases.push_back(*c.witness);
      res.methods.push_back(c.method);
    }
    res.certificate.methods = res.methods;
    progress("verifying the certificate");
    res.compositions = verify_certificate(res.certificate, opt.max_sim_events);
    res.verdict = Verdict::solved;
    // Smaller t: the plain question "is there any block-cyclic schedule (of this shape)?".
    for (int t = 0; t < t0; ++t) {
      if (!depth_is_own(L, t, opt.shape)) continue;
      progress("smaller t=" + std::to_string(t) + " searching...");
      CaseResult r = run(t, std::nullopt);
      progress("smaller t=" + std::to_string(t) + " " + r.method + " " + verdict_name(r.verdict));
      res.smaller.push_back({t, r.verdict, r.stats, r.method, r.covered, r.witness});
    }
  }
  if (pruned && res.verdict == Verdict::solved) {
    // The table: every t from L on, pruned schedules from the search (t < t0), the base
    // cases or compositions (t >= t0), each re-checked symbolically (shape included) and
    // replayed when small; the optimal delay L + t decided by the plain exact search.
    // For L >= 3 the optimal delay is reachable for large t (Thm 3.3), so the table's
    // interesting part is L = 2, where it runs to 40 unless asked otherwise.
    const int t_report = opt.t_report > 0 ? opt.t_report : (L == 2 ? 40 : 0);
    const int t_last = std::max(t_report, t0 + 2 * L - 1);
    const std::vector<Assignment> chain = extend_certificate(res.certificate, t_last);
    for (int t = L; t <= t_last; ++t) {
      DelayRow row;
      row.t = t;
      const TreeSpec spec = tree_spec_for_t(L, t, Shape::pruned);
      row.P = spec.P;
      row.delay = spec.delay();
      if (t >= t0) {
        row.schedule = chain.at(t - t0);
        row.source = t < t0 + L ? "base case" : "composed";
      } else {
        auto it = std::find_if(res.smaller.begin(), res.smaller.end(), [t](const SmallerVerdict& s) { return s.t == t; });
        if (it != res.smaller.end()) {
          row.pruned = it->verdict;
          if (it->witness) row.schedule = *it->witness, row.source = "search";
        }
      }
      if (row.schedule) {
        // Independent of how it was found: shape and legality from scratch.
        if (auto e = check_assignment(claimed_instance(*row.schedule), *row.schedule))
          throw std::logic_error("pruned schedule for t=" + std::to_string(t) + " fails: " + *e);
        if (row.schedule->delay() != row.delay) throw std::logic_error("pruned schedule has the wrong delay");
        row.achieved = effective_delay(*row.schedule);
        row.simulated = simulate_if_small(*row.schedule, opt.max_sim_events).has_value();
        row.pruned = Verdict::solved;
      }
      SearchOptions so = opt.search;
      so.receive_only.reset();
      so.extendable = false;
      so.limits = within_deadline(so.limits, opt);
      SearchResult r = solve_exact(optimal_instance(L, t), so);
      res.stats += r.stats;
      ++res.searches;
      row.optimal = r.verdict;
      row.optimal_note = r.covered;
      row.optimal_seconds = r.stats.seconds;
      // A pruned schedule that finishes in L + t is a schedule on T_t: the two searches
      // must agree about it.
      if (row.pruned == Verdict::solved && row.achieved < row.delay && row.optimal == Verdict::impossible)
        throw std::logic_error("t=" + std::to_string(t) + ": a pruned schedule achieves delay L+t, the exact search says IMPOSSIBLE");
      if (opt.progress)
        opt.progress(tag + " table t=" + std::to_string(t) + " pruned " + verdict_name(row.pruned) + ", optimal " +
                     verdict_name(row.optimal));
      res.table.push_back(std::move(row));
    }
  }
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  res.stats.seconds = res.seconds;
  return res;
}

}  // namespace blockcast
