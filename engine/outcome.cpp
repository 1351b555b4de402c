// One outcome type and the JSON envelope (outcome.hpp).
#include "outcome.hpp"

#include <stdexcept>

#include "version.hpp"

namespace blockcast {

int exit_code(Verdict s) {
  switch (s) {
    case Verdict::done:
    case Verdict::solved:
    case Verdict::accepted: return 0;
    case Verdict::rejected: return 1;
    case Verdict::impossible: return 4;
    case Verdict::unknown: return 5;
  }
  return 3;
}

Verdict worse(Verdict a, Verdict b) {
  auto rank = [](Verdict s) {
    switch (s) {
      case Verdict::rejected: return 3;
      case Verdict::unknown: return 2;
      case Verdict::impossible: return 1;
      default: return 0;
    }
  };
  return rank(b) > rank(a) ? b : a;
}

Outcome outcome_from_json(const std::string& format, nlohmann::json payload, Verdict verdict) {
  Outcome o{format, verdict, "", std::nullopt, nlohmann::json(), nlohmann::json::object()};
  if (!payload.is_object()) {
    o.payload["results"] = std::move(payload);
    return o;
  }
  if (payload.contains("format") && payload["format"].is_string()) o.format = payload["format"].get<std::string>();
  if (payload.contains("verdict") && payload["verdict"].is_string())
    for (Verdict s : {Verdict::done, Verdict::solved, Verdict::impossible, Verdict::unknown, Verdict::accepted, Verdict::rejected})
      if (to_string(s) == payload["verdict"].get<std::string>()) o.verdict = s;
  if (payload.contains("reason") && payload["reason"].is_string()) o.reason = payload["reason"].get<std::string>();
  if (payload.contains("seconds") && payload["seconds"].is_number()) o.seconds = payload["seconds"].get<double>();
  if (payload.contains("stats")) o.stats = payload["stats"];
  for (const char* k : {"format", "version", "verdict", "reason", "seconds", "stats", "blockcast_version", "command"})
    payload.erase(k);
  o.payload = std::move(payload);
  return o;
}

std::string envelope_text(const nlohmann::json& j) {
  static const char* const first[] = {"format", "version", "blockcast_version", "command", "verdict", "reason", "seconds", "stats"};
  nlohmann::ordered_json o;
  for (const char* k : first)
    if (j.contains(k)) o[k] = nlohmann::ordered_json::parse(j[k].dump());
  for (const auto& [k, v] : j.items())
    if (!o.contains(k)) o[k] = nlohmann::ordered_json::parse(v.dump());
  return o.dump(2);
}

nlohmann::json envelope(const std::string& format, int version) {
  return {{"format", format}, {"version", version}, {"blockcast_version", blockcast::version()}};
}

nlohmann::json to_json(const Outcome& o, const std::string& command) {
  nlohmann::json j = envelope(o.format);
  if (!command.empty()) j["command"] = command;
  j["verdict"] = to_string(o.verdict);
  if (!o.reason.empty()) j["reason"] = o.reason;
  if (o.seconds) j["seconds"] = *o.seconds;
  if (!o.stats.is_null()) j["stats"] = o.stats;
  if (!o.payload.is_object()) throw std::logic_error("outcome payload of " + o.format + " must be an object");
  for (const auto& [k, v] : o.payload.items()) {
    if (j.contains(k)) throw std::logic_error("outcome payload of " + o.format + " repeats envelope field '" + k + "'");
    j[k] = v;
  }
  return j;
}

}  // namespace blockcast
