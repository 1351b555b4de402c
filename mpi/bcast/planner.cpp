// The component's planner (planner.hpp) on blockcast's plan API (include/blockcast/plan.hpp):
// the root asks api::plan for the message's exact size and api::plan_schedule
// for the schedule every rank must follow; every rank reads the plan back (api::read_plan
// checks it) and computes its own program (api::plan_rank_program) for its root-relative rank.
#include "planner.hpp"

#include <algorithm>
#include <sstream>

namespace blockcast::bcast {

namespace {

// The most segments a plan of the component may cut a message into (the plan's own cap is
// 4096). Each segment is a message, and a cost per message is what the LogGP fit does not
// see: in SMPI (docs/mpi-smpi.md, "Plan at the exact size") the plan's predictions for K = 128,
// 192, 256 and 384 at P = 16, 1 MiB lie within 3% of each other (164-168 us) and it picks
// K = 384, which simulates at 209 us against 170-173 us for K = 128..256, and whose thousands
// of concurrent small messages make the simulation several times slower in wall time.
constexpr std::int64_t kMaxSegments = 256;

}  // namespace

PlanTexts root_plan(std::int64_t P, std::int64_t bytes, const api::Network& network, double time_limit) {
  api::PlanRequest request;
  request.P = P, request.bytes = bytes, request.network = network;
  if (time_limit > 0) request.time_limit = time_limit;
  // Given a cap, the plan drops its own 256-byte floor on segments (docs/mpi-plan.md): keep it.
  request.max_segments = std::clamp<std::int64_t>(bytes / 256, 1, kMaxSegments);
  const api::Plan plan = api::plan(request);
  return {api::to_json(plan), api::plan_schedule(plan)};
}

api::Plan read_plan(const std::string& json) { return api::read_plan(json); }

api::RankProgram rank_program(const api::Plan& plan, const std::string& schedule, std::int64_t relative_rank) {
  return api::plan_rank_program(plan, schedule, relative_rank);
}

std::string describe(const api::Plan& plan) {
  std::ostringstream out;
  out << "blockcast_bcast: plan P=" << plan.P << " bytes=" << plan.bytes << " family=" << plan.family
      << " K=" << plan.segments << " L=" << plan.L << " predicted=" << plan.predicted_seconds << " s (network "
      << api::to_text(plan.network) << ")";
  return out.str();
}

}  // namespace blockcast::bcast
