// The public API's plan (include/blockcast/plan.hpp; docs/mpi-plan.md): the thin face of the
// plan run (search/plan/plan_run.hpp), its schedule and per-rank programs
// (search/plan/plan_build.hpp) and its JSON (search/plan/plan_json.hpp). The engine's
// InputError becomes InvalidInput with the same one line.
#include <blockcast/plan.hpp>

#include "api/impl.hpp"
#include "plan/plan_build.hpp"
#include "plan/plan_json.hpp"
#include "plan/plan_run.hpp"

namespace blockcast::api {

Plan plan(const PlanRequest& request) {
  return guarded([&] { return run_plan(request); });
}

std::string plan_schedule(const Plan& plan) {
  return guarded([&] { return plan_schedule_text(plan); });
}

RankProgram plan_rank_program(const Plan& plan, const std::string& schedule, std::int64_t rank) {
  return guarded([&] { return plan_program(plan, schedule, rank); });
}

std::string to_json(const Plan& plan) {
  return guarded([&] { return plan_to_json(plan).dump(2); });
}

Plan read_plan(const std::string& json) {
  return guarded([&] {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(json);
    } catch (const nlohmann::json::exception& e) {
      throw InputError(std::string("read_plan: not JSON: ") + e.what());
    }
    return plan_from_json(j);
  });
}

}  // namespace blockcast::api
