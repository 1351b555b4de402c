// The plan run (docs/mpi-plan.md): from a machine (P, bytes, LogGP or alpha-beta) to the
// postal model. Enumerates every family (families.hpp) over the segment counts K of
// segment_grid and the latencies L = 1..max_useful_latency (loggp.hpp), predicts
// T(L, P, K) * tau(L) for each, builds and checks the schedule of the smallest prediction
// (plan_build.hpp) and reports its real steps; if that schedule cannot be built within the
// time limit, or its real steps lose to the next candidate's prediction, the next one is
// built. The whole call stays under request.time_limit (engine/limits.hpp deadline).
// reports/plan.hpp renders the result; api/plan.cpp is the public face.
#pragma once
#include <blockcast/plan.hpp>
#include <string>

namespace blockcast {

// InputError (one line) on bad input: P < 1 or above 10^7, bytes < 0, a network parameter
// negative or not finite, an unknown family, max_segments < 0, a negative or NaN time_limit.
void check_plan_request(const api::PlanRequest& request);

api::Plan run_plan(const api::PlanRequest& request);

// plan_schedule: the plan's own text, or for a plan read back from JSON the cut rebuilt.
std::string plan_schedule_text(const api::Plan& plan);

}  // namespace blockcast
