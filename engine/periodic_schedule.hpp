// A periodic continuous-broadcast schedule (SPEC Sec. 2; Karp, Sahay, Santos and Schauser
// 1993 Sec. 3.2): item i, created at the source (processor 0) at step i, is broadcast by the
// messages of its class c = i mod p, each shifted by i steps: a message (a, b, c, o) sends
// every item i = c (mod p) from a to b at step i + o, received at i + o + L. Block-cyclic
// schedules are periodic; periodic schedules of other forms reach delays block-cyclic ones
// cannot (L = 4, P = 8: period 5 at delay 12 against 13).
//
// The schedule holds infinitely many items, so it is checked as a pattern, for every item at
// once (check_periodic), and replayed for a window of items by the independent simulator
// (expand_periodic + engine/simulator.hpp). File: "blockcast-periodic-schedule"
// (docs/assignment-format.md), written by `solve --json` when a periodic schedule is its best.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

struct PeriodicMessage {
  int sender = 0, receiver = 0, item_class = 0, offset = 0;  // send step = item + offset
  friend bool operator==(const PeriodicMessage&, const PeriodicMessage&) = default;
};

struct PeriodicSchedule {
  int L = 0, P = 0, period = 0,
      delay = 0;  // delay: what the schedule claims (every item's last reception - its creation)
  std::vector<PeriodicMessage> messages;
  friend bool operator==(const PeriodicSchedule&, const PeriodicSchedule&) = default;
};

// The explicit schedule of items 0..items-1, ordered by send step then sender.
Schedule expand_periodic(const PeriodicSchedule& ps, std::int64_t items);
// Items replayed when a caller names none: three periods past the longest item's delay, so
// that every residue of every processor's sends and receptions meets every other.
std::int64_t periodic_window(const PeriodicSchedule& ps);

// The pattern's rules, which hold for every item exactly when they hold for the classes:
// every processor 1..P-1 receives every class exactly once, no later than `delay` after the
// item's creation; a processor other than the source sends a class only after receiving it;
// no processor sends (receives) two messages at one step, i.e. at one residue of
// item + offset (+ L) modulo p. nullopt = valid, else the first broken rule.
std::optional<std::string> check_periodic(const PeriodicSchedule& ps);

// {"format": "blockcast-periodic-schedule", "version": 1, "blockcast_version", "L", "P",
//  "period", "delay", "messages": [[sender, receiver, item_class, offset], ...]}
nlohmann::json to_json(const PeriodicSchedule& ps);
// Every field checked (engine/json_fields.hpp); InputError naming `where` otherwise.
PeriodicSchedule periodic_schedule_from_json(const nlohmann::json& j, const std::string& where);

}  // namespace blockcast
