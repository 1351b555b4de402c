// Replay of an assignment's explicit schedule without storing it (the witness
// replay dominated blockcast's run time on mid-size instances; SPEC Sec. 1-2). The
// expansion hands each send step's messages (engine/expand.hpp) to the simulator's single
// pass (engine/simulator.hpp) and forgets them: a step's batch stays in cache instead of a
// 25 MB list. The simulator still sees every message explicitly and checks every rule.
#pragma once
#include "assignment.hpp"
#include "simulator.hpp"

namespace blockcast {

// The result of simulate(expand_assignment(a, k)), always: if the stream leaves the
// single-pass shape (e.g. a negative step), the schedule is expanded again, stored and
// replayed by the general path. Throws what expand_assignment throws.
SimulationResult simulate_assignment(const Assignment& a, i64 k);

}  // namespace blockcast
