// k-item broadcast bounds and the cut continuous schedule (see kbroadcast.hpp; paper 000
// Sec. 3 and 3.4, paper 002 Sec. 6).
#include "kbroadcast.hpp"

#include <algorithm>
#include <sstream>

#include "expand.hpp"
#include "logp_tree.hpp"
#include "postal.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {
void require_pk(i64 P, i64 k) {
  if (P < 2) throw InputError("P must be >= 2 (a source and at least one receiver), got " + std::to_string(P));
  if (k < 1) throw InputError("k must be >= 1, got " + std::to_string(k));
}
}  // namespace

int depth_without_source(int L, i64 P) {
  require_pk(P, 1);
  return broadcast_depth(L, P - 1);
}

i64 k_star(int L, i64 P) {
  const int B = depth_without_source(L, P);  // = n + 1
  if (B == 0) return 0;
  const auto f = fib_sequence(L, B - 1);
  __int128 sum = 0;  // sum_{i=0}^{n} f_i = f_{n+L} - 1 (Fact 2.1) may exceed 64 bits
  for (i64 v : f) sum += v;
  return static_cast<i64>(sum / (P - 1));
}

i64 paper_kitem_bound(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + L, k - 1 - k_star(L, P), "time");
}

i64 kitem_lower_bound(int L, i64 P, i64 k) {
  require_pk(P, k);
  const i64 kstar = k_star(L, P);
  if (k > kstar) return paper_kitem_bound(L, P, k);  // t >= n: floor(S_t/(P-1)) = k* + t - n
  // k <= k*: the smallest t <= n with floor(S_t / (P-1)) >= k, where f_j < P-1 for j <= n.
  const auto f = fib_sequence(L, depth_without_source(L, P));
  __int128 sum = 0;
  for (size_t t = 0;; ++t) {
    sum += std::min<i64>(f[t], P - 1);
    if (sum / (P - 1) >= k) return L + static_cast<i64>(t);
  }
}

i64 continuous_cut_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + L, k - 1, "time");
}

i64 simple_schedule_delay(int L, i64 P) {
  require_latency(L);
  require_pk(P, 1);
  // logp_tree counts any latency (postal.hpp stops at L = 64); o = 0, g = 1 is the postal model.
  return L + broadcast_time(LogP{L + 1, 0, 1}, P - 1);
}

i64 simple_schedule_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(simple_schedule_delay(L, P), k - 1, "time");
}

i64 single_sending_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + 2 * static_cast<i64>(L), k - 2, "time");
}

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

std::string kbroadcast_text(const KBroadcastReport& r) {
  std::ostringstream s;
  s << "k-item broadcast: L=" << r.L << " P=" << r.P << " k=" << r.k << "  (B(P-1)=" << r.depth << ", k*=" << r.kstar
    << ")\n";
  s << "  lower bound (paper 000 Thm 3.1)      B(P-1)+L+(k-1)-k* = " << r.paper_bound << "\n";
  if (r.lower_bound != r.paper_bound)
    s << "    but k <= k*: the proof's count only gives " << r.lower_bound << " (the formula assumes t >= n)\n";
  s << "  continuous schedule cut after k      L+B(P-1)+k-1      = " << r.continuous_formula << "\n";
  if (r.has_schedule) {
    s << "    simulated (delay L+T=" << r.schedule_delay << "): ";
    if (!r.simulated_ok)
      s << "FAILS: " << r.violation << "\n";
    else
      s << "time " << r.simulated_time << " (last reception step), " << r.messages
        << " messages; L+T+k-1 = " << r.predicted_time << ": " << (r.matches_prediction() ? "yes" : "NO") << "\n";
  } else {
    s << "    (no continuous schedule given: --assignment FILE)\n";
  }
  s << "  simple schedule (paper 002 Sec. 6)   L+B(P-1,L+1)+k-1  = " << r.simple_time << "  (delay " << r.simple_delay
    << ")\n";
  s << "  single-sending (paper 000 Thm 3.7)   B(P-1)+2L+k-2     = " << r.single_sending << "\n";
  return s.str();
}

nlohmann::json kbroadcast_json(const KBroadcastReport& r) {
  nlohmann::json j{{"L", r.L},
                   {"P", r.P},
                   {"k", r.k},
                   {"B", r.depth},
                   {"k_star", r.kstar},
                   {"lower_bound", r.lower_bound},
                   {"paper_bound", r.paper_bound},
                   {"continuous_formula", r.continuous_formula},
                   {"simple_delay", r.simple_delay},
                   {"simple_time", r.simple_time},
                   {"single_sending_time", r.single_sending}};
  if (r.has_schedule)
    j["schedule"] = {{"ok", r.simulated_ok},
                     {"violation", r.violation},
                     {"delay", r.schedule_delay},
                     {"predicted_time", r.predicted_time},
                     {"time", r.simulated_time},
                     {"messages", r.messages},
                     {"matches_prediction", r.matches_prediction()}};
  return j;
}

}  // namespace blockcast
