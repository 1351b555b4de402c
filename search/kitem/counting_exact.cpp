// Exact k-item optimum by the counting model (see counting_exact.hpp).
#include "kitem/counting_exact.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "kitem/counting_cnf.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {
// The detail of the attempt that refuted time T (the last IMPOSSIBLE one at T).
std::string refutation(const KItemExact& r, int T) {
  for (auto a = r.attempts.rbegin(); a != r.attempts.rend(); ++a)
    if (a->T == T && a->verdict == Verdict::impossible) return a->detail;
  return "";
}

// The decoded schedule of a SAT answer at `T`, replayed; its time must be T (T - 1 was refuted
// or T is the proved lower bound).
Schedule replayed(const sat::CountingCnf& enc, const CheckedAnswer& a, int T) {
  Schedule s = enc.decode(a.sat);
  s.expected_delay = T;
  const SimulationResult sim = simulate(s);
  if (!sim.ok) throw std::logic_error("kitem counting: decoded schedule fails the simulator: " + sim.violation.text);
  if (schedule_time(s) != T)
    throw std::logic_error("kitem counting: decoded schedule has time " + std::to_string(schedule_time(s)) +
                           ", expected " + std::to_string(T));
  return s;
}

// One time T on the model with (`ordered`) or without symmetry breaking; the attempt is
// recorded in r, the decoded and replayed schedule returned when SAT.
std::optional<Schedule> attempt(KItemExact& r, int T, bool ordered, const Limits& limits) {
  const std::string name = ordered ? "ordered model: " : "plain model: ";
  if (limits.expired()) {
    r.attempts.push_back({T, Verdict::unknown, name + "not tried: time limit reached", 0, 0, 0});
    return std::nullopt;
  }
  std::optional<sat::CountingCnf> enc;
  try {
    enc.emplace(sat::CountingProblem{r.L, r.P, r.k, T, ordered, ordered}, limits.deadline);
  } catch (const sat::EncodingStopped&) {
    r.attempts.push_back({T, Verdict::unknown, name + sat::kEncodingStopped, 0, 0, 0});
    return std::nullopt;
  }
  const CheckedAnswer a = decide_checked(enc->cnf(), limits);
  r.attempts.push_back({T, a.verdict, name + a.detail, a.vars, a.clauses, a.seconds});
  if (a.verdict != Verdict::solved) return std::nullopt;
  return replayed(*enc, a, T);
}
}  // namespace

KItemExact kitem_counting_exact(int L, int P, int k, int lower_bound, int max_T, const Limits& limits) {
  KItemExact r;
  r.L = L, r.P = P, r.k = k, r.lower_bound = lower_bound;
  // Half of each time's budget per model (kCountingOrderedShare), ordered first.
  Limits first = limits, second = limits;
  if (limits.time_limit > 0) first.time_limit = limits.time_limit * kCountingOrderedShare;
  if (limits.time_limit > 0) second.time_limit = limits.time_limit - first.time_limit;
  for (int T = lower_bound; T <= max_T; ++T) {
    std::optional<Schedule> s = attempt(r, T, true, first);
    if (!s && r.attempts.back().verdict == Verdict::unknown) s = attempt(r, T, false, second);
    if (!s && r.attempts.back().verdict == Verdict::unknown) return r;
    if (!s) continue;  // T refuted
    r.schedule = std::move(*s);
    r.best_found = r.optimum = T;
    r.verdict = Verdict::solved;
    r.proof = T == lower_bound ? "equals the lower bound"
                               : "time " + std::to_string(T - 1) + " refuted: " + refutation(r, T - 1);
    return r;
  }
  // Every T from the lower bound to max_T refuted: no schedule has time <= max_T.
  if (!r.attempts.empty() && r.attempts.back().T == max_T) r.verdict = Verdict::impossible;
  return r;
}

}  // namespace blockcast
