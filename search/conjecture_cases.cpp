// Deciding single pairs (t, x) of a conjecture run (search/conjecture_run.hpp): the
// constructive methods at their effort levels, the complete search, composition from t-1
// and t-L (SPEC Sec. 7), the counting refutations, and the record of every refutation that
// makes t0 minimal (minimality.hpp).
#include <tbb/task_group.h>

#include "conjecture_run.hpp"
#include "version.hpp"

namespace blockcast::conjecture_run {

// The induction step inside a window (SPEC Sec. 7): with (t-1, x) solved (x-extendable
// root) and any solution of I(t-L) with receive-only x, their composition solves (t, x) with
// the same property. I(t-L) lies below the window and needs no constraint on its root. In
// practice such halves exist only for t-L beyond about 2L (below, I(t-L) with the window's x
// was IMPOSSIBLE wherever tried), so this composes the two or three largest base cases of a
// window, which are its most expensive ones. A pair composed is SOLVED; one that cannot be
// composed is decided as before, so every window that held before still holds.
bool ConjectureRun::composed_case(int t, Letter x) {
  if (!composing_ || t - L_ < 1) return false;
  auto it = decided_.find({t, x});
  if (it != decided_.end() && it->second.verdict != Verdict::unknown) return it->second.verdict == Verdict::solved;
  auto prev = decided_.find({t - 1, x});
  if (prev == decided_.end() || prev->second.verdict != Verdict::solved) return false;
  const Assignment* back = back_case(t - L_, x);
  if (!back) return false;
  CaseResult r;
  r.verdict = Verdict::solved, r.method = "composed";
  r.covered = "composed from t-1 and t-L (the induction step)";
  r.witness = compose_checked(*prev->second.witness, *back, x);
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " composed");
  decided_[{t, x}] = std::move(r);
  return true;
}

// A solution of I(s) with receive-only x, root unconstrained: an extendable one decided
// already, else the constructive methods at level 0 (counting refutations of extendable
// roots do not apply here).
const Assignment* ConjectureRun::back_case(int s, Letter x) {
  auto d = decided_.find({s, x});
  if (d != decided_.end() && d->second.verdict == Verdict::solved) return &*d->second.witness;
  auto it = backs_.find({s, x});
  if (it == backs_.end()) {
    std::optional<Assignment> w;
    if (!out_of_time(opt_))
      if (std::optional<CaseResult> c = decide_constructive(s, x, 0, false)) {
        count(c->stats);
        if (c->verdict == Verdict::solved) w = std::move(c->witness);
      }
    it = backs_.emplace(std::make_pair(s, x), std::move(w)).first;
  }
  return it->second ? &*it->second : nullptr;
}

void ConjectureRun::effort(ConstructiveOptions& co, int level) const {
  if (!levelled_) return;
  if (level == 0) co.tries = std::min(co.tries, opt_.search.tuning.level0_tries);
  if (level == 2) co.tries = std::max(co.tries, opt_.search.tuning.level2_tries);
  if (level == 3) co.tries = opt_.search.tuning.settle_tries;  // settle() only
}

void ConjectureRun::select_minimality_evidence() {
  std::vector<Refutation> all;
  for (const auto& [key, f] : refutations_) all.push_back(f);
  res_.evidence = select_evidence(L_, t0_, opt_.shape, all);
}

// Decide I(t) (or the pruned tree for t): receive-only x and extendable root when x is
// given, unconstrained otherwise. Constructive methods first (method auto/constructive),
// then the complete search (complete/auto; auto with a per-instance limit by default).
// Const: prefetch runs it on several cases at once.
CaseResult ConjectureRun::decide(int t, std::optional<Letter> x, int level) const {
  if (out_of_time(opt_)) {
    CaseResult c;
    c.method = "none", c.covered = "the command's time limit was reached before this case";
    return c;
  }
  if (constructive_)
    if (std::optional<CaseResult> c = decide_constructive(t, x, level)) return *c;
  return decide_complete(t, x);
}

// The constructive methods for every candidate x (the given one, or every letter present);
// nothing when the complete search is to decide.
std::optional<CaseResult> ConjectureRun::decide_constructive(int t, std::optional<Letter> x, int level,
                                                             bool extendable) const {
  CaseResult c;
  const Instance inst = optimal_instance(L_, t);
  ConstructiveOptions co = opt_.constructive;
  if (opt_.deadline) co.deadline = *opt_.deadline;  // the repair method polls it between attempts
  co.cancel = opt_.search.limits.cancel;
  if (x) effort(co, level);
  co.extendable = x.has_value() && extendable;
  co.seed = opt_.constructive.seed * 1000003u + static_cast<std::uint64_t>(L_) * 7919u + static_cast<std::uint64_t>(t) +
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
  if (opt_.method == Method::constructive || (x && L_ > opt_.search.tuning.fallback_max_L)) {
    c.method = "constructive";
    return c;
  }
  return std::nullopt;
}

