// JSON form of a fat-tree schedule (Dimakopoulos and Dimopoulos 1995, SPEC Sec. 9): the witness that `fattree search
// --json` writes and `fattree plot` reads back (docs/fattree.md). One object per injection:
//   {"step": t, "src": leaf, "dst": leaf | "all" | [leaf, ...], "payload": p, "hops": [t, ...]}
// with "hops" (the step of each hop of a unicast packet, a store-and-forward schedule) given
// for every injection or for none. Reader and writer live here so that they round-trip.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "fattree/schedule.hpp"
#include "fattree/simulator.hpp"
#include "fattree/tree.hpp"

namespace blockcast::fattree {

nlohmann::json injections_json(const Schedule& S);

// The schedule of `op` on T whose injections `arr` lists; its required deliveries are the
// operation's (root leaf 0). InputError naming `where` for a malformed field or a schedule
// that schedule_error() rejects.
Schedule schedule_from_json(const nlohmann::json& arr, const FatTree& T, Op op, const std::string& where);

// Why the simulator's replay of S on T does not finish within `steps` steps with at most
// `queue_bound` packets waiting at a routing node (-1: unbounded, 0: queue-free), or "".
// `check` receives the replay. The one acceptance test of a search's witness.
std::string replay_error(const FatTree& T, const Schedule& S, std::int64_t steps, std::int64_t queue_bound,
                         SimResult* check = nullptr);

}  // namespace blockcast::fattree
