// The blockcast-plan JSON format (plan_json.hpp).
#include "plan/plan_json.hpp"

#include <string>

#include "checked.hpp"
#include "plan/network_text.hpp"
#include "version.hpp"

namespace blockcast {

namespace {

constexpr int kPlanVersion = 1;

// The network: the four fields as before, and "ranges" only for a size-dependent one, so that
// the JSON of a one-range network is what it always was.
nlohmann::json network_json(const api::Network& n) {
  nlohmann::json j = {
      {"latency", n.latency}, {"overhead", n.overhead}, {"gap", n.gap}, {"gap_per_byte", n.gap_per_byte}};
  if (n.ranges.empty()) return j;
  nlohmann::json ranges = nlohmann::json::array();
  for (const api::NetworkRange& r : n.ranges)
    ranges.push_back({{"from_bytes", r.from_bytes},
                      {"latency", r.latency},
                      {"overhead", r.overhead},
                      {"gap", r.gap},
                      {"gap_per_byte", r.gap_per_byte}});
  j["ranges"] = ranges;
  return j;
}

nlohmann::json candidate_json(const api::PlanCandidate& c) {
  return {{"family", c.family}, {"segments", c.segments},         {"L", c.L},
          {"steps", c.steps},   {"step_seconds", c.step_seconds}, {"predicted_seconds", c.predicted_seconds}};
}

// The field `key` of `j` as T; InputError naming it when missing or of another type.
template <class T>
T field(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end()) throw InputError(std::string("blockcast-plan: field '") + key + "' is missing");
  try {
    if constexpr (std::is_same_v<T, std::string>) {
      if (!it->is_string()) throw InputError("");
    } else if constexpr (std::is_integral_v<T>) {
      if (!it->is_number_integer()) throw InputError("");
    } else {
      if (!it->is_number()) throw InputError("");
    }
    return it->get<T>();
  } catch (const std::exception&) {
    throw InputError(std::string("blockcast-plan: field '") + key + "' has the wrong type");
  }
}

api::PlanCandidate candidate_from_json(const nlohmann::json& c) {
  if (!c.is_object()) throw InputError("blockcast-plan: a candidate is not an object");
  return {field<std::string>(c, "family"), field<std::int64_t>(c, "segments"), field<int>(c, "L"),
          field<std::int64_t>(c, "steps"), field<double>(c, "step_seconds"),   field<double>(c, "predicted_seconds")};
}

api::Network network_from_json(const nlohmann::json& net) {
  api::Network n{field<double>(net, "latency"), field<double>(net, "overhead"), field<double>(net, "gap"),
                 field<double>(net, "gap_per_byte")};
  const auto rs = net.find("ranges");
  if (rs == net.end()) return n;
  if (!rs->is_array()) throw InputError("blockcast-plan: field 'network.ranges' is not an array");
  for (const auto& r : *rs) {
    if (!r.is_object()) throw InputError("blockcast-plan: a network range is not an object");
    n.ranges.push_back({field<std::int64_t>(r, "from_bytes"), field<double>(r, "latency"), field<double>(r, "overhead"),
                        field<double>(r, "gap"), field<double>(r, "gap_per_byte")});
  }
  check_network(n);
  return n;
}

}  // namespace

nlohmann::json plan_to_json(const api::Plan& p) {
  nlohmann::json candidates = nlohmann::json::array();
  for (const auto& c : p.candidates) candidates.push_back(candidate_json(c));
  return {{"format", "blockcast-plan"},
          {"version", kPlanVersion},
          {"blockcast_version", version()},
          {"P", p.P},
          {"bytes", p.bytes},
          {"segments", p.segments},
          {"segment_bytes", p.segment_bytes},
          {"L", p.L},
          {"step_seconds", p.step_seconds},
          {"family", p.family},
          {"steps", p.steps},
          {"lower_bound_steps", p.lower_bound_steps},
          {"predicted_seconds", p.predicted_seconds},
          {"formula", p.formula},
          {"reason", p.reason},
          {"verification", p.verification},
          {"network", network_json(p.network)},
          {"candidates", candidates}};
}

api::Plan plan_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("format") || j["format"] != "blockcast-plan")
    throw InputError("not a plan: expected {\"format\": \"blockcast-plan\", ...} (blockcast plan --json)");
  if (field<int>(j, "version") != kPlanVersion)
    throw InputError("blockcast-plan: version " + std::to_string(field<int>(j, "version")) + ", this reader knows " +
                     std::to_string(kPlanVersion));
  api::Plan p;
  p.P = field<std::int64_t>(j, "P"), p.bytes = field<std::int64_t>(j, "bytes");
  p.segments = field<std::int64_t>(j, "segments"), p.segment_bytes = field<std::int64_t>(j, "segment_bytes");
  p.L = field<int>(j, "L"), p.step_seconds = field<double>(j, "step_seconds");
  p.family = field<std::string>(j, "family"), p.steps = field<std::int64_t>(j, "steps");
  p.lower_bound_steps = field<std::int64_t>(j, "lower_bound_steps");
  p.predicted_seconds = field<double>(j, "predicted_seconds");
  p.formula = field<std::string>(j, "formula"), p.reason = field<std::string>(j, "reason");
  p.verification = field<std::string>(j, "verification");
  const auto net = j.find("network");
  if (net == j.end() || !net->is_object()) throw InputError("blockcast-plan: field 'network' is missing");
  p.network = network_from_json(*net);
  const auto cs = j.find("candidates");
  if (cs == j.end() || !cs->is_array()) throw InputError("blockcast-plan: field 'candidates' is missing");
  for (const auto& c : *cs) p.candidates.push_back(candidate_from_json(c));
  if (p.P < 1 || p.segments < 0 || p.L < 1 || p.steps < 0)
    throw InputError("blockcast-plan: P, segments, L or steps out of range");
  return p;
}

}  // namespace blockcast
