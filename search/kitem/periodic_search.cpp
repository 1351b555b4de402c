// Periodic and finite-window searches for continuous broadcast (see periodic_search.hpp).
#include "kitem/periodic_search.hpp"

#include <stdexcept>

#include "simulator.hpp"

namespace blockcast {

PeriodicOutcome periodic_search(int L, int P, int D, int period, const Limits& limits) {
  PeriodicOutcome r;
  r.L = L, r.P = P, r.D = D, r.period = period;
  const sat::PeriodicCnf enc(L, P, period, D);
  const CheckedAnswer a = decide_checked(enc.cnf(), limits);
  r.verdict = a.verdict, r.detail = a.detail, r.vars = a.vars, r.clauses = a.clauses, r.seconds = a.seconds;
  if (a.verdict == Verdict::solved) {
    sat::PeriodicSchedule ps = enc.decode(a.sat);
    const int N = 4 * period + D + 2;  // past the start-up, several full periods
    const SimulationResult sim = simulate(expand_periodic(ps, N));
    if (!sim.ok) throw std::logic_error("periodic: decoded schedule fails the simulator: " + sim.violation.text);
    if (sim.max_delay > D) throw std::logic_error("periodic: decoded schedule has delay above D");
    bool source_at_release = true;  // SPEC Sec. 2: the source sends item i at step i, once
    for (const auto& m : ps.messages) source_at_release = source_at_release && (m.sender != 0 || m.offset == 0);
    r.detail = "SAT; " + std::to_string(N) + " items simulated, max delay " + std::to_string(sim.max_delay) +
               (source_at_release ? "; the source sends item i at step i" : "; the source delays some items");
    r.schedule = std::move(ps);
  }
  return r;
}

PeriodicOutcome window_search(int L, int P, int D, int N, bool strict, const Limits& limits) {
  PeriodicOutcome r;
  r.L = L, r.P = P, r.D = D, r.window = N;
  const sat::KItemCnf enc(sat::continuous_window_problem(L, P, N, D, strict));
  const CheckedAnswer a = decide_checked(enc.cnf(), limits);
  r.verdict = a.verdict, r.detail = a.detail, r.vars = a.vars, r.clauses = a.clauses, r.seconds = a.seconds;
  if (a.verdict == Verdict::solved) {
    const SimulationResult sim = simulate(enc.decode(a.sat));
    if (!sim.ok) throw std::logic_error("window: decoded schedule fails the simulator: " + sim.violation.text);
    if (sim.max_delay > D) throw std::logic_error("window: decoded schedule has delay above D");
    r.detail = std::string("SAT (the window fits; not a continuous schedule by itself)") +
               (strict ? "; source: item i once at step i" : "; source: any held item, copies allowed");
  }
  return r;
}

}  // namespace blockcast
