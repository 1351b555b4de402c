// Text and JSON of the k-item schedules (see kbroadcast_schedules.hpp; Karp et al. 1993, Sec. 3.1).
#include "kbroadcast_schedules.hpp"
#include "version.hpp"

namespace blockcast {

std::string kitem_schedules_text(const KItemSchedules& ks) {
  // A schedule held only implicitly is checked as its line says (structurally, streamed).
  bool implicit = false;
  for (const auto& s : ks.schedules) implicit = implicit || (s.implicit && s.schedule.messages.empty());
  std::string out = std::string("  k-item schedules (") +
                    (implicit ? "each checked as its line says" : "each replayed by the simulator") + "; lower bound " +
                    std::to_string(ks.lower_bound) + "):\n";
  for (const auto& s : ks.schedules) {
    out += "    " + s.name + ": ";
    if (!s.simulated_ok)
      out += (s.implicit ? "FAILS " : "FAILS the simulator: ") + s.violation;  // circulant: names the check
    else
      out += "time " + std::to_string(s.time) + " (" +
             (s.time == ks.lower_bound ? std::string("= lower bound") : "lower bound + " + std::to_string(s.time - ks.lower_bound)) +
             "), " + std::to_string(s.messages) + " messages; " + s.how + (s.checks.empty() ? "" : "; " + s.checks);
    out += "\n";
  }
  for (const auto& n : ks.notes) out += "    note: " + n + "\n";
  return out;
}

nlohmann::json schedule_json(const KItemSchedule& s) {
  if (s.implicit && s.schedule.messages.empty()) return implicit_schedule_json(s);
  nlohmann::json m = nlohmann::json::array();
  for (const Message& x : s.schedule.messages) m.push_back({x.send_step, x.recv_step, x.sender, x.receiver, x.item});
  return {{"format", "blockcast-kitem-schedule"}, {"version", 1}, {"blockcast_version", version()}, {"name", s.name}, {"how", s.how}, {"P", s.schedule.P},
          {"L", s.schedule.L}, {"items", s.schedule.items}, {"time", s.time}, {"simulated_ok", s.simulated_ok},
          {"violation", s.violation}, {"messages", m}};
}

nlohmann::json implicit_schedule_json(const KItemSchedule& s) {
  const CirculantSchedule& c = *s.implicit;
  return {{"format", "blockcast-circulant-schedule"}, {"version", 1}, {"blockcast_version", version()},
          {"name", s.name}, {"how", s.how}, {"P", c.phase.P}, {"L", 1}, {"items", c.k}, {"time", s.time},
          {"simulated_ok", s.simulated_ok}, {"violation", s.violation}, {"checks", s.checks},
          {"form", "implicit"}, {"rounds_per_phase", c.phase.q}, {"skip", c.phase.skip},
          {"skipped_rounds", c.skipped}, {"message_count", c.messages()}};
}

}  // namespace blockcast
