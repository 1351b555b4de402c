// The component's planner (planner.hpp) on blockcast's plan API (include/blockcast/plan.hpp):
// the root asks api::plan for the size class's representative message and api::plan_schedule
// for the schedule every rank must follow; every rank reads the plan back (api::read_plan
// checks it) and computes its own program (api::plan_rank_program) for its root-relative rank.
#include "planner.hpp"

#include <sstream>

namespace blockcast::bcast {

PlanTexts root_plan(std::int64_t P, std::int64_t bytes, const api::Network& network, double time_limit) {
  api::PlanRequest request;
  request.P = P, request.bytes = bytes, request.network = network;
  if (time_limit > 0) request.time_limit = time_limit;
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
