// Every continuous-broadcast cell where the best block-cyclic schedule misses the lower bound
// L + B(P-1) (Karp et al. 1993 Sec. 3.3), decided for schedules of ANY form by the any-form run
// (search/kitem/anyform_cell.hpp): a periodic schedule at the bound, a window refutation with a
// verified DRAT proof, or UNKNOWN. Not a unit test:
//   anyform_sweep --table T.json --out DIR [--L A..B] [--P A..B] [--seconds S] [--periods A..B]
//                 [--windows A..B] [--window-step N] [--model counting|pairs]
//   anyform_sweep --check DIR/cells_LA-B_PA-B.json
// T.json is a `table --json` file (docs/data/periodic/table_L1-8_P2-200.json): its cells with
// delay > lower_bound are the block-cyclic misses, and their delay is block_cyclic_delay. The
// sweep writes DIR/cells_LA-B_PA-B.tsv (one row per cell) and .json (per cell the run's JSON,
// with the periodic schedule of a SOLVED cell). --check re-checks every claim of such a file:
// a SOLVED cell's schedule is checked as a pattern and replayed by the simulator; an IMPOSSIBLE
// cell's refuting window is solved again and its DRAT proof checked again. It prints one line
// per cell and exits 1 if any claim fails. Bad input: one line on stderr, exit 2.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "checked.hpp"
#include "kitem/anyform_cell.hpp"
#include "periodic_schedule.hpp"
#include "simulator.hpp"

using namespace blockcast;
using json = nlohmann::json;

namespace {

struct Request {
  std::string table, out, check;
  std::pair<int, int> Ls{1, 8}, Ps{2, 200}, periods{1, 8}, windows{4, 24};
  int window_step = 4;
  double seconds = 10;
  ContinuousModel model = ContinuousModel::counting;
};

std::pair<int, int> range(const std::string& s) {
  const auto dots = s.find("..");
  if (dots == std::string::npos) return {std::stoi(s), std::stoi(s)};
  return {std::stoi(s.substr(0, dots)), std::stoi(s.substr(dots + 2))};
}

Request parse(int argc, char** argv) {
  Request q;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--table") q.table = v;
    else if (k == "--out") q.out = v;
    else if (k == "--check") q.check = v;
    else if (k == "--L") q.Ls = range(v);
    else if (k == "--P") q.Ps = range(v);
    else if (k == "--periods") q.periods = range(v);
    else if (k == "--windows") q.windows = range(v);
    else if (k == "--window-step") q.window_step = std::stoi(v);
    else if (k == "--seconds") q.seconds = std::stod(v);
    else if (k == "--model" && (v == "pairs" || v == "counting"))
      q.model = v == "pairs" ? ContinuousModel::pairs : ContinuousModel::counting;
    else throw InputError("unknown option " + k);
  }
  if (argc % 2 == 0) throw InputError("options come in pairs: --name value");
  if (q.check.empty() && (q.table.empty() || q.out.empty())) throw InputError("need --table T.json --out DIR, or --check FILE");
  return q;
}

json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read " + path);
  return json::parse(in);
}

// "6" (SOLVED at the bound), "7" (IMPOSSIBLE: block-cyclic is optimal), "6..7" (open).
std::string anyform_delay(const AnyformCellResult& r, int block_cyclic) {
  if (r.verdict == Verdict::solved) return std::to_string(r.delay);
  if (r.verdict == Verdict::impossible) return std::to_string(block_cyclic);
  return std::to_string(r.delay) + ".." + std::to_string(block_cyclic);
}

std::string evidence(const AnyformCellResult& r) {
  if (r.verdict == Verdict::solved) return "period " + std::to_string(r.schedule->period) + " schedule in the .json";
  if (r.verdict == Verdict::impossible) return "window of " + std::to_string(r.refuting_window) + " items UNSAT (DRAT verified)";
  return r.reason;
}

