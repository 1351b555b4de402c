#include "conjecture.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

#include <tbb/task_group.h>

#include "everyp/trim_search.hpp"
#include "trim.hpp"
#include "version.hpp"

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

// One conjecture run for one latency L, phase by phase: the base-case scan over candidate
// windows (t0, x), the certificate and its induction check, the smaller t, and for shape
// pruned the delay table. The members are the run's state: the cases decided so far and
// the result being filled.
class ConjectureRun {
 public:
  ConjectureRun(int L, const ConjectureOptions& opt);
  ConjectureResult run();

 private:
  // Phases.
  void scan_base_cases();
  bool window_holds(int cand, Letter x);
  bool retry_open(std::vector<int>& open, Letter x);
  void lower_t0();
  bool window_settles(int cand, Letter x);
  Verdict settle(int t, Letter x);
  void select_minimality_evidence();
  void certify();
  void decide_smaller();
  void tabulate_pruned();
  DelayRow table_row(int t, const std::vector<Assignment>& chain);
  // Deciding one case.
  CaseResult decide(int t, std::optional<Letter> x, int level) const;
  std::optional<CaseResult> decide_constructive(int t, std::optional<Letter> x, int level,
                                                bool extendable = true) const;
  bool composed_case(int t, Letter x);
  const Assignment* back_case(int s, Letter x);
  // `settle`: tuning.settle_limits on one thread instead of the run's limits and threads.
  CaseResult decide_complete(int t, std::optional<Letter> x, bool settle = false) const;
  void effort(ConstructiveOptions& co, int level) const;
  CaseResult run_case(int t, std::optional<Letter> x, int level = 0);
  const CaseResult& decided_case(int t, Letter x, int level);
  void prefetch(int t, Letter x, int t_end);
  bool counted_out(int t, Letter x);
  void note_refutation(int t, Letter x, const CaseResult& r);
  void count(const SearchStats& stats);
  void progress(const std::string& what) const;
  double elapsed() const;

  const int L_;
  const ConjectureOptions& opt_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  const bool pruned_;
  const std::string tag_;
  const int t_max_;
  // A fully trimmed node with r0 <= L children becomes a leaf with letter L-1+r0 <= 2L-1,
  // so pruned trees have letters 0..2L-1 and any of them may be the receive-only letter.
  const Letter x_end_;
  // The constructive methods cover the optimal shape; pruned runs stay complete.
  const bool constructive_;
  // Effort levels of the constructive methods in the base-case scan beyond fallback_max_L:
  // a pair (t, x) first gets a cheap attempt; a window whose other cases all solve retries
  // its cheap failures with more tries and a larger ground-state budget (a failure only
  // says UNKNOWN, and one unlucky UNKNOWN would rule out L windows for that x).
  const bool levelled_;
  const int top_level_;
  const int workers_;
  const bool parallel_scan_;
  ConjectureResult res_;
  // S(t, x) (is I(t) solvable with receive-only x and an x-extendable root?) is decided at
  // most once per level; UNKNOWN pairs remember the highest level run.
  std::map<std::pair<int, Letter>, CaseResult> decided_;
  std::map<std::pair<int, Letter>, int> level_tried_;
  std::set<std::pair<int, Letter>> complete_tried_;  // pairs settle() gave the complete search
  std::map<int, Instance> instances_;
  std::map<std::pair<int, Letter>, bool> refuted_;
  // Solutions of I(s) with receive-only x and any root word (the t-L halves of
  // compositions), nullopt where the constructive methods found none.
  std::map<std::pair<int, Letter>, std::optional<Assignment>> backs_;
  const bool composing_;
  // How each pair found IMPOSSIBLE in the scan was refuted: the evidence that t0 is minimal.
  std::map<std::pair<int, Letter>, Refutation> refutations_;
  bool limit_hit_ = false;
  int t0_ = -1;
  Letter x0_ = 0;
};

ConjectureRun::ConjectureRun(int L, const ConjectureOptions& opt)
    : L_(L),
      opt_(opt),
      pruned_(opt.shape == Shape::pruned),
      tag_("L=" + std::to_string(L) + (pruned_ ? " pruned" : "")),
      t_max_(opt.t_max > 0 ? opt.t_max : opt.search.tuning.t_max_per_L * L),
      x_end_(pruned_ ? 2 * L : L),
      constructive_(!pruned_ && opt.method != Method::complete),
      levelled_(constructive_ && opt.method == Method::auto_ ? L > opt.search.tuning.fallback_max_L : constructive_),
      top_level_(levelled_ ? 2 : 0),
      // Beyond fallback_max_L (or with method constructive) a pair's level-0 decision is the
      // constructive methods alone: deterministic for its (L, t, level) seed and independent
      // of every other pair, so the next few undecided pairs of a window are decided at
      // once, one per worker thread (--threads). The scan then finds them decided; at most
      // threads-1 of them are wasted when the window fails early.
      workers_(opt.search.threads > 0 ? opt.search.threads
                                      : std::max(1, static_cast<int>(std::thread::hardware_concurrency()))),
      parallel_scan_(workers_ > 1 && constructive_ &&
                     (opt.method == Method::constructive || L > opt.search.tuning.fallback_max_L)),
      composing_(constructive_) {
  if (opt.shape != Shape::optimal && opt.shape != Shape::pruned)
    throw InputError("conjecture: shape must be optimal or pruned, not " + shape_name(opt.shape));
  res_.L = L;
  res_.shape = opt.shape;
}

