// Rendering the `rank-program` run (search/kitem/rank_program_run.hpp; engine/per_rank.hpp) for
// `blockcast rank-program`: the outcome whose envelope is --json (format
// blockcast-rank-program, docs/library.md: the window and the program) and the text, one
// line per step. Renders only: never checks or computes.
#pragma once
#include <string>

#include "kitem/rank_program_run.hpp"  // the run, reached by the CLI through this header
#include "outcome.hpp"

namespace blockcast {

// REJECTED with the reason and no fields, or the window and the program.
Outcome rank_program_outcome(const RankProgramResult& r);
// "FAIL: <reason>" when rejected; else the header and one line per step.
std::string rank_program_text(const RankProgramResult& r);

}  // namespace blockcast
