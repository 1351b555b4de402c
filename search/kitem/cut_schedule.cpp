// The `kbroadcast` run: bounds and the cut continuous schedule, simulated (see
// cut_schedule.hpp; Karp et al. 1993 Sec. 3 and 3.4, Subramonian and Venkatasubramanian 1993 Sec. 6).
#include "kitem/cut_schedule.hpp"

#include <algorithm>

#include "expand.hpp"
#include "kitem/schedules.hpp"
#include "postal.hpp"
#include "simulator.hpp"

namespace blockcast {

KBroadcastReport kbroadcast_report(int L, i64 P, i64 k, const std::optional<Assignment>& continuous) {
  require_latency(L);
  require_pk(P, k);
  KBroadcastReport r;
  r.L = L, r.P = P, r.k = k;
  r.depth = depth_without_source(L, P);
  r.kstar = k_star(L, P);
  r.lower_bound = kitem_lower_bound(L, P, k);
  r.paper_bound = paper_kitem_bound(L, P, k);
  r.continuous_formula = continuous_cut_time(L, P, k);
  r.simple_delay = simple_schedule_delay(L, P);
  r.simple_time = simple_schedule_time(L, P, k);
  r.single_sending = single_sending_time(L, P, k);
  if (!continuous) return r;
  const Assignment& a = *continuous;
  if (a.L != L || a.P != P)
    throw InputError("the continuous schedule is for L=" + std::to_string(a.L) + ", P=" + std::to_string(a.P) +
                     ", not L=" + std::to_string(L) + ", P=" + std::to_string(P));
  const Schedule s = expand_assignment(a, k);
  const SimulationResult sim = simulate(s);
  r.has_schedule = true;
  r.simulated_ok = sim.ok;
  r.violation = sim.ok ? "" : sim.violation.text;
  r.schedule_delay = a.delay();
  r.predicted_time = a.delay() + k - 1;
  r.messages = sim.messages;
  for (const auto& m : s.messages) r.simulated_time = std::max<i64>(r.simulated_time, m.recv_step);
  return r;
}

bool circulant_at_scale(int L, i64 P, i64 k) { return L == 1 && P >= 2 && k >= 1 && P - 1 > kExplicitCirculantLimit / k; }

}  // namespace blockcast
