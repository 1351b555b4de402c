// Reading any schedule blockcast writes, so every output that holds a schedule chains into
// every command that takes one (check, simulate, export, draw, traffic, reception, mpi-run):
//  - a block-cyclic assignment ("blockcast-assignment", docs/assignment-format.md), alone or
//    inside an outcome envelope under "schedule" or "witness" (solve --json, mpi-run --json);
//  - an explicit schedule: every message of a window of items ("blockcast-schedule", and the
//    k-item files "blockcast-kitem-schedule" of kbroadcast --out / continuous-search --json);
//  - a periodic schedule ("blockcast-periodic-schedule", solve --json when it is the best).
// Anything else is a one-line InputError naming the format it saw and what reads it.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "assignment.hpp"
#include "periodic_schedule.hpp"
#include "schedule.hpp"

namespace blockcast {

// The L = 1 circulant k-item schedule of a "blockcast-circulant-schedule" file (kbroadcast
// --out): rebuilt from (P, k) by engine/kitem/circulant.hpp, never read message by message.
struct CirculantInput {
  std::int64_t P = 0, k = 0;
};

struct ScheduleInput {
  std::string format;                    // the format found ("blockcast-assignment", ...)
  std::optional<Assignment> assignment;  // block-cyclic: expands to any number of items
  std::optional<Schedule> explicit_;     // explicit: exactly its items (also a circulant
                                         // schedule of at most kExplicitCirculantLimit messages)
  std::optional<CirculantInput> circulant;  // a circulant file (with explicit_ when small)
  std::optional<PeriodicSchedule> periodic;  // periodic: expands to any number of items
};

// `where` names the input in messages (a file name). `command` names the reader in the
// error for a document that holds no schedule. A circulant schedule too large to list is an
// InputError unless the command takes it per rank (`implicit_ok`: rank-program, mpi-run).
ScheduleInput schedule_from_json(const nlohmann::json& j, const std::string& where, const std::string& command,
                                 bool implicit_ok = false);
// A solve answer's block-cyclic part (its "block_cyclic" object, which holds the assignment
// under "schedule") when the document has one, else the document itself: the readers that
// need a block-cyclic assignment (kbroadcast --assignment, the library's read_continuous)
// take it even where the answer's best schedule is periodic.
const nlohmann::json& block_cyclic_document(const nlohmann::json& j);
// read_json_file, with "-" = standard input (same size bound).
nlohmann::json read_json_input(const std::string& path);
ScheduleInput read_schedule_input(const std::string& path, const std::string& command, bool implicit_ok = false);

// JSON of an explicit schedule: {"format": "blockcast-schedule", "version": 1,
// "blockcast_version", "L", "P", "items", "delay", "messages": [[send, recv, sender,
// receiver, item], ...]}.
nlohmann::json to_json(const Schedule& s);
// The first k items of an explicit schedule (its messages of items < k); k = 0 keeps all.
// InputError naming `where` if it holds fewer than k items.
Schedule first_items(Schedule s, std::int64_t k, const std::string& where);
Schedule explicit_schedule_from_json(const nlohmann::json& j, const std::string& where);

}  // namespace blockcast
