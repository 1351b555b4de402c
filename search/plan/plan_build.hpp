// The plan's schedule for the chosen (family, L, K): built, checked, and turned into the
// compact text the other ranks get and into one rank's program (docs/mpi-plan.md,
// "Schedules"). Every schedule the plan returns was checked here:
//  - circulant: the structural check of one phase (engine/kitem/circulant_check.hpp, which
//    proves every item) and, when the deadline leaves room, the streaming replay
//    (engine/kitem/stream_simulator.hpp); ranks compute their part alone (circulant_rank.hpp);
//  - kitem: the continuous schedule passed the symbolic checker (best_schedule); when
//    (P-1) K <= kMaxPlanListedMessages the k-item run of kbroadcast (search/kitem/schedules.hpp:
//    cut, then the endgames) replays it in the simulator and may beat the cut; the text is
//    the assignment JSON to cut or the explicit schedule JSON of the endgame;
//  - tree and baselines: the explicit schedule replayed by engine/simulator.hpp; ranks
//    rebuild it (deterministic) and keep their messages.
#pragma once
#include <blockcast/plan.hpp>
#include <cstdint>
#include <string>

#include "limits.hpp"

namespace blockcast {

// Explicit k-item schedules above this many messages are not listed for the other ranks
// (their JSON would be megabytes); the cut of the continuous schedule is sent instead.
inline constexpr std::int64_t kMaxPlanListedMessages = 1 << 18;

struct BuiltSchedule {
  std::int64_t steps = 0;    // last reception step of the checked schedule
  std::string method;        // "circulant", "cut", "colored-endgame", ..., "tree", a baseline
  std::string schedule;      // plan_schedule's text ("" where ranks compute their part alone)
  std::string verification;  // the checks it passed
  std::string note;          // what was not tried and why (limits), else ""
};

// P >= 2, K >= 1. Throws InputError or std::runtime_error when the schedule cannot be built
// within `limits` (kitem: no continuous schedule before the deadline), std::logic_error when
// a check rejects it (never seen).
BuiltSchedule build_schedule(const std::string& family, int L, std::int64_t P, std::int64_t K, const Limits& limits);

// One rank's program (plan_rank_program): InputError for a bad rank or a schedule text that
// does not belong to the plan.
api::RankProgram plan_program(const api::Plan& plan, const std::string& schedule, std::int64_t rank);

}  // namespace blockcast
