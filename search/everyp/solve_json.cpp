// The JSON of the `solve` run (solve_run.hpp): the one serializer behind `solve --json`, the
// C++ API's ContinuousSchedule::solve_json and Python's to_dict (docs/shapes.md,
// docs/assignment-format.md). "schedule" is the best schedule of any form, so that check,
// simulate, export and mpi-run take the best: the periodic schedule when it beats the
// block-cyclic one (engine/periodic_schedule.hpp), else the block-cyclic assignment, which is
// always under "block_cyclic"."schedule" too.
#include "assignment_json.hpp"
#include "everyp/solve_run.hpp"

namespace blockcast {

namespace {

nlohmann::json optional_json(const std::optional<i64>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

// The block-cyclic part: best_schedule's JSON without the instance fields (they are the
// answer's), with `optimal` = proved optimal among block-cyclic schedules.
nlohmann::json block_cyclic_json(const SolveAnswer& a) {
  nlohmann::json j = to_json(a.block_cyclic, false);
  for (const char* key : {"L", "P", "t", "lower_bound"}) j.erase(key);
  j["optimal"] = a.block_cyclic_optimal;
  j["at_lower_bound"] = a.block_cyclic.optimal();
  if (a.block_cyclic.witness) j["schedule"] = to_json(*a.block_cyclic.witness);
  return j;
}

}  // namespace

Outcome solve_outcome(const SolveAnswer& a) {
  const BestSchedule& b = a.block_cyclic;
  nlohmann::json p{{"L", b.L}, {"P", b.P}, {"t", b.t}, {"lower_bound", b.lower_bound}};
  p["delay"] = optional_json(a.delay);
  p["form"] = a.form.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.form);
  if (a.form == "periodic") p["period"] = a.period;
  p["at_lower_bound"] = a.at_lower_bound;
  p["optimal"] = a.optimal;
  if (a.delay) p["verification"] = a.verification;
  p["block_cyclic"] = block_cyclic_json(a);
  if (a.periodic) p["periodic"] = to_json(*a.periodic);
  const PeriodicOutcome* best_periodic = a.form == "periodic" && a.periodic ? a.periodic->found() : nullptr;
  if (best_periodic && best_periodic->schedule) {
    p["schedule"] = std::move(p["periodic"]["schedule"]);  // the pattern, once
    p["periodic"].erase("schedule");
  } else if (b.witness) {
    p["schedule"] = to_json(*b.witness);
  }
  return {"blockcast-solve", a.verdict, a.reason, a.seconds, nlohmann::json(), p};
}

Outcome instance_outcome(const InstanceAnswer& a, bool with_stats) {
  const Instance& I = a.instance;
  const SearchResult& r = a.result;
  Outcome out{
      "blockcast-solve",       r.verdict, r.covered, r.stats.seconds, with_stats ? r.stats.json() : nlohmann::json(),
      nlohmann::json::object()};
  out.payload = {{"L", I.L}, {"t", I.t}, {"P", I.P}, {"delay", I.delay()}, {"mode", r.mode}};
  if (r.witness) {
    out.payload["schedule"] = to_json(*r.witness);
    out.payload["verification"] = a.verification;
  }
  return out;
}

Outcome solve_list_outcome(const SolveResult& r) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto& a : r.answers) results.push_back(to_json(solve_outcome(a), ""));
  return {"blockcast-solve", r.verdict, r.reason, r.seconds, nlohmann::json(), {{"results", results}}};
}

}  // namespace blockcast
