// The `solve` run (solve_run.hpp): per P the block-cyclic searches (best_schedule.hpp), then,
// above the lower bound, the periodic schedules at the bound (kitem/periodic_search.hpp,
// Karp et al. 1993's postal model; block-cyclic schedules after the SPEC, Sec. 2 and 6), and
// the one verdict rule every face of `solve` shares.
#include "everyp/solve_run.hpp"

#include <algorithm>
#include <chrono>

#include "postal.hpp"
#include "witness.hpp"

namespace blockcast {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

void check_request(const SolveRequest& r) {
  if (r.t && !r.P.empty()) throw InputError("P and t both given: t means P-1 = f_t, give one of them");
  if (!r.t && r.P.empty()) throw InputError("t or P is required");
  require_latency(r.L);
  for (const i64 P : r.P)
    if (P < 2) throw InputError("P must be >= 2 (processors, the source included), got " + std::to_string(P));
  if (r.t && r.shape) throw InputError("a shape needs P (t always means the optimal tree)");
  if (!(r.time_limit >= 0) || !(r.period_time_limit >= 0)) throw InputError("a time limit must be >= 0 seconds");
  if (r.period_first < 1 || r.period_last > 64 || r.period_first > r.period_last)
    throw InputError("periods must be A..B with 1 <= A <= B <= 64, got " + std::to_string(r.period_first) + ".." +
                     std::to_string(r.period_last));
}

SearchOptions search_options(const SolveRequest& r) {
  SearchOptions o;
  o.threads = r.threads;
  o.limits.max_nodes = r.max_nodes;
  o.limits.time_limit = r.time_limit;
  o.limits = controlled(with_deadline_in(o.limits, r.time_limit), r.control);  // the whole run's deadline
  o.memo = r.memo;
  o.prune = r.prune;
  o.receive_only = r.receive_only;
  o.extendable = r.extendable;
  return o;
}

// No schedule: IMPOSSIBLE only if every delay tried was proved impossible, else a limit
// stopped a search (UNKNOWN).
Verdict no_schedule_status(const BestSchedule& b) {
  for (const auto& a : b.attempts)
    if (a.verdict != Verdict::impossible) return Verdict::unknown;
  return b.attempts.empty() ? Verdict::unknown : Verdict::impossible;
}

// The block-cyclic delay is optimal among block-cyclic schedules: it is the lower bound, or
// it is one above and the lower bound was proved impossible (on its trees, for block-cyclic
// schedules with the request's constraints).
bool block_cyclic_proved(const BestSchedule& b) {
  if (!b.delay) return false;
  if (*b.delay == b.lower_bound) return true;
  const ShapeAttempt* at = b.at_lower_bound();
  return at && at->verdict == Verdict::impossible && *b.delay == b.lower_bound + 1;
}

// The best of any form, its proof status and the verdict (the rule of solve_run.hpp).
void conclude(SolveAnswer& s, bool deadline_passed) {
  const BestSchedule& b = s.block_cyclic;
  s.block_cyclic_optimal = block_cyclic_proved(b);
  const PeriodicOutcome* f = s.periodic ? s.periodic->found() : nullptr;
  if (f) {
    s.delay = s.periodic->D, s.form = "periodic", s.period = f->period, s.verification = f->detail;
  } else if (b.delay) {
    s.delay = b.delay, s.form = "block-cyclic", s.verification = b.verification;
  }
  s.at_lower_bound = s.delay && *s.delay == b.lower_bound;
  s.optimal = s.at_lower_bound || (s.form == "block-cyclic" && s.block_cyclic_optimal);
  const bool cut = b.deadline_hit || (s.periodic && !f && deadline_passed);
  if (!s.delay)
    s.verdict = no_schedule_status(b);
  else
    s.verdict = s.optimal || !cut ? Verdict::solved : Verdict::unknown;
  s.reason = b.reason;
  if (s.periodic) {
    const PeriodScan& p = *s.periodic;
    s.reason += (s.reason.empty() ? "" : "; ") + std::string("periodic schedules at delay ") + std::to_string(p.D) +
                " (periods " + std::to_string(p.first) + ".." + std::to_string(p.last) + "): " + p.summary();
  }
  if (s.verdict == Verdict::unknown && s.delay && !s.optimal)
    s.reason += (s.reason.empty() ? "" : "; ") + std::string("time limit reached: delay ") + std::to_string(*s.delay) +
                " is the best found, not proved optimal";
}

SolveAnswer answer_for(const SolveRequest& r, i64 P, const SearchOptions& o, const std::string& label) {
  const auto start = Clock::now();
  SolveAnswer s;
  s.block_cyclic = r.shape ? schedule_for_shape(r.L, P, *r.shape, o) : best_schedule(r.L, P, o);
  if (!r.shape && r.periodic) {
    report_progress(o.limits, {label + ": periodic schedules", 0, 0, 0});
    Limits limits = sub_budget(controlled(Limits{}, r.control), r.period_time_limit);
    limits.deadline = std::min(limits.deadline, o.limits.deadline);  // the run's deadline
    const BestSchedule& b = s.block_cyclic;
    s.periodic = beyond_block_cyclic(r.L, P, b.lower_bound, b.delay, r.period_first, r.period_last, limits);
  }
  conclude(s, o.limits.expired());
  s.seconds = since(start);
  return s;
}

InstanceAnswer decide(const SolveRequest& r, const SearchOptions& o) {
  InstanceAnswer a{optimal_instance(r.L, *r.t), {}, {}};
  report_progress(o.limits, {"solve L=" + std::to_string(r.L) + " t=" + std::to_string(*r.t), 0, 0, 0});
  a.result = solve_exact(a.instance, o);
  if (a.result.witness) a.verification = "symbolic check passed; " + simulate_witness(*a.result.witness);
  return a;
}

std::string list_reason(const SolveResult& r) {
  int solved = 0, impossible = 0, unknown = 0;
  for (const auto& a : r.answers)
    (a.verdict == Verdict::solved ? solved : a.verdict == Verdict::impossible ? impossible : unknown) += 1;
  return std::to_string(r.answers.size()) + " values of P: " + std::to_string(solved) + " SOLVED, " +
         std::to_string(impossible) + " IMPOSSIBLE, " + std::to_string(unknown) + " UNKNOWN";
}

}  // namespace

SolveResult run_solve(const SolveRequest& request) {
  const auto start = Clock::now();
  check_request(request);
  const SearchOptions o = search_options(request);
  SolveResult result;
  if (request.t) {
    result.instance = decide(request, o);
    result.verdict = result.instance->result.verdict;
    result.reason = result.instance->result.covered;
    result.seconds = since(start);
    return result;
  }
  result.verdict = Verdict::solved;
  const std::size_t n = request.P.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string label = "solve L=" + std::to_string(request.L) + " P=" + std::to_string(request.P[i]) +
                              (n > 1 ? " (" + std::to_string(i + 1) + " of " + std::to_string(n) + ")" : "");
    report_progress(o.limits, {label, static_cast<i64>(i), static_cast<i64>(n), since(start)});
    result.answers.push_back(answer_for(request, request.P[i], o, label));
    result.verdict = worse(result.verdict, result.answers.back().verdict);
    if (request.on_answer) request.on_answer(result.answers.back());
  }
  result.reason = n == 1 ? result.answers.front().reason : list_reason(result);
  result.seconds = since(start);
  return result;
}

}  // namespace blockcast
