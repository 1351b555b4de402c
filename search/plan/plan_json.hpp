// The plan as JSON and back (docs/mpi-plan.md, "JSON"): {"format": "blockcast-plan",
// "version": 1, "blockcast_version", every field of api::Plan but `schedule`, "network":
// {latency, overhead, gap, gap_per_byte}, "candidates": [{family, segments, L, steps,
// step_seconds, predicted_seconds}, ...]}. Seconds are plain JSON numbers (doubles round-trip
// exactly). One serializer for the API's to_json, `plan --json` and Python's to_dict.
#pragma once
#include <blockcast/plan.hpp>
#include <nlohmann/json.hpp>

namespace blockcast {

nlohmann::json plan_to_json(const api::Plan& p);
// InputError naming the field for a document that is not a plan of this version.
api::Plan plan_from_json(const nlohmann::json& j);

}  // namespace blockcast
