// The C++ face of the differential test (tests/differential/differential.py): reads one
// request per line on stdin, {"q": "solve", "args": {"L": 4, "P": 8, "time_limit": 60}},
// calls the public API (include/blockcast/, nothing else) and prints one JSON line per
// request: the result's to_json() document, or {"error": "...", "invalid_input": true}
// when the API refused the request. The test compares these lines with the CLI's `--json`
// and with Python's to_dict(): three faces of one run must give one answer.
#include <blockcast/blockcast.hpp>
#include <blockcast/conjecture.hpp>
#include <blockcast/fattree.hpp>
#include <blockcast/kitem_table.hpp>
#include <blockcast/plan.hpp>
#include <blockcast/prove.hpp>
#include <blockcast/table.hpp>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace bc = blockcast::api;
using nlohmann::json;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw bc::InvalidInput("cannot read file '" + path + "'");  // the CLI's words
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

template <class T>
T get(const json& a, const char* key, T fallback) {
  return a.contains(key) ? a.at(key).get<T>() : fallback;
}

// "2..8", "5" or "2,3,9" as inclusive ranges (the differential requests use these forms).
std::vector<std::pair<std::int64_t, std::int64_t>> ranges(const json& v) {
  if (v.is_number_integer()) return {{v.get<std::int64_t>(), v.get<std::int64_t>()}};
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  std::stringstream s(v.get<std::string>());
  for (std::string part; std::getline(s, part, ',');) {
    const auto dots = part.find("..");
    if (dots == std::string::npos)
      out.emplace_back(std::stoll(part), std::stoll(part));
    else
      out.emplace_back(std::stoll(part.substr(0, dots)), std::stoll(part.substr(dots + 2)));
  }
  return out;
}

std::string table_json(const json& a) {
  bc::TableRequest q;
  for (auto [lo, hi] : ranges(a.at("L")))
    for (auto l = lo; l <= hi; ++l) q.L.push_back(static_cast<int>(l));
  q.P = ranges(a.at("P"));
  if (a.contains("period")) {
    const auto p = ranges(a.at("period")).at(0);
    q.periods = std::pair<int, int>(static_cast<int>(p.first), static_cast<int>(p.second));
  }
  q.period_time_limit = get(a, "period_time_limit", 10.0);
  q.time_limit = get(a, "time_limit", 0.0);
  return bc::table(q).to_json();
}

std::pair<std::int64_t, std::int64_t> one_range(const json& v) { return ranges(v).at(0); }

std::string kitem_table_json(const json& a) {
  bc::KitemTableRequest q;
  q.L = one_range(a.at("L")), q.P = one_range(a.at("P")), q.k = one_range(a.at("k"));
  q.ranges = get(a, "ranges", false);
  q.time_limit = get(a, "time_limit", 0.0);
  if (a.contains("exact_time_limit")) q.exact_time_limit = a.at("exact_time_limit").get<double>();
  return bc::kitem_table(q).to_json();
}

std::string continuous_search_json(const json& a) {
  bc::ContinuousSearchRequest q;
  q.L = a.at("L").get<int>();
  if (a.contains("P")) q.P = a.at("P").get<std::int64_t>();
  if (a.contains("t")) q.t = a.at("t").get<int>();
  q.delay = get(a, "delay", 0);
  if (a.contains("period")) {
    const auto p = one_range(a.at("period"));
    q.periods = {static_cast<int>(p.first), static_cast<int>(p.second)};
  }
  q.window = get(a, "window", 0);
  q.time_limit = get(a, "time_limit", 0.0);
  return bc::continuous_search(q).to_json();
}

std::string conjecture_json(const json& a) {
  bc::ConjectureRequest q;
  for (auto [lo, hi] : ranges(a.at("L")))
    for (auto l = lo; l <= hi; ++l) q.L.push_back(static_cast<int>(l));
  q.shape = get<std::string>(a, "shape", "optimal");
  q.t_max = get(a, "t_max", 0);
  q.time_limit = get(a, "time_limit", 0.0);
  return bc::conjecture(q).to_json();
}

