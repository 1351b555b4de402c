// Exports of explicit schedules (engine/schedule.hpp) for other tools:
// - GOAL, the text schedule format of the LogGOPSim simulator (spcl/LogGOPSim, txt2bin):
//   `num_ranks N`, then `rank R { ... }` with labelled `send Sb to X tag T` /
//   `recv Sb from X tag T` operations and `lA requires lB` dependencies. One rank per
//   processor (rank 0 is the source), tag = item number. Each rank's sends are chained in
//   schedule order and a forwarding send also requires the receive that brought its item,
//   so LogGOPSim with -L <L> -o 0 -g 1 -G 0 -O 0 replays the postal-model schedule.
// - CSV: one line per message, `step,sender,receiver,item` (step = send step; the message
//   arrives L steps later), header line first, ordered by step then sender; with item sizes
//   a fifth column `bytes`.
// Item sizes: by default every message is 1 byte (S = 1), the postal model's unit message;
// given sizes are the segments of a real message, item i carrying segment i.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

// Bytes of item i's messages at [i]; empty: 1 byte each, the exports as they always were.
using ItemBytes = std::vector<std::int64_t>;

// The segments of a message cut into `items` items. `bytes` N > 0 alone: item i gets
// floor(N/k) or ceil(N/k) bytes, the ceil ones first (so the last is the shorter when they
// differ); `segment_bytes` S > 0 alone: S bytes each; both: S bytes each but the last, which
// gets what is left (N must need exactly k segments of S). Neither: empty. InputError (naming
// the options) if N < k or N needs another number of segments of S.
ItemBytes segment_bytes(std::int64_t items, std::int64_t bytes, std::int64_t segment_bytes);

std::string goal_export(const Schedule& s, const ItemBytes& sizes = {});
std::string csv_export(const Schedule& s, const ItemBytes& sizes = {});

}  // namespace blockcast
