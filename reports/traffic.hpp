// Per-step traffic of an explicit schedule, to judge it under a global bandwidth limit m
// (Adler et al. 1997, Sec. 2, BSP(m)/PRAM(m): the network accepts at most m message sends per step;
// a step with m_t > m sends costs f_m(m_t) >= m_t/m instead of 1). The postal model itself
// only limits each processor (one send, one reception per step).
//
// Per step s: sends (send_step = s), receptions (recv_step = s) and messages in flight
// (sent at or before s, received after s: send_step <= s < recv_step, so each message is in
// flight for L steps).
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

struct TrafficProfile {
  int L = 0;
  std::int64_t P = 0;
  std::int32_t items = 0;
  std::int64_t messages = 0;
  std::vector<std::int64_t> sends, receptions, in_flight;  // index = step 0..last reception
  std::int64_t max_sends = 0, max_receptions = 0, max_in_flight = 0;
  std::int64_t busiest_step = 0;  // first step with max_sends
};

// Cost of the schedule's steps under limit m with the linear charge f_m(m_t) = max(1, m_t/m)
// for m_t > 0 (Adler et al.'s (1997) lower-bound charge; 0 for steps without sends).
struct BandwidthCharge {
  std::int64_t m = 0;
  std::int64_t steps_with_sends = 0;
  std::int64_t steps_over = 0;  // m_t > m
  double linear_cost = 0;       // sum over steps of f_m(m_t)
  bool fits() const { return steps_over == 0; }
};

TrafficProfile traffic_profile(const Schedule& s);
BandwidthCharge bandwidth_charge(const TrafficProfile& t, std::int64_t m);  // InputError if m < 1

std::string traffic_text(const TrafficProfile& t, const BandwidthCharge* charge);
nlohmann::json traffic_json(const TrafficProfile& t, const BandwidthCharge* charge);

}  // namespace blockcast