ConjectureResult ConjectureRun::run() {
  scan_base_cases();
  res_.minimal = false;
  if (t0_ < 0) {
    res_.note = "no " + std::to_string(L_) + " consecutive " + (pruned_ ? "pruned " : "") + "base cases with t0 <= " +
                std::to_string(t_max_) +
                (out_of_time(opt_) ? " (the command's time limit was reached)" : limit_hit_ ? " (some searches hit a limit)" : "");
  } else {
    // t0 is minimal exactly when the recorded refutations cover every window below it: not
    // inferred from the scan's bookkeeping, so a window given up without a refutation (a
    // limit, an UNKNOWN left after the last effort level) can never pass as refuted.
    select_minimality_evidence();
    if (!res_.evidence.open.empty() && levelled_ && opt_.method == Method::auto_) {
      lower_t0();
      select_minimality_evidence();
    }
    res_.minimal = res_.evidence.open.empty();
    if (res_.minimal && limit_hit_)
      progress("every window below t0 is refuted, although some pairs hit a limit");
    certify();
    if (res_.verdict == Verdict::solved) decide_smaller();
  }
  if (pruned_ && res_.verdict == Verdict::solved) tabulate_pruned();
  res_.seconds = elapsed();
  res_.stats.seconds = res_.seconds;
  return std::move(res_);
}

double ConjectureRun::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ConjectureRun::progress(const std::string& what) const {
  if (!opt_.progress) return;
  char buf[32];
  std::snprintf(buf, sizeof buf, " [%.1f s]", elapsed());
  opt_.progress(tag_ + " " + what + buf);
}

void ConjectureRun::count(const SearchStats& stats) {
  res_.stats += stats;
  ++res_.searches;
}

// Candidates t0 = L, L+1, ... and letters x in order. A failure at (t, x) rules out every
// t0 in (t-L, t] for that x, so most pairs are never searched.
void ConjectureRun::scan_base_cases() {
  for (int cand = L_; cand <= t_max_; ++cand)
    for (Letter x = 0; x < x_end_; ++x) {
      if (out_of_time(opt_)) {  // the command's deadline: stop scanning, UNKNOWN
        limit_hit_ = true;
        return;
      }
      if (window_holds(cand, x)) {
        t0_ = cand, x0_ = x;
        return;
      }
    }
}

// Are I(cand) .. I(cand+L-1) all solved with receive-only x? Level 0 over the window; a
// few cheap UNKNOWNs are retried at the higher levels once the rest of the window is
// solved (more than tuning.scan_open_max at level 0: give the window up).
bool ConjectureRun::window_holds(int cand, Letter x) {
  for (int t = cand; t < cand + L_; ++t)
    if (counted_out(t, x)) return false;
  std::vector<int> open;
  bool ok = true;
  bool refuted_window = false;  // a pair of the window is IMPOSSIBLE (not just UNKNOWN)
  for (int t = cand; t < cand + L_ && ok; ++t) {
    if (out_of_time(opt_)) {  // a window at large L is hundreds of base cases: poll per case
      limit_hit_ = true;
      return false;
    }
    if (t > cand && composed_case(t, x)) continue;
    prefetch(t, x, cand + L_);
    const CaseResult& r = decided_case(t, x, 0);
    if (r.verdict == Verdict::unknown) open.push_back(t);
    refuted_window = refuted_window || r.verdict == Verdict::impossible;
    ok = r.verdict == Verdict::solved ||
         (r.verdict == Verdict::unknown && levelled_ && static_cast<int>(open.size()) <= opt_.search.tuning.scan_open_max);
  }
  ok = ok && retry_open(open, x);
  // Given up, not refuted: an UNKNOWN pair after the last level (ok still true) or a second
  // UNKNOWN at level 0. The evidence decides minimality; this only explains it.
  if (!open.empty() && (ok || !refuted_window)) limit_hit_ = true;
  return ok && open.empty();
}

