// The one seam between the component and blockcast's plan API (include/blockcast/plan.hpp):
// the root's plan for (P, bytes, network) as the texts it sends to every rank, and each rank's
// reading of them and its own program (docs/mpi-component.md, "Plan protocol").
#pragma once
#include <blockcast/plan.hpp>
#include <blockcast/program.hpp>
#include <cstdint>
#include <string>

namespace blockcast::bcast {

// What the root sends: the plan's JSON and the schedule's text.
struct PlanTexts {
  std::string plan, schedule;
};

// On the root: the plan (api::plan) and its schedule (api::plan_schedule), within
// `time_limit` seconds (0: the plan API's default). Throws api::InvalidInput (or
// std::exception) when no plan can be made.
PlanTexts root_plan(std::int64_t P, std::int64_t bytes, const api::Network& network, double time_limit);

// On every rank: the plan back from its JSON (api::read_plan).
api::Plan read_plan(const std::string& json);

// This rank's program, root-relative (api::plan_rank_program); `relative_rank` = (rank - root
// + P) % P.
api::RankProgram rank_program(const api::Plan& plan, const std::string& schedule, std::int64_t relative_rank);

// The one line BLOCKCAST_BCAST_VERBOSE=1 prints on the root per plan computed.
std::string describe(const api::Plan& plan);

}  // namespace blockcast::bcast
