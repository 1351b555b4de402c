// The `rank-program` run (request -> run -> result): what one rank does in a schedule, each
// step's send (to whom, which item) and receive (from whom, which item). The schedule is any
// file blockcast writes (engine/schedule_json.hpp) and is checked first: an assignment
// symbolically (SPEC Sec. 4), an explicit schedule by the simulator, the L = 1 circulant
// schedule rebuilt and checked (kitem/schedules.hpp); then the program of the one rank is
// computed (engine/per_rank.hpp) without expanding the schedule of all P ranks.
// Rendering is reports/rank_program.hpp's.
#pragma once
#include <blockcast/program.hpp>
#include <optional>
#include <string>
#include <utility>

#include "checked.hpp"
#include "outcome.hpp"

namespace blockcast {

struct RankProgramRequest {
  std::string file;  // schedule JSON ("-" = stdin)
  i64 rank = 0;
  i64 k = 0;  // cut after k items (0: an explicit schedule's all, a block-cyclic one's window)
  std::optional<std::pair<i64, i64>> steps;  // block-cyclic only: steps A..B of the endless schedule
};

struct RankProgramResult {
  Verdict verdict = Verdict::done;  // rejected: the schedule failed its check (reason says why)
  std::string reason;
  double seconds = 0;                       // measured
  std::string window;                       // which part of the schedule the program covers, and its check
  std::optional<api::RankProgram> program;  // unless rejected
};

// InputError (one line) for a file that is no schedule or options that do not fit it.
RankProgramResult run_rank_program(const RankProgramRequest& request);

}  // namespace blockcast
