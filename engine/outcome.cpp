// One outcome type and the JSON envelope (outcome.hpp).
#include "outcome.hpp"

#include <stdexcept>

#include "version.hpp"

namespace blockcast {

std::string verdict_name(Status s) {
  switch (s) {
    case Status::done: return "OK";
    case Status::solved: return "SOLVED";
    case Status::impossible: return "IMPOSSIBLE";
    case Status::unknown: return "UNKNOWN";
    case Status::accepted: return "ACCEPTED";
    case Status::rejected: return "REJECTED";
  }
  return "?";
}

Status status_of(Verdict v) {
  switch (v) {
    case Verdict::solved: return Status::solved;
    case Verdict::impossible: return Status::impossible;
    case Verdict::unknown: return Status::unknown;
  }
  return Status::unknown;
}

int exit_code(Status s) {
  switch (s) {
    case Status::done:
    case Status::solved:
    case Status::accepted: return 0;
    case Status::rejected: return 1;
    case Status::impossible: return 4;
    case Status::unknown: return 5;
  }
  return 3;
}

Status worse(Status a, Status b) {
  auto rank = [](Status s) {
    switch (s) {
      case Status::rejected: return 3;
      case Status::unknown: return 2;
      case Status::impossible: return 1;
      default: return 0;
    }
  };
  return rank(b) > rank(a) ? b : a;
}

Outcome outcome_from_json(const std::string& format, nlohmann::json payload, Status verdict) {
  Outcome o{format, verdict, "", std::nullopt, nlohmann::json(), nlohmann::json::object()};
  if (!payload.is_object()) {
    o.payload["results"] = std::move(payload);
    return o;
  }
  if (payload.contains("format") && payload["format"].is_string()) o.format = payload["format"].get<std::string>();
  if (payload.contains("verdict") && payload["verdict"].is_string())
    for (Status s : {Status::done, Status::solved, Status::impossible, Status::unknown, Status::accepted, Status::rejected})
      if (verdict_name(s) == payload["verdict"].get<std::string>()) o.verdict = s;
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
  j["verdict"] = verdict_name(o.verdict);
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