std::string prove_json(const json& a) {
  bc::ProveRequest q;
  q.L = a.at("L").get<int>();
  q.t = get(a, "t", 0);
  q.P = get<std::int64_t>(a, "P", 0);
  q.shape = get<std::string>(a, "shape", "");
  q.encoding = get<std::string>(a, "encoding", "residue");
  q.time_limit = get(a, "time_limit", 0.0);
  return bc::prove(q).to_json();
}

std::string plan_json(const json& a) {
  bc::PlanRequest q;
  q.P = a.at("P").get<std::int64_t>();
  q.bytes = a.at("bytes").get<std::int64_t>();
  q.network = bc::parse_network(a.at("network").get<std::string>());
  q.family = get<std::string>(a, "family", "auto");
  q.time_limit = get(a, "time_limit", 2.0);
  return bc::to_json(bc::plan(q));
}

std::string fattree_search_json(const json& a) {
  bc::FattreeSearchRequest q;
  q.op = get<std::string>(a, "op", "total-exchange");
  q.n = a.at("n").get<std::int64_t>();
  q.capacities = get<std::string>(a, "capacities", "cbft");
  q.model = get<std::string>(a, "model", "");
  q.solver = get<std::string>(a, "solver", "");
  q.steps = get(a, "steps", 0);
  q.time_limit = get(a, "time_limit", 0.0);
  return bc::to_json(bc::fattree_search(q));
}

std::string fattree_simulate_json(const json& a) {
  bc::FattreeSimulateRequest q;
  q.op = a.at("op").get<std::string>();
  q.n = a.at("n").get<std::int64_t>();
  q.capacities = get<std::string>(a, "capacities", "cbft");
  q.queue_free = get(a, "queue_free", false);
  return bc::to_json(bc::fattree_simulate(q));
}

std::string answer(const std::string& q, const json& a) {
  bc::Options o;
  o.time_limit = get(a, "time_limit", o.time_limit);
  if (q == "solve") return bc::solve(a.at("L").get<int>(), a.at("P").get<std::int64_t>(), o).solve_json();
  if (q == "kitem") {
    o.time_limit = get(a, "time_limit", bc::kKitemTimeLimit);
    return bc::kitem(a.at("L").get<int>(), a.at("P").get<std::int64_t>(), a.at("k").get<std::int64_t>(), o)
        .report_json();
  }
  if (q == "check") return bc::check(read_text(a.at("schedule")), get<std::int64_t>(a, "k", 0)).to_json();
  if (q == "simulate") return bc::simulate(read_text(a.at("schedule")), get<std::int64_t>(a, "k", 0)).to_json();
  if (q == "export")
    return json{{"text", bc::export_schedule(read_text(a.at("schedule")), get<std::string>(a, "format", "goal"),
                                             get<std::int64_t>(a, "k", 0), get<std::int64_t>(a, "bytes", 0))}}
        .dump();
  if (q == "verify_certificate") return bc::verify_certificate(read_text(a.at("certificate"))).to_json();
  if (q == "table") return table_json(a);
  if (q == "prove") return prove_json(a);
  if (q == "plan") return plan_json(a);
  if (q == "fattree_search") return fattree_search_json(a);
  if (q == "fattree_simulate") return fattree_simulate_json(a);
  if (q == "kitem_table") return kitem_table_json(a);
  if (q == "conjecture") return conjecture_json(a);
  if (q == "continuous_search") return continuous_search_json(a);
  throw std::logic_error("faces: no question " + q);
}

}  // namespace

int main() {
  for (std::string line; std::getline(std::cin, line);) {
    if (line.empty()) continue;
    const json request = json::parse(line);
    json out;
    try {
      out = json::parse(answer(request.at("q").get<std::string>(), request.value("args", json::object())));
    } catch (const bc::InvalidInput& e) {
      out = {{"error", e.what()}, {"invalid_input", true}};
    }
    std::cout << out.dump() << std::endl;
  }
  return 0;
}
