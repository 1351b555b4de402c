// The k-item question as one run, fast first (see kitem_run.hpp; Karp et al. 1993 Sec. 3.1).
#include "kitem/kitem_run.hpp"

#include <chrono>
#include <cmath>

#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "postal.hpp"

namespace blockcast {

namespace {

// Each SAT solve's own budget when time_limit is 0 (none): the call then has no deadline.
constexpr double kEndgameSolveSeconds = 20;

// What stopped a construction at the constructions' own deadline (not the call's).
const std::string kContinuousBudget = "first search budget reached (kitem_run.hpp kContinuousSeconds)";

double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

void check_request(const KitemRequest& q) {
  require_latency(q.L);
  require_pk(q.P, q.k);
  if (!(q.time_limit >= 0) || !std::isfinite(q.time_limit))
    throw InputError("time_limit must be a number of seconds >= 0, got " + std::to_string(q.time_limit));
  if (q.L == 1 && circulant_at_scale(q.L, q.P, q.k) && q.P > kMaxCirculantP)
    throw InputError("P = " + std::to_string(q.P) + ": L = 1 builds the circulant schedule up to P = " +
                     std::to_string(kMaxCirculantP) + " (its phase table has P*ceil(log2 P) bytes)");
  if (q.continuous && (q.continuous->L != q.L || q.continuous->P != q.P))
    throw InputError("the continuous schedule is for L=" + std::to_string(q.continuous->L) + ", P=" +
                     std::to_string(q.continuous->P) + ", not L=" + std::to_string(q.L) + ", P=" + std::to_string(q.P));
}

// The continuous schedule to cut: the request's, or the best block-cyclic one, first for
// kContinuousSeconds, then (only if that finds none) until the call's deadline, both under the
// node cap of kitem_run.hpp. Recorded as the first candidates (their "time" is the delay L + T).
std::optional<Assignment> continuous_schedule(const KitemRequest& q, const Limits& limits, KitemResult& r) {
  if (q.continuous) {
    r.continuous_verification = "given (checked by the caller)";
    return q.continuous;
  }
  BestSchedule b;
  for (const bool first : {true, false}) {
    const auto start = Clock::now();
    SearchOptions o;
    o.threads = q.threads;
    o.limits.time_limit = limits.time_limit;
    o.limits.deadline = first ? std::min(limits.deadline, start + std::chrono::duration_cast<Clock::duration>(
                                                                      std::chrono::duration<double>(kContinuousSeconds)))
                              : limits.deadline;
    o.limits.max_nodes = kContinuousSearchNodes;
    b = best_schedule(q.L, q.P, o);
    KItemAttempt at{first ? "continuous-search" : "continuous-search (again, to the deadline)", -1, since(start), ""};
    if (b.deadline_hit || o.limits.expired()) at.stopped = first && !limits.expired() ? kContinuousBudget : "time limit reached";
    if (b.witness) at.time = b.witness->delay();  // the delay L + T of the schedule to cut
    r.candidates.push_back(at);
    if (b.witness || limits.expired()) break;
  }
  if (!b.witness) {
    r.reason = "no continuous schedule to cut found for L=" + std::to_string(q.L) + ", P=" + std::to_string(q.P) + " (" +
               b.reason + ")";
    r.time_limit_reached = limits.expired();
    return std::nullopt;
  }
  r.continuous_verification = b.verification;
  return std::move(b.witness);
}

// L = 1 at scale: the circulant schedule alone, held implicitly.
void circulant_at_scale_run(KitemResult& r) {
  r.bounds = kbroadcast_report(r.L, r.P, r.k);
  r.bounds.not_cut = "(P-1)*k = " + std::to_string((r.P - 1) * r.k) + " messages, over " +
                     std::to_string(kExplicitCirculantLimit) + "; the circulant schedule is held implicitly";
  const auto start = Clock::now();
  r.schedules = circulant_schedules(r.P, r.k);
  r.candidates.push_back({"circulant", r.schedules.schedules.front().time, since(start), ""});
}

// The cut past kMaxScheduleEvents: not listed, not replayed; its time follows from the
// continuous schedule's symbolic check (every item i arrives by i + delay).
bool cut_implicitly(const Assignment& a, KitemResult& r) {
  const double events = static_cast<double>(r.P) * static_cast<double>(r.k + a.delay());
  if (events <= static_cast<double>(kMaxScheduleEvents)) return false;
  r.bounds = kbroadcast_report(r.L, r.P, r.k);
  r.bounds.not_cut = "P*(k+L+T) = " + std::to_string(static_cast<std::int64_t>(events)) + " message events, over " +
                     std::to_string(kMaxScheduleEvents) + "; the cut schedule is held implicitly";
  r.schedules.lower_bound = r.lower_bound;
  r.method = "cut", r.time = a.delay() + r.k - 1;
  r.verification = "the continuous schedule passed the symbolic checker (" + r.continuous_verification +
                   "); its first k items are this schedule; not replayed: " + r.bounds.not_cut;
  return true;
}

// The bounds and the cut replayed, from the "cut" entry (its one expansion and replay).
KBroadcastReport cut_report(const KitemRequest& q, const Assignment& a, const KItemSchedule& cut) {
  KBroadcastReport b = kbroadcast_report(q.L, q.P, q.k);
  b.has_schedule = true;
  b.simulated_ok = cut.simulated_ok;
  b.violation = cut.violation;
  b.schedule_delay = a.delay();
  b.predicted_time = a.delay() + q.k - 1;
  b.simulated_time = cut.time;
  b.messages = cut.messages;
  return b;
}

// Verdict, reason, best schedule, from what the phases left (the one verdict rule of kitem_run.hpp).
void conclude(KitemResult& r) {
  for (const KItemAttempt& a : r.schedules.attempts) r.candidates.push_back(a);
  for (const KItemAttempt& a : r.candidates) r.time_limit_reached = r.time_limit_reached || a.stopped == "time limit reached";
  r.time_limit_reached = r.time_limit_reached || r.schedules.time_limit_hit;
  if (const KItemSchedule* b = r.best()) {
    r.method = b->name, r.time = b->time;
    r.verification = !b->checks.empty() ? b->checks
                                        : "replayed by the independent postal-model simulator (" +
                                              std::to_string(b->messages) + " messages)";
  }
  for (const KItemSchedule& s : r.schedules.schedules) r.checks_ok = r.checks_ok && s.simulated_ok;
  r.checks_ok = r.checks_ok && (r.bounds.matches_prediction() || !r.bounds.not_cut.empty());
  if (r.time < 0) {
    r.verdict = Verdict::unknown;
    return;
  }
  r.optimal = r.time <= r.lower_bound || r.schedules.proved_optimal;
  const std::string gap = r.time <= r.lower_bound ? " = the lower bound (Karp et al. 1993 Thm 3.1)"
                                                  : ", lower bound + " + std::to_string(r.time - r.lower_bound);
  r.verdict = r.optimal || !r.time_limit_reached ? Verdict::solved : Verdict::unknown;
  if (r.optimal)
    r.reason = r.method + ": time " + std::to_string(r.time) + gap + (r.time > r.lower_bound ? ", proved optimal by the exact search" : ", optimal");
  else if (r.time_limit_reached)
    r.reason = "time limit reached: time " + std::to_string(r.time) + " is the best found, not proved optimal";
  else
    r.reason = r.method + ": time " + std::to_string(r.time) + gap + ", the best of " +
               std::to_string(r.candidates.size()) + " methods tried, not proved optimal";
}

}  // namespace

const KItemSchedule* KitemResult::best() const {
  const KItemSchedule* b = nullptr;
  // The circulant schedule is the method of record at L = 1 (optimal at every P and k); the
  // cut may tie it at small P.
  for (const KItemSchedule& s : schedules.schedules)
    if (s.simulated_ok && (!b || s.time < b->time || (s.time == b->time && s.name == "circulant"))) b = &s;
  return b;
}

KitemResult kitem_run(const KitemRequest& q) {
  const auto start = Clock::now();
  check_request(q);
  KitemResult r;
  r.L = q.L, r.P = q.P, r.k = q.k, r.lower_bound = kitem_lower_bound(q.L, q.P, q.k);
  const Limits limits = controlled(command_limits(q.time_limit, kEndgameSolveSeconds), q.control);
  // Fast first: the continuous schedule and the constructions, then the SAT endgames with
  // what is left of the whole call's budget.
  if (!q.continuous && circulant_at_scale(q.L, q.P, q.k)) {
    circulant_at_scale_run(r);
  } else if (std::optional<Assignment> a = continuous_schedule(q, limits, r); !a) {
    r.bounds = kbroadcast_report(q.L, q.P, q.k);
  } else if (r.continuous = a; !cut_implicitly(*a, r)) {
    const bool done = kitem_constructions(*a, q.k, limits, r.schedules);
    r.bounds = cut_report(q, *a, r.schedules.schedules.front());
    if (!done && q.what == KitemTry::all) kitem_sat_endgames(*a, q.k, limits, r.schedules);
  }
  conclude(r);
  r.seconds = since(start);
  return r;
}

}  // namespace blockcast