// The window's UNKNOWN pairs at levels 1..top_level; `open` keeps those still unsolved.
// False when one of them is refuted.
bool ConjectureRun::retry_open(std::vector<int>& open, Letter x) {
  bool ok = true;
  for (int level = 1; level <= top_level_ && ok && !open.empty(); ++level) {
    std::vector<int> still;
    for (int t : open)
      if (ok && decided_case(t, x, level).verdict != Verdict::solved)
        still.push_back(t), ok = decided_case(t, x, level).verdict == Verdict::unknown;
    open = std::move(still);
  }
  return ok;
}

// After the scan (method auto beyond fallback_max_L, issue 24 item 2): the scan gives a
// window up at its second UNKNOWN and never runs the complete search there, so a window
// below t0 may be open although it holds. Each open window, smallest t0' first, is decided
// again with every pair settled as far as the run can: all constructive levels, then the
// complete search (up to tuning.settle_complete_max_L, a node budget: tuning.settle_limits). The first window
// that holds becomes t0 (all windows below it are refuted or still open); a refuted pair is
// recorded as evidence like any other.
void ConjectureRun::lower_t0() {
  std::vector<std::pair<int, Letter>> cands;
  for (const OpenWindows& w : res_.evidence.open)
    for (int c = w.from; c <= w.to; ++c) cands.push_back({c, w.x});
  std::sort(cands.begin(), cands.end());
  for (const auto& [cand, x] : cands)
    if (window_settles(cand, x)) {
      progress("t0 lowered from " + std::to_string(t0_) + " to " + std::to_string(cand) + " with x=" + letter_name(x));
      t0_ = cand, x0_ = x;
      return;
    }
}

bool ConjectureRun::window_settles(int cand, Letter x) {
  for (int t = cand; t < cand + L_; ++t)
    if (counted_out(t, x)) return false;
  // The pairs the scan left UNKNOWN first: they are why the window is open, and when one of
  // them stays open the window fails before its other (mostly undecided) pairs are searched.
  for (int t = cand; t < cand + L_; ++t) {
    auto it = decided_.find({t, x});
    if (it != decided_.end() && it->second.verdict != Verdict::solved && (out_of_time(opt_) || settle(t, x) != Verdict::solved))
      return false;
  }
  for (int t = cand; t < cand + L_; ++t)
    if (out_of_time(opt_) || (!(t > cand && composed_case(t, x)) && settle(t, x) != Verdict::solved)) return false;
  return true;
}

// The induction step inside a window (SPEC Sec. 7): with (t-1, x) solved (x-extendable
// root) and any solution of I(t-L) with receive-only x, their composition solves (t, x) with
// the same property. I(t-L) lies below the window, a small instance with no constraint on
// its root, so one extendable base case and the small cases below it give the whole window:
// the large base cases near t0+L-1 are composed instead of searched (they were most of a
// run's time, about L^4). A pair composed is SOLVED; one that cannot be composed is decided
// as before, so every window that held before still holds.
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

// The strongest decision of (t, x) the run makes: every constructive level, then (once per
// pair, up to tuning.settle_complete_max_L) the complete search within tuning.settle_limits.
Verdict ConjectureRun::settle(int t, Letter x) {
  Verdict v = decided_case(t, x, 0).verdict;
  for (int level = 1; v == Verdict::unknown && level <= top_level_; ++level) v = decided_case(t, x, level).verdict;
  if (v != Verdict::unknown || L_ > opt_.search.tuning.settle_complete_max_L || !complete_tried_.insert({t, x}).second)
    return v;
  CaseResult r = decide_complete(t, x, true);
  count(r.stats);
  note_refutation(t, x, r);
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " complete " + verdict_name(r.verdict) + " (settling)");
  v = r.verdict;
  decided_[{t, x}] = std::move(r);
  return v;
}

// The certificate of the window found, checked by the induction (compositions t0+L ..).
void ConjectureRun::certify() {
  Certificate& c = res_.certificate;
  c.L = L_;
  c.shape = opt_.shape;
  c.x = x0_;
  c.t0 = t0_;
  for (int t = t0_; t < t0_ + L_; ++t) {
    const CaseResult& r = decided_.at({t, x0_});
    c.base_cases.push_back(*r.witness);
    res_.methods.push_back(r.method);
  }
  c.methods = res_.methods;
  c.t0_minimal = res_.minimal;
  c.minimality = res_.evidence;
  progress("verifying the certificate");
  auto composed = verify_certificate_until(c, opt_.search.tuning.max_sim_events,
                                           opt_.deadline.value_or(std::chrono::steady_clock::time_point::max()));
  if (!composed) {  // the command's deadline: a certificate not verified is no claim
    res_.note = "base cases found for t0 = " + std::to_string(t0_) +
                ", but the command's time limit was reached before the certificate was verified";
    return;
  }
  res_.compositions = std::move(*composed);
  res_.verdict = Verdict::solved;
}

