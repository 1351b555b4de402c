// Fat-tree schedule JSON (see schedule_json.hpp). Every field goes through json_fields, so a
// damaged witness file is one InputError line, never a wrong replay.
#include "fattree/schedule_json.hpp"

#include <algorithm>

#include "checked.hpp"
#include "json_fields.hpp"

namespace blockcast::fattree {

namespace jf = json_fields;

nlohmann::json injections_json(const Schedule& S) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    const auto& in = S.injections[i];
    nlohmann::json j = {{"step", in.step}, {"src", in.src}, {"payload", in.payload}};
    if (in.dst >= 0) j["dst"] = in.dst;
    else if (in.dst == kAllOthers) j["dst"] = "all";
    else j["dst"] = S.lists[static_cast<std::size_t>(in.list)];
    if (!S.timings.empty()) j["hops"] = S.timings[i];
    out.push_back(std::move(j));
  }
  return out;
}

namespace {

// A multicast list: distinct leaves, kept sorted (Schedule::lists).
std::vector<std::int32_t> leaf_list(const nlohmann::json& v, std::int64_t n, const std::string& what) {
  std::vector<std::int32_t> l;
  for (const auto& x : v) l.push_back(static_cast<std::int32_t>(jf::integer_value(x, 0, n - 1, what)));
  std::sort(l.begin(), l.end());
  if (l.empty() || std::adjacent_find(l.begin(), l.end()) != l.end())
    throw InputError(what + ": a destination list needs distinct leaves");
  return l;
}

}  // namespace

Schedule schedule_from_json(const nlohmann::json& arr, const FatTree& T, Op op, const std::string& where) {
  if (!arr.is_array()) throw InputError(where + ": the schedule is not an array of injections");
  Schedule S;
  S.required = required_deliveries(op, T.n, 0);
  std::size_t with_hops = 0;
  for (std::size_t i = 0; i < arr.size(); ++i) {
    const auto& j = arr[i];
    const std::string at = where + " injection " + std::to_string(i);
    if (!j.is_object()) throw InputError(at + " is not an object");
    Injection in;
    in.step = jf::integer(j, "step", 1, INT32_MAX, at);
    in.src = static_cast<std::int32_t>(jf::integer(j, "src", 0, T.n - 1, at));
    in.payload = jf::integer(j, "payload", 0, INT64_MAX, at);
    const auto d = j.find("dst");
    if (d == j.end()) throw InputError(at + ": no \"dst\"");
    if (d->is_string() && d->get<std::string>() == "all") {
      in.dst = kAllOthers;
    } else if (d->is_array()) {
      in.dst = kList;
      in.list = static_cast<std::int32_t>(S.lists.size());
      S.lists.push_back(leaf_list(*d, T.n, at + " \"dst\""));
    } else {
      in.dst = static_cast<std::int32_t>(jf::integer(j, "dst", 0, T.n - 1, at));
    }
    S.injections.push_back(in);
    const auto h = j.find("hops");
    if (h == j.end() || h->is_null()) continue;
    if (!h->is_array()) throw InputError(at + ": \"hops\" is not an array");
    S.timings.resize(S.injections.size());
    for (const auto& t : *h) S.timings.back().push_back(jf::integer_value(t, 1, INT32_MAX, at + " hop step"));
    ++with_hops;
  }
  if (with_hops != 0 && with_hops != S.injections.size())
    throw InputError(where + ": \"hops\" given for " + std::to_string(with_hops) + " of " +
                     std::to_string(S.injections.size()) + " injections (all or none)");
  if (const std::string e = schedule_error(T, S); !e.empty()) throw InputError(where + ": " + e);
  return S;
}

std::string replay_error(const FatTree& T, const Schedule& S, std::int64_t steps, std::int64_t queue_bound,
                         SimResult* check) {
  SimOptions so;
  so.queue_free = queue_bound == 0;
  const SimResult r = simulate(T, S, so);
  if (check) *check = r;
  if (!r.ok) return r.error;
  if (r.completion > steps)
    return "the replay completes in step " + std::to_string(r.completion) + ", not within " + std::to_string(steps);
  if (queue_bound >= 0 && r.max_queue > queue_bound)
    return "the replay queues " + std::to_string(r.max_queue) + " packets at a routing node, more than " +
           std::to_string(queue_bound);
  return "";
}

}  // namespace blockcast::fattree