CaseResult ConjectureRun::decide_complete(int t, std::optional<Letter> x, bool settle) const {
  SearchOptions so = opt_.search;
  so.receive_only = x;
  so.extendable = x.has_value();
  if (settle) {
    so.limits = opt_.search.tuning.settle_limits;
    so.threads = 1;
  } else if (opt_.method == Method::auto_ && so.limits.max_nodes == 0 && so.limits.time_limit == 0) {
    so.limits = opt_.search.tuning.fallback_limits;
  }
  so.limits = within_deadline(so.limits, opt_);
  SearchResult r = search_shape(L_, t, opt_.shape, so);
  CaseResult c;
  c.verdict = r.verdict, c.witness = r.witness, c.method = "complete", c.covered = r.covered, c.stats = r.stats;
  return c;
}

CaseResult ConjectureRun::run_case(int t, std::optional<Letter> x, int level) {
  CaseResult c = decide(t, x, level);
  count(c.stats);
  return c;
}

const CaseResult& ConjectureRun::decided_case(int t, Letter x, int level) {
  auto it = decided_.find({t, x});
  if (it != decided_.end() && (it->second.verdict != Verdict::unknown || level_tried_[{t, x}] >= level)) return it->second;
  // Before and after: a long search shows what it is working on (L, t, x, method so far).
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " " + (constructive_ ? "constructive" : "complete") +
           " searching...");
  CaseResult r = run_case(t, x, level);
  level_tried_[{t, x}] = level;
  note_refutation(t, x, r);
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " " + r.method + " " + to_string(r.verdict) +
           (levelled_ ? " (level " + std::to_string(level) + ")" : ""));
  if (it != decided_.end()) return it->second = std::move(r);
  return decided_.emplace(std::make_pair(t, x), std::move(r)).first->second;
}

// The next undecided pairs of the window, one per worker, at level 0 (parallel_scan_ only).
void ConjectureRun::prefetch(int t, Letter x, int t_end) {
  if (!parallel_scan_ || decided_.count({t, x})) return;
  std::vector<int> ts;
  // A pair after the first with a back case will likely be composed: not worth a search.
  for (int u = t; u < t_end && static_cast<int>(ts.size()) < workers_; ++u)
    if (!decided_.count({u, x}) && (u == t || !composing_ || u - L_ < 1 || !back_case(u - L_, x))) ts.push_back(u);
  if (ts.size() < 2) return;
  std::vector<CaseResult> rs(ts.size());
  tbb::task_group tg;
  for (std::size_t i = 0; i < ts.size(); ++i) tg.run([this, &rs, &ts, x, i] { rs[i] = decide(ts[i], x, 0); });
  tg.wait();
  for (std::size_t i = 0; i < ts.size(); ++i) {
    count(rs[i].stats);
    level_tried_[{ts[i], x}] = 0;
    note_refutation(ts[i], x, rs[i]);
    progress("t=" + std::to_string(ts[i]) + " x=" + letter_name(x) + " " + rs[i].method + " " +
             to_string(rs[i].verdict) + " (level 0, parallel)");
    decided_.emplace(std::make_pair(ts[i], x), std::move(rs[i]));
  }
}

// The counting checks of solve_repair (tries = 0; minimality.hpp: counting_refutation) are
// exact refutations and cost microseconds: a window with a refuted (t, x) is skipped before
// anything is searched.
bool ConjectureRun::counted_out(int t, Letter x) {
  if (!constructive_) return false;
  auto it = refuted_.find({t, x});
  if (it != refuted_.end()) return it->second;
  auto in = instances_.find(t);
  if (in == instances_.end()) in = instances_.emplace(t, optimal_instance(L_, t)).first;
  const std::optional<Refutation> c = counting_refutation(in->second, x);
  if (c) {
    decided_[{t, x}] = CaseResult{Verdict::impossible, std::nullopt, "counting", "counting: root-sum inequality", {}};
    refutations_.emplace(std::make_pair(t, x), *c);
  }
  return refuted_[{t, x}] = c.has_value();
}

// The record of an IMPOSSIBLE pair: counting (its numbers), the lone root's exhausted
// ground-state search, or the complete search with its node count.
void ConjectureRun::note_refutation(int t, Letter x, const CaseResult& r) {
  if (r.verdict != Verdict::impossible || refutations_.count({t, x})) return;
  Refutation f;
  if (r.method == "counting") {
    if (std::optional<Refutation> c = counting_refutation(optimal_instance(L_, t), x)) {
      refutations_.emplace(std::make_pair(t, x), *c);
      return;
    }
    if (r.covered.rfind("exhaustive", 0) != 0)
      throw std::logic_error("conjecture: (t=" + std::to_string(t) + ", x=" + letter_name(x) +
                             ") refuted without a recordable reason: " + r.covered);
    f.method = "repair-exhaustive";
    f.budget = 50 * opt_.constructive.root_nodes;  // solve_repair's budget for a lone root
  } else if (r.method == "complete") {
    f.method = "complete";
    f.budget = rerun_budget(r.stats.nodes);
    f.memo = opt_.search.memo, f.prune = opt_.search.prune;
  } else {
    throw std::logic_error("conjecture: IMPOSSIBLE from method '" + r.method + "' has no evidence record");
  }
  f.t = t, f.x = x, f.how = Refutation::How::search, f.nodes = r.stats.nodes, f.version = version();
  refutations_.emplace(std::make_pair(t, x), f);
}

}  // namespace blockcast::conjecture_run
