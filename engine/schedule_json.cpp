// Reading any schedule blockcast writes (schedule_json.hpp). Every field is checked by
// engine/json_fields.hpp, so a damaged file is a one-line InputError, never a wrong answer.
#include "schedule_json.hpp"

#include <iostream>
#include <iterator>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "expand.hpp"
#include "json_fields.hpp"
#include "kitem/circulant.hpp"
#include "outcome.hpp"
#include "postal.hpp"

namespace blockcast {

using nlohmann::json;

namespace {
constexpr const char* kExplicit = "blockcast-schedule";
constexpr const char* kKItem = "blockcast-kitem-schedule";
constexpr const char* kAssignment = "blockcast-assignment";
constexpr const char* kCirculant = "blockcast-circulant-schedule";
constexpr const char* kPeriodic = "blockcast-periodic-schedule";

std::string format_of(const json& j) {
  if (!j.is_object()) return j.is_array() ? "a JSON array" : "a JSON value";
  if (j.contains("format") && j["format"].is_string()) return j["format"].get<std::string>();
  if (j.contains("blocks")) return kAssignment;  // files written before the envelope
  return "JSON without a \"format\" field";
}

// A document (or a report's "schedule"/"witness" field) that is a schedule of a form the
// readers take, not a summary of one (kbroadcast's replay of the cut has no format).
bool holds_schedule(const json& j) {
  if (!j.is_object()) return false;
  const std::string f = format_of(j);
  return f == kAssignment || f == kExplicit || f == kKItem || f == kCirculant || f == kPeriodic;
}
}  // namespace

json to_json(const Schedule& s) {
  json m = json::array();
  for (const Message& x : s.messages) m.push_back({x.send_step, x.recv_step, x.sender, x.receiver, x.item});
  json j = envelope(kExplicit);
  j.update({{"L", s.L}, {"P", s.P}, {"items", s.items}, {"delay", s.expected_delay}, {"messages", m}});
  return j;
}

Schedule explicit_schedule_from_json(const json& j, const std::string& where) {
  using namespace json_fields;
  Schedule s;
  s.L = static_cast<int>(integer(j, "L", 1, kMaxLatency, where));
  s.P = integer(j, "P", 2, 1 << 30, where);
  s.items = static_cast<std::int32_t>(integer(j, "items", 1, 1 << 30, where));
  s.expected_delay = opt_integer(j, "delay", 0, 1 << 30, where).value_or(0);
  if (!j.contains("messages") || !j["messages"].is_array())
    throw InputError(where + ": field 'messages' must be an array");
  const json& m = j["messages"];
  if (static_cast<i64>(m.size()) > kMaxScheduleEvents)
    throw InputError(where + ": more than " + std::to_string(kMaxScheduleEvents) + " messages");
  s.messages.reserve(m.size());
  for (const json& x : m) {
    if (!x.is_array() || x.size() != 5)
      throw InputError(where + ": each message must be [send_step, recv_step, sender, receiver, item]");
    auto v = [&](int i, i64 hi, const char* what) {
      return static_cast<std::int32_t>(integer_value(x[static_cast<std::size_t>(i)], 0, hi, where + " message " + what));
    };
    const i64 P = s.P - 1;
    s.messages.push_back({v(0, 1 << 30, "send_step"), v(1, 1 << 30, "recv_step"), v(2, P, "sender"),
                          v(3, P, "receiver"), v(4, s.items - 1, "item")});
  }
  return s;
}

Schedule first_items(Schedule s, std::int64_t k, const std::string& where) {
  if (k == 0 || k == s.items) return s;
  if (k > s.items)
    throw InputError("--k " + std::to_string(k) + ": '" + where + "' holds " + std::to_string(s.items) + " items");
  std::erase_if(s.messages, [k](const Message& m) { return m.item >= k; });
  s.items = static_cast<std::int32_t>(k);
  return s;
}

namespace {

// A circulant file names its schedule by (P, k); it is rebuilt, never read message by message.
ScheduleInput circulant_from_json(const json& j, const std::string& where, const std::string& command,
                                  bool implicit_ok) {
  using namespace json_fields;
  if (integer(j, "L", 1, 1, where) != 1) throw InputError(where + ": a circulant schedule has L = 1");
  const CirculantInput c{integer(j, "P", 2, INT32_MAX, where), integer(j, "items", 1, 1 << 30, where)};
  ScheduleInput in{kCirculant, std::nullopt, std::nullopt, c, std::nullopt};
  if (c.P - 1 <= kExplicitCirculantLimit / c.k)
    in.explicit_ = circulant_schedule(c.P, c.k);
  else if (!implicit_ok)
    throw InputError("'" + where + "' holds a circulant schedule of " + std::to_string(c.P - 1) + " x " +
                     std::to_string(c.k) + " messages, too many to list for " + command +
                     " (limit " + std::to_string(kExplicitCirculantLimit) + "); rank-program and mpi-run take it per rank");
  return in;
}

}  // namespace

ScheduleInput schedule_from_json(const json& j, const std::string& where, const std::string& command,
                                 bool implicit_ok) {
  const std::string f = format_of(j);
  if (f == kAssignment) return {f, assignment_from_json(j), std::nullopt, std::nullopt, std::nullopt};
  if (f == kExplicit || f == kKItem)
    return {f, std::nullopt, explicit_schedule_from_json(j, where), std::nullopt, std::nullopt};
  if (f == kCirculant) return circulant_from_json(j, where, command, implicit_ok);
  if (f == kPeriodic) {
    return {f, std::nullopt, std::nullopt, std::nullopt, periodic_schedule_from_json(j, where)};
  }
  if (j.is_object())
    for (const char* key : {"schedule", "witness"})
      if (j.contains(key) && holds_schedule(j[key])) return schedule_from_json(j[key], where, command, implicit_ok);
  if (j.is_object() && j.contains("results") && j["results"].is_array())  // solve --P 8,1000, several answers
    throw InputError("'" + where + "' holds " + std::to_string(j["results"].size()) + " answers (" + f +
                     " for several P), not one schedule: " + command + " reads one; run the command with one --P");
  if (f == "blockcast-kbroadcast")  // its best schedule was too large to inline (reports/kbroadcast_schedules.hpp)
    throw InputError("'" + where + "' holds a blockcast-kbroadcast report without its schedule (too many messages to "
                     "inline): write the schedules with `kbroadcast --out DIR` and give " + command + " DIR/<name>.json");
  throw InputError("'" + where + "' holds " + f + ", not a schedule: " + command +
                   " reads blockcast-assignment (solve, table --cells, conjecture --out), blockcast-periodic-schedule "
                   "(solve) or blockcast-schedule / blockcast-kitem-schedule / blockcast-circulant-schedule (kbroadcast, "
                   "continuous-search --json)");
}

const json& block_cyclic_document(const json& j) {
  if (j.is_object() && j.contains("block_cyclic") && j["block_cyclic"].is_object() && j["block_cyclic"].contains("schedule"))
    return j["block_cyclic"];
  return j;
}

json read_json_input(const std::string& path) {
  if (path != "-") return read_json_file(path);
  std::string text;
  char buf[1 << 16];
  while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > kMaxJsonBytes)
      throw InputError("standard input is larger than " + std::to_string(kMaxJsonBytes >> 20) + " MiB: not a blockcast JSON file");
  }
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    throw InputError(std::string("malformed JSON on standard input: ") + e.what());
  }
}

ScheduleInput read_schedule_input(const std::string& path, const std::string& command, bool implicit_ok) {
  return schedule_from_json(read_json_input(path), path == "-" ? "standard input" : path, command, implicit_ok);
}

}  // namespace blockcast