// Smaller t: the plain question "is there any block-cyclic schedule (of this shape)?".
void ConjectureRun::decide_smaller() {
  for (int t = 0; t < t0_; ++t) {
    if (!depth_is_own(L_, t, opt_.shape)) continue;
    progress("smaller t=" + std::to_string(t) + " searching...");
    CaseResult r = run_case(t, std::nullopt);
    progress("smaller t=" + std::to_string(t) + " " + r.method + " " + verdict_name(r.verdict));
    res_.smaller.push_back({t, r.verdict, r.stats, r.method, r.covered, r.witness});
  }
}

// The table: every t from L on, pruned schedules from the search (t < t0), the base cases
// or compositions (t >= t0), each re-checked symbolically (shape included) and replayed
// when small; the optimal delay L + t decided by the plain exact search. For L >= 3 the
// optimal delay is reachable for large t (Thm 3.3), so the table's interesting part is
// L = 2, where it runs to t_report_L2 unless asked otherwise.
void ConjectureRun::tabulate_pruned() {
  const int t_report = opt_.t_report > 0 ? opt_.t_report : (L_ == 2 ? opt_.search.tuning.t_report_L2 : 0);
  const int t_last = std::max(t_report, t0_ + 2 * L_ - 1);
  const std::vector<Assignment> chain = extend_certificate(res_.certificate, t_last);
  for (int t = L_; t <= t_last; ++t) res_.table.push_back(table_row(t, chain));
}

DelayRow ConjectureRun::table_row(int t, const std::vector<Assignment>& chain) {
  DelayRow row;
  row.t = t;
  const TreeSpec spec = tree_spec_for_t(L_, t, Shape::pruned);
  row.P = spec.P;
  row.delay = spec.delay();
  if (t >= t0_) {
    row.schedule = chain.at(t - t0_);
    row.source = t < t0_ + L_ ? "base case" : "composed";
  } else {
    auto it = std::find_if(res_.smaller.begin(), res_.smaller.end(), [t](const SmallerVerdict& s) { return s.t == t; });
    if (it != res_.smaller.end()) {
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
    row.simulated = simulate_if_small(*row.schedule, opt_.search.tuning.max_sim_events).has_value();
    row.pruned = Verdict::solved;
  }
  SearchOptions so = opt_.search;
  so.receive_only.reset();
  so.extendable = false;
  so.limits = within_deadline(so.limits, opt_);
  SearchResult r = solve_exact(optimal_instance(L_, t), so);
  count(r.stats);
  row.optimal = r.verdict;
  row.optimal_note = r.covered;
  row.optimal_seconds = r.stats.seconds;
  // A pruned schedule that finishes in L + t is a schedule on T_t: the two searches must
  // agree about it.
  if (row.pruned == Verdict::solved && row.achieved < row.delay && row.optimal == Verdict::impossible)
    throw std::logic_error("t=" + std::to_string(t) + ": a pruned schedule achieves delay L+t, the exact search says IMPOSSIBLE");
  if (opt_.progress)
    opt_.progress(tag_ + " table t=" + std::to_string(t) + " pruned " + verdict_name(row.pruned) + ", optimal " +
                  verdict_name(row.optimal));
  return row;
}

void ConjectureRun::effort(ConstructiveOptions& co, int level) const {
  if (!levelled_) return;
  if (level == 0) co.tries = std::min(co.tries, opt_.search.tuning.level0_tries);
  if (level == 2) co.tries = std::max(co.tries, opt_.search.tuning.level2_tries);
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
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " " + r.method + " " + verdict_name(r.verdict) +
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
             verdict_name(rs[i].verdict) + " (level 0, parallel)");
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

}  // namespace

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt) {
  // The induction needs L >= 3 on the optimal tree and L >= 2 on pruned trees: say so
  // instead of searching (L = 1 once ended in an internal error).
  if (L < 2 || (L == 2 && opt.shape == Shape::optimal))
    throw InputError("conjecture --L " + std::to_string(L) + ": " +
                     (L < 2 ? std::string("L = 1 is the telephone model, outside the induction (the conjecture is for "
                                          "L >= 3; L = 2 with --shape pruned)")
                            : std::string("no block-cyclic schedule reaches L+t for L = 2 (paper 000 Thm 3.4; "
                                          "`prove --L 2 --t 5` checks one t); the L = 2 variant is --shape pruned")));
  return ConjectureRun(L, opt).run();
}

}  // namespace blockcast
