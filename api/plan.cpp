// The public API's plan (include/blockcast/plan.hpp; docs/mpi-plan.md): the thin face of the
// plan run (search/plan/plan_run.hpp), its schedule and per-rank programs
// (search/plan/plan_build.hpp), its JSON (search/plan/plan_json.hpp) and the network's text
// (search/plan/network_text.hpp). The engine's
// InputError becomes InvalidInput with the same one line.
#include <blockcast/plan.hpp>

#include "api/impl.hpp"
#include "plan/network_text.hpp"
#include "plan/plan_build.hpp"
#include "plan/plan_json.hpp"
#include "plan/plan_run.hpp"

namespace blockcast::api {

Network parse_network(const std::string& text) {
  return guarded([&] { return parse_network_text(text); });
}

std::string to_text(const Network& network) {
  return guarded([&] { return network_to_text(network); });
}

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
