// Periodic continuous-broadcast schedules: expansion, the pattern check and the file format
// (periodic_schedule.hpp).
#include "periodic_schedule.hpp"

#include <algorithm>

#include "checked.hpp"
#include "json_fields.hpp"
#include "postal.hpp"
#include "version.hpp"

namespace blockcast {

namespace {

using nlohmann::json;

constexpr int kMaxPeriodicP = 1 << 16;  // the periodic search stops far below (docs/shapes.md)
constexpr int kMaxPeriod = 1 << 10;
constexpr int kMaxOffset = 1 << 20;

int residue(std::int64_t x, int p) { return static_cast<int>(((x % p) + p) % p); }

std::string message_text(const PeriodicMessage& m) {
  return "(" + std::to_string(m.sender) + " -> " + std::to_string(m.receiver) + ", class " +
         std::to_string(m.item_class) + ", offset " + std::to_string(m.offset) + ")";
}

// Receptions: every processor 1..P-1 gets every class exactly once, in time. Fills the
// offset at which each (processor, class) is received.
std::optional<std::string> check_receptions(const PeriodicSchedule& ps, std::vector<int>& received) {
  received.assign(static_cast<std::size_t>(ps.P) * ps.period, -1);
  for (const PeriodicMessage& m : ps.messages) {
    int& r = received[static_cast<std::size_t>(m.receiver) * ps.period + m.item_class];
    if (r >= 0)
      return "processor " + std::to_string(m.receiver) + " receives class " + std::to_string(m.item_class) + " twice";
    r = m.offset + ps.L;
    if (r > ps.delay)
      return "message " + message_text(m) + " arrives " + std::to_string(r) +
             " steps after the item's creation, past the delay " + std::to_string(ps.delay);
  }
  for (int b = 1; b < ps.P; ++b)
    for (int c = 0; c < ps.period; ++c)
      if (received[static_cast<std::size_t>(b) * ps.period + c] < 0)
        return "processor " + std::to_string(b) + " never receives class " + std::to_string(c);
  return std::nullopt;
}

// One send and one reception per processor and step: two messages of one processor at the
// same residue of (item + offset) modulo p meet at some step for some pair of items.
std::optional<std::string> check_ports(const PeriodicSchedule& ps) {
  std::vector<int> sends(static_cast<std::size_t>(ps.P) * ps.period, -1), recvs(sends.size(), -1);
  for (std::size_t i = 0; i < ps.messages.size(); ++i) {
    const PeriodicMessage& m = ps.messages[i];
    int& s = sends[static_cast<std::size_t>(m.sender) * ps.period + residue(m.item_class + m.offset, ps.period)];
    if (s >= 0)
      return "processor " + std::to_string(m.sender) +
             " sends two messages at one step: " + message_text(ps.messages[s]) + " and " + message_text(m);
    s = static_cast<int>(i);
    int& r =
        recvs[static_cast<std::size_t>(m.receiver) * ps.period + residue(m.item_class + m.offset + ps.L, ps.period)];
    if (r >= 0)
      return "processor " + std::to_string(m.receiver) +
             " receives two messages at one step: " + message_text(ps.messages[r]) + " and " + message_text(m);
    r = static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace

Schedule expand_periodic(const PeriodicSchedule& ps, std::int64_t items) {
  Schedule s;
  s.P = ps.P, s.L = ps.L, s.items = static_cast<std::int32_t>(items), s.expected_delay = ps.delay;
  s.messages.reserve(static_cast<std::size_t>(
      checked_mul(items, static_cast<std::int64_t>(ps.messages.size())) / ps.period + ps.messages.size()));
  for (std::int64_t i = 0; i < items; ++i)
    for (const PeriodicMessage& m : ps.messages)
      if (i % ps.period == m.item_class)
        s.messages.push_back(Message{
            static_cast<std::int32_t>(i + m.offset), static_cast<std::int32_t>(i + m.offset + ps.L),
            static_cast<std::int32_t>(m.sender), static_cast<std::int32_t>(m.receiver), static_cast<std::int32_t>(i)});
  std::sort(s.messages.begin(), s.messages.end(), [](const Message& x, const Message& y) {
    return x.send_step != y.send_step ? x.send_step < y.send_step : x.sender < y.sender;
  });
  return s;
}

std::int64_t periodic_window(const PeriodicSchedule& ps) { return 3 * static_cast<std::int64_t>(ps.period) + ps.delay; }

std::optional<std::string> check_periodic(const PeriodicSchedule& ps) {
  for (const PeriodicMessage& m : ps.messages)
    if (m.sender == m.receiver || m.receiver == 0 || m.item_class >= ps.period || m.offset < 0)
      return "message " + message_text(m) +
             " is not a message of the pattern (receiver 1..P-1, another sender, class < period, offset >= 0)";
  std::vector<int> received;
  if (auto err = check_receptions(ps, received)) return err;
  // A processor forwards a class only once it holds it: item i arrives at i + r and leaves at i + o.
  for (const PeriodicMessage& m : ps.messages)
    if (m.sender != 0 && received[static_cast<std::size_t>(m.sender) * ps.period + m.item_class] > m.offset)
      return "processor " + std::to_string(m.sender) + " sends class " + std::to_string(m.item_class) + " at offset " +
             std::to_string(m.offset) + " before receiving it (offset " +
             std::to_string(received[static_cast<std::size_t>(m.sender) * ps.period + m.item_class]) + ")";
  return check_ports(ps);
}

json to_json(const PeriodicSchedule& ps) {
  json m = json::array();
  for (const PeriodicMessage& x : ps.messages) m.push_back({x.sender, x.receiver, x.item_class, x.offset});
  return {{"format", "blockcast-periodic-schedule"},
          {"version", 1},
          {"blockcast_version", version()},
          {"L", ps.L},
          {"P", ps.P},
          {"period", ps.period},
          {"delay", ps.delay},
          {"messages", std::move(m)}};
}

PeriodicSchedule periodic_schedule_from_json(const json& j, const std::string& where) {
  using namespace json_fields;
  PeriodicSchedule ps;
  ps.L = static_cast<int>(integer(j, "L", 1, kMaxLatency, where));
  ps.P = static_cast<int>(integer(j, "P", 2, kMaxPeriodicP, where));
  ps.period = static_cast<int>(integer(j, "period", 1, kMaxPeriod, where));
  ps.delay = static_cast<int>(integer(j, "delay", ps.L, kMaxOffset, where));
  if (!j.contains("messages") || !j["messages"].is_array())
    throw InputError(where + ": field 'messages' must be an array");
  const json& m = j["messages"];
  if (static_cast<std::int64_t>(m.size()) > static_cast<std::int64_t>(ps.P) * ps.period)
    throw InputError(where + ": more messages than (P - 1) receptions of each of the " + std::to_string(ps.period) +
                     " classes");
  for (const json& x : m) {
    if (!x.is_array() || x.size() != 4)
      throw InputError(where + ": each message must be [sender, receiver, item_class, offset]");
    auto v = [&](int i, std::int64_t hi, const char* what) {
      return static_cast<int>(integer_value(x[static_cast<std::size_t>(i)], 0, hi, where + " message " + what));
    };
    ps.messages.push_back({v(0, ps.P - 1, "sender"), v(1, ps.P - 1, "receiver"), v(2, ps.period - 1, "item_class"),
                           v(3, ps.delay, "offset")});
  }
  return ps;
}

}  // namespace blockcast
