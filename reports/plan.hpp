// Rendering a plan (search/plan/plan_run.hpp; docs/mpi-plan.md) as text for `blockcast plan`:
// the answer on the first line, then the formula, the reason, the checks and a table of the
// best candidate of every family. The JSON is search/plan/plan_json.hpp's (one serializer).
// Renders only: never searches.
#pragma once
#include <blockcast/plan.hpp>
#include <string>

// The run, its request parser and its one JSON serializer, which `blockcast plan` reaches
// through this header (cli/ includes no header of search/).
#include "plan/network_text.hpp"
#include "plan/plan_json.hpp"
#include "plan/plan_run.hpp"

namespace blockcast {

// "plan: circulant, K = 256 segments of 32768 bytes, L = 1, tau = 4.28 us, 261 steps, predicted 1.12 ms"
std::string plan_headline(const api::Plan& p);
// The headline, "formula: ...", "reason: ...", "verification: ...", then the candidates table.
std::string plan_text(const api::Plan& p);

}  // namespace blockcast
