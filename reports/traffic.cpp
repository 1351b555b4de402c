// Per-step traffic and the global-bandwidth charge (see traffic.hpp; Adler et al. 1997, Sec. 2).
// In-flight counts use a difference array: +1 at the send step, -1 at the reception step.
#include "traffic.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "checked.hpp"

namespace blockcast {

TrafficProfile traffic_profile(const Schedule& s) {
  TrafficProfile t;
  t.L = s.L;
  t.P = s.P;
  t.items = s.items;
  t.messages = static_cast<std::int64_t>(s.messages.size());
  std::int64_t last = -1;
  for (const auto& m : s.messages) {
    if (m.send_step < 0 || m.recv_step < m.send_step)
      throw InputError("traffic: message of item " + std::to_string(m.item) + " has steps " +
                       std::to_string(m.send_step) + " -> " + std::to_string(m.recv_step));
    last = std::max<std::int64_t>(last, m.recv_step);
  }
  const size_t n = static_cast<size_t>(last + 1);
  t.sends.assign(n, 0);
  t.receptions.assign(n, 0);
  t.in_flight.assign(n, 0);
  std::vector<std::int64_t> delta(n + 1, 0);
  for (const auto& m : s.messages) {
    ++t.sends[static_cast<size_t>(m.send_step)];
    ++t.receptions[static_cast<size_t>(m.recv_step)];
    ++delta[static_cast<size_t>(m.send_step)];
    --delta[static_cast<size_t>(m.recv_step)];
  }
  std::int64_t run = 0;
  for (size_t i = 0; i < n; ++i) {
    run += delta[i];
    t.in_flight[i] = run;
    if (t.sends[i] > t.max_sends) t.max_sends = t.sends[i], t.busiest_step = static_cast<std::int64_t>(i);
    t.max_receptions = std::max(t.max_receptions, t.receptions[i]);
    t.max_in_flight = std::max(t.max_in_flight, run);
  }
  return t;
}

BandwidthCharge bandwidth_charge(const TrafficProfile& t, std::int64_t m) {
  if (m < 1) throw InputError("bandwidth limit m must be >= 1, got " + std::to_string(m));
  BandwidthCharge c;
  c.m = m;
  for (std::int64_t x : t.sends) {
    if (x == 0) continue;
    ++c.steps_with_sends;
    if (x > m) ++c.steps_over;
    c.linear_cost += x > m ? static_cast<double>(x) / static_cast<double>(m) : 1.0;
  }
  return c;
}

std::string traffic_text(const TrafficProfile& t, const BandwidthCharge* charge) {
  std::ostringstream s;
  s << "traffic: L=" << t.L << " P=" << t.P << " items 0.." << t.items - 1 << ", " << t.messages
    << " messages over steps 0.." << static_cast<std::int64_t>(t.sends.size()) - 1 << "\n";
  s << "max sends per step " << t.max_sends << " (first at step " << t.busiest_step << "), max in flight "
    << t.max_in_flight << ", max receptions per step " << t.max_receptions << "\n";
  if (charge) {
    s << "global limit m=" << charge->m << ": " << charge->steps_over << " of " << charge->steps_with_sends
      << " sending steps exceed m; linear charge sum f_m(m_t) = " << std::fixed << std::setprecision(2)
      << charge->linear_cost << " (" << (charge->fits() ? "fits" : "exceeds") << ")\n";
  }
  s << " step  sends  in-flight  receptions\n";
  for (size_t i = 0; i < t.sends.size(); ++i)
    s << std::setw(5) << i << std::setw(7) << t.sends[i] << std::setw(11) << t.in_flight[i] << std::setw(12)
      << t.receptions[i] << "\n";
  return s.str();
}

nlohmann::json traffic_json(const TrafficProfile& t, const BandwidthCharge* charge) {
  nlohmann::json j{{"L", t.L},
                   {"P", t.P},
                   {"items", t.items},
                   {"messages", t.messages},
                   {"max_sends", t.max_sends},
                   {"busiest_step", t.busiest_step},
                   {"max_in_flight", t.max_in_flight},
                   {"max_receptions", t.max_receptions},
                   {"sends", t.sends},
                   {"in_flight", t.in_flight},
                   {"receptions", t.receptions}};
  if (charge)
    j["bandwidth"] = {{"m", charge->m},
                      {"steps_with_sends", charge->steps_with_sends},
                      {"steps_over", charge->steps_over},
                      {"linear_cost", charge->linear_cost},
                      {"fits", charge->fits()}};
  return j;
}

}  // namespace blockcast
