// Text and JSON of the k-item schedules (see kbroadcast_schedules.hpp; Karp et al. 1993, Sec. 3.1).
#include "kbroadcast_schedules.hpp"

#include "kbroadcast.hpp"
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

namespace {

// schedule_json without "messages" (millions of entries at P = 10^4, k = 256: building and
// dropping them took 10 s and 700 MB of the `kbroadcast --json` run).
nlohmann::json schedule_summary_json(const KItemSchedule& s) {
  if (s.implicit && s.schedule.messages.empty()) return implicit_schedule_json(s);
  return {{"format", "blockcast-kitem-schedule"}, {"version", 1}, {"blockcast_version", version()}, {"name", s.name}, {"how", s.how}, {"P", s.schedule.P},
          {"L", s.schedule.L}, {"items", s.schedule.items}, {"time", s.time}, {"simulated_ok", s.simulated_ok},
          {"violation", s.violation}};
}

}  // namespace

nlohmann::json schedule_json(const KItemSchedule& s) {
  nlohmann::json j = schedule_summary_json(s);
  if (s.implicit && s.schedule.messages.empty()) return j;
  nlohmann::json m = nlohmann::json::array();
  for (const Message& x : s.schedule.messages) m.push_back({x.send_step, x.recv_step, x.sender, x.receiver, x.item});
  j["messages"] = std::move(m);
  return j;
}

nlohmann::json implicit_schedule_json(const KItemSchedule& s) {
  const CirculantSchedule& c = *s.implicit;
  return {{"format", "blockcast-circulant-schedule"}, {"version", 1}, {"blockcast_version", version()},
          {"name", s.name}, {"how", s.how}, {"P", c.phase.P}, {"L", 1}, {"items", c.k}, {"time", s.time},
          {"simulated_ok", s.simulated_ok}, {"violation", s.violation}, {"checks", s.checks},
          {"form", "implicit"}, {"rounds_per_phase", c.phase.q}, {"skip", c.phase.skip},
          {"skipped_rounds", c.skipped}, {"message_count", c.messages()}};
}

namespace {

// "(= lower bound 17)", "(lower bound 16 + 1, proved optimal by the exact search)" or
// "(lower bound 16 + 2, not proved optimal)".
std::string against_bound(const KitemResult& r) {
  const std::string bound = std::to_string(r.lower_bound);
  if (r.time <= r.lower_bound) return "(= lower bound " + bound + ")";
  const std::string gap = "lower bound " + bound + " + " + std::to_string(r.time - r.lower_bound);
  return "(" + gap + (r.optimal ? ", proved optimal by the exact search)" : ", not proved optimal)");
}

}  // namespace

std::string recommended_line(const KitemResult& r) {
  if (r.time < 0) return "recommended: none (no schedule passed its checks)\n";
  std::string line = "recommended: " + r.method + ", time " + std::to_string(r.time) + " " + against_bound(r);
  const KItemSchedule* b = r.best();
  if (b) line += ", " + std::to_string(b->messages) + " messages";
  // --out writes the schedules kept in the list; a cut held only implicitly is not among them.
  return line + (b ? "; --out DIR writes it as DIR/" + r.method + ".json" : "; " + r.verification) + "\n";
}

std::string kitem_result_text(const KitemResult& r) {
  if (!r.continuous && r.bounds.not_cut.empty() && r.time < 0)
    return "No k-item schedule was found for L = " + std::to_string(r.L) + ", P = " + std::to_string(r.P) +
           ", k = " + std::to_string(r.k) + ": UNKNOWN, " + r.reason + "\n";
  std::string out = kbroadcast_text(r.bounds);
  if (!r.schedules.schedules.empty())
    out += kitem_schedules_text(r.schedules);
  else if (r.time >= 0)  // the cut held implicitly (too large to list)
    out += "  k-item schedules (lower bound " + std::to_string(r.lower_bound) + "):\n    " + r.method + ": time " +
           std::to_string(r.time) + " (lower bound + " + std::to_string(r.time - r.lower_bound) + "); " + r.verification + "\n";
  if (r.time >= 0 && r.verdict == Verdict::unknown) out += r.reason + "\n";
  return out + recommended_line(r);
}

nlohmann::json kitem_result_json(const KitemResult& r) {
  nlohmann::json j = kbroadcast_json(r.bounds);
  j["format"] = "blockcast-kbroadcast";
  j["verdict"] = to_string(r.verdict);
  j["reason"] = r.reason;
  j["seconds"] = r.seconds;
  j["method"] = r.method;
  j["time"] = r.time;
  j["optimal"] = r.optimal;
  j["schedules"] = nlohmann::json::array();
  for (const auto& s : r.schedules.schedules) j["schedules"].push_back(schedule_summary_json(s));
  j["best_time"] = r.time;
  j["notes"] = r.schedules.notes;
  j["time_limit_reached"] = r.time_limit_reached;
  j["candidates"] = nlohmann::json::array();
  for (const KItemAttempt& a : r.candidates)
    j["candidates"].push_back({{"method", a.method}, {"time", a.time}, {"seconds", a.seconds}, {"stopped", a.stopped}});
  // "schedule" is the best schedule itself, so that check, simulate, export and mpi-run take
  // this document (for its own k); the cut's replay summary is "cut_replay".
  if (j.contains("schedule")) j["cut_replay"] = std::move(j["schedule"]), j.erase("schedule");
  if (const KItemSchedule* best = r.best(); best && best->implicit && best->schedule.messages.empty())
    j["schedule"] = implicit_schedule_json(*best);
  else if (best && best->messages <= kMaxInlineMessages)
    j["schedule"] = schedule_json(*best);
  return j;
}

}  // namespace blockcast
