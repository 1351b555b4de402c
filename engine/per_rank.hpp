// Per-rank programs: what one processor sends and receives, in the public
// value type blockcast::api::RankProgram (include/blockcast/program.hpp).
//
// From an explicit schedule the program is a filter over its messages. From a block-cyclic
// assignment it is computed for the one rank alone, without expanding the schedule
// (O(block types) per message instead of O(P) per step), by counting, in the layout of
// engine/expand.hpp (SPEC Sec. 2-4; Karp et al. 1993, Sec. 3.2): for an item i and an offset o (send
// step i + o), the senders are the source (o = 0) and the holder of i in every block whose
// sending slots cover o, in block order; the receivers are the processors whose phase at step
// i + o + L holds letter T - o, in processor-id order (the receive-only processor last); the
// n-th sender sends to the n-th receiver. So a rank's peer is found from prefix counts over the
// block types. The tests compare it with the filtered expansion on every assignment they build.
#pragma once
#include <blockcast/program.hpp>
#include <nlohmann/json.hpp>

#include "assignment.hpp"
#include "schedule.hpp"

namespace blockcast {

// The messages of `rank` in an explicit schedule. InputError if rank is not in 0..P-1.
api::RankProgram schedule_program(const Schedule& s, i64 rank);

// The program of `rank` in the schedule of items 0..k-1 that expand_assignment(a, k) writes
// (the continuous schedule cut after k items): the same messages, computed for one rank.
// The assignment must be consistent (check_assignment passed). InputError for a bad rank or k.
api::RankProgram assignment_program(const Assignment& a, i64 rank, i64 k);

// The program of `rank` in the endless continuous schedule for send and arrival steps in
// [first_step, first_step + steps): every item >= 0. InputError for a bad rank or window.
api::RankProgram assignment_window(const Assignment& a, i64 rank, i64 first_step, i64 steps);

// {"format": "blockcast-rank-program", "version": 1, "blockcast_version", "rank", "L",
// "fields": ["step", "peer", "item"], "sends": [[step, peer, item], ...], "recvs": [...]}
// (docs/library.md): sends at their send step, receives at their arrival step.
nlohmann::json to_json(const api::RankProgram& p);

}  // namespace blockcast
