// Exports of explicit schedules (engine/schedule.hpp) for other tools:
// - GOAL, the text schedule format of the LogGOPSim simulator (spcl/LogGOPSim, txt2bin):
//   `num_ranks N`, then `rank R { ... }` with labelled `send 1b to X tag T` /
//   `recv 1b from X tag T` operations and `lA requires lB` dependencies. One rank per
//   processor (rank 0 is the source), tag = item number. Each rank's sends are chained in
//   schedule order and a forwarding send also requires the receive that brought its item,
//   so LogGOPSim with -L <L> -o 0 -g 1 -G 0 -O 0 replays the postal-model schedule.
// - CSV: one line per message, `step,sender,receiver,item` (step = send step; the message
//   arrives L steps later), header line first, ordered by step then sender.
#pragma once
#include <string>

#include "schedule.hpp"

namespace blockcast {

std::string goal_export(const Schedule& s);
std::string csv_export(const Schedule& s);

}  // namespace blockcast