int sweep(const Request& q) {
  const json table = read_json(q.table);
  const std::string base = q.out + "/cells_L" + std::to_string(q.Ls.first) + "-" + std::to_string(q.Ls.second) + "_P" +
                           std::to_string(q.Ps.first) + "-" + std::to_string(q.Ps.second);
  std::ofstream tsv(base + ".tsv");
  if (!tsv) throw InputError("cannot write " + base + ".tsv");
  tsv << "# anyform_sweep --table " << q.table << " --out " << q.out << " --L " << q.Ls.first << ".." << q.Ls.second
      << " --P " << q.Ps.first << ".." << q.Ps.second << " --seconds " << q.seconds << " --periods " << q.periods.first
      << ".." << q.periods.second << " --windows " << q.windows.first << ".." << q.windows.second << " --window-step "
      << q.window_step << " --model " << (q.model == ContinuousModel::pairs ? "pairs" : "counting") << "\n";
  tsv << "L\tP\tlower_bound\tblock_cyclic_delay\tanyform_delay\tverdict\tevidence\tseconds\n";
  json cells = json::array();
  for (const json& row : table.at("ranges")) {
    const int L = row.at("L"), bc = row.at("delay"), lb = row.at("lower_bound");
    if (bc <= lb || L < q.Ls.first || L > q.Ls.second) continue;
    const int from = row.at("P_from"), to = row.at("P_to");
    for (int P = std::max(from, q.Ps.first); P <= std::min(to, q.Ps.second); ++P) {
      AnyformCellRequest c;
      c.L = L, c.P = P, c.periods = q.periods, c.windows = q.windows, c.window_step = q.window_step;
      c.time_limit = q.seconds, c.model = q.model;
      const AnyformCellResult r = anyform_cell_run(c);
      json j = to_json(r);
      j["block_cyclic_delay"] = bc;
      j["model"] = q.model == ContinuousModel::pairs ? "pairs" : "counting";
      for (json& a : j["attempts"]) a.erase("messages_sender_receiver_class_offset");  // the schedule is kept once
      cells.push_back(j);
      tsv << L << '\t' << P << '\t' << r.lower_bound << '\t' << bc << '\t' << anyform_delay(r, bc) << '\t'
          << to_string(r.verdict) << '\t' << evidence(r) << '\t' << r.seconds << std::endl;
      std::printf("L=%d P=%d %s: %s (%.1f s)\n", L, P, to_string(r.verdict).c_str(), r.reason.c_str(), r.seconds);
      std::fflush(stdout);
    }
  }
  std::ofstream(base + ".json") << json{{"format", "blockcast-anyform-cells"}, {"version", 1}, {"cells", cells}}.dump(1)
                                       << "\n";
  return 0;
}

// One claim of cells.json re-checked; an error line, or empty when it holds.
std::string recheck(const json& c) {
  const std::string verdict = c.at("verdict");
  const int L = c.at("L"), P = c.at("P"), D = c.at("delay");
  if (verdict == "SOLVED") {
    const PeriodicSchedule ps = periodic_schedule_from_json(c.at("schedule"), "cells.json");
    if (ps.L != L || ps.P != P || ps.delay > D) return "schedule is not of this cell";
    if (auto err = check_periodic(ps)) return "pattern check: " + *err;
    const SimulationResult sim = simulate(expand_periodic(ps, periodic_window(ps)));
    if (!sim.ok) return "simulator: " + sim.violation.text;
    return sim.max_delay <= D ? "" : "simulated delay " + std::to_string(sim.max_delay);
  }
  if (verdict == "IMPOSSIBLE") {
    const ContinuousModel model = c.at("model") == "pairs" ? ContinuousModel::pairs : ContinuousModel::counting;
    const PeriodicOutcome o = window_search(L, P, D, c.at("refuting_window"), true, {}, model);
    return o.verdict == Verdict::impossible ? "" : "window not refuted again: " + o.detail;
  }
  return "";  // UNKNOWN claims nothing
}

int check(const Request& q) {
  int failed = 0;
  const json file = read_json(q.check);  // kept alive: a loop over a temporary's member would dangle
  for (const json& c : file.at("cells")) {
    const std::string err = recheck(c);
    failed += !err.empty();
    const std::string line = err.empty() ? "ACCEPTED" : "REJECTED " + err;
    std::printf("L=%d P=%d %s: %s\n", c.at("L").get<int>(), c.at("P").get<int>(), c.at("verdict").get<std::string>().c_str(),
                line.c_str());
    std::fflush(stdout);
  }
  std::printf("%d claims rejected\n", failed);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const Request q = parse(argc, argv);
    return q.check.empty() ? sweep(q) : check(q);
  } catch (const InputError& e) {
    std::fprintf(stderr, "anyform_sweep: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {  // std::stoi, a malformed JSON file
    std::fprintf(stderr, "anyform_sweep: bad input: %s\n", e.what());
    return 2;
  }
}
