#include "conjecture.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <thread>

#include <tbb/task_group.h>

#include "conjecture_run.hpp"
#include "everyp/trim_search.hpp"
#include "trim.hpp"
#include "version.hpp"

namespace blockcast {

namespace conjecture_run {

SearchResult search_shape(int L, int t, Shape shape, const SearchOptions& so) {
  if (shape == Shape::pruned) return solve_shape(tree_spec_for_t(L, t, Shape::pruned), so);
  return solve_exact(optimal_instance(L, t), so);
}

bool out_of_time(const ConjectureOptions& opt) {  // the deadline, or the caller cancelled
  return opt.search.limits.cancelled() || (opt.deadline && std::chrono::steady_clock::now() >= *opt.deadline);
}

Limits within_deadline(Limits l, const ConjectureOptions& opt) {
  l.cancel = opt.search.limits.cancel, l.control = opt.search.limits.control;  // the caller's control
  if (!opt.deadline) return l;
  const double left = std::max(1e-3, std::chrono::duration<double>(*opt.deadline - std::chrono::steady_clock::now()).count());
  l.time_limit = l.time_limit > 0 ? std::min(l.time_limit, left) : left;
  return l;
}

namespace {
// Depths whose tree is the shape's tree for that t. For t < L, f_t = 1, so every such t
// names P = 2; a pruned tree for P = 2 has t = B(1) = 0, and only t = 0 is kept.
bool depth_is_own(int L, int t, Shape shape) {
  return shape != Shape::pruned || tree_spec_for_t(L, t, Shape::pruned).t == t;
}
}  // namespace

}  // namespace conjecture_run

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


namespace conjecture_run {

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

// After the scan (method auto beyond fallback_max_L): the scan gives a
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

// The strongest decision of (t, x) the run makes: every constructive level, then (once per
// pair, up to tuning.settle_complete_max_L) the complete search within tuning.settle_limits.
Verdict ConjectureRun::settle(int t, Letter x) {
  Verdict v = decided_case(t, x, 0).verdict;
  const int top = top_level_ + (levelled_ && opt_.search.tuning.settle_tries > 0 ? 1 : 0);
  for (int level = 1; v == Verdict::unknown && level <= top; ++level) v = decided_case(t, x, level).verdict;
  if (v != Verdict::unknown || L_ > opt_.search.tuning.settle_complete_max_L || !complete_tried_.insert({t, x}).second)
    return v;
  CaseResult r = decide_complete(t, x, true);
  count(r.stats);
  note_refutation(t, x, r);
  progress("t=" + std::to_string(t) + " x=" + letter_name(x) + " complete " + to_string(r.verdict) + " (settling)");
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
    progress("smaller t=" + std::to_string(t) + " " + r.method + " " + to_string(r.verdict));
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
    opt_.progress(tag_ + " table t=" + std::to_string(t) + " pruned " + to_string(row.pruned) + ", optimal " +
                  to_string(row.optimal));
  return row;
}

}  // namespace conjecture_run

void check_latency(int L, Shape shape) {
  // The induction needs L >= 3 on the optimal tree and L >= 2 on pruned trees: say so
  // instead of searching (L = 1 once ended in an internal error).
  if (L < 2 || (L == 2 && shape == Shape::optimal))
    throw InputError("conjecture --L " + std::to_string(L) + ": " +
                     (L < 2 ? std::string("L = 1 is the telephone model, outside the induction (the conjecture is for "
                                          "L >= 3; L = 2 with --shape pruned)")
                            : std::string("no block-cyclic schedule reaches L+t for L = 2 (Karp et al. 1993, Thm 3.4; "
                                          "`prove --L 2 --t 5` checks one t); the L = 2 variant is --shape pruned")));
}

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt) {
  check_latency(L, opt.shape);
  return conjecture_run::ConjectureRun(L, opt).run();
}

}  // namespace blockcast
