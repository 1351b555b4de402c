// `blockcast table --L A..B --P C..D`: the best block-cyclic delay for every (L, P)
// (issue 4; SPEC Sec. 2 and 6; search/best_schedule.hpp). One row per cell: lower bound
// L + B(P-1), the delay reached and its shape, the verdict at L+t and, when it was tried,
// at L+t+1 (pruned). Every search has a time limit (default below) so that the whole table
// finishes; a cell whose search hit it says UNKNOWN and nothing more.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "best_schedule.hpp"
#include "commands.hpp"
#include "search_args.hpp"

namespace blockcast::cli {

namespace {

// Per-search default for `table`: hard cells become UNKNOWN instead of stalling the table.
constexpr const char* kTableTimeLimit = "0.1";
// Witness replay by the simulator per cell (events); the symbolic re-check always runs.
constexpr i64 kTableSimulateEvents = 200'000;
constexpr std::size_t kMaxCells = 200'000;

std::string verdict_at(const BestSchedule& b, bool lower) {
  for (const auto& a : b.attempts)
    if ((a.delay == b.lower_bound) == lower) return verdict_name(a.verdict);
  return "-";  // not searched
}

nlohmann::json row_json(const BestSchedule& b) {
  nlohmann::json j = to_json(b, false);
  j.erase("attempts");  // the table keeps one line per cell; `solve --P` shows the attempts
  j["pruned_verdict"] = nullptr;
  double seconds = 0;
  for (const auto& a : b.attempts) {
    seconds += a.stats.seconds;
    if (a.delay != b.lower_bound) j["pruned_verdict"] = verdict_name(a.verdict), j["pruned_covered"] = a.covered;
  }
  j["seconds"] = seconds;
  return j;
}

}  // namespace

void register_table(CLI::App& app) {
  struct Args {
    std::string L = "2..8", P = "2..100";
    SearchArgs search;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("table", "best block-cyclic delay for every (L, P): optimal/ties at L+t, else pruned");
  add_string(sub, "L", a->L)->default_str("2..8")->description("latencies: a range A..B or one value");
  add_string(sub, "P", a->P)->default_str("2..100")->description("processors including the source: a range C..D");
  a->L = "2..8", a->P = "2..100";
  a->search.add(sub);
  sub->get_option("--time-limit")->default_str(kTableTimeLimit);
  a->search.time_limit = std::stod(kTableTimeLimit);
  sub->callback([a] {
    const auto Ls = parse_range("L", a->L, 1, 64);
    const auto Ps = parse_range("P", a->P, 2, 999'999'999);
    const auto cells = static_cast<std::size_t>(Ls.second - Ls.first + 1) * static_cast<std::size_t>(Ps.second - Ps.first + 1);
    if (cells > kMaxCells)
      throw InputError("table of " + std::to_string(cells) + " cells is too large (at most " + std::to_string(kMaxCells) + ")");
    const auto start = std::chrono::steady_clock::now();
    const auto rows = best_schedule_table(Ls, Ps, a->search.options(), a->search.threads, kTableSimulateEvents);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (a->search.json) {
      nlohmann::json all = nlohmann::json::array();
      for (const auto& b : rows) all.push_back(row_json(b));
      std::cout << all.dump(2) << "\n";
      return;
    }
    std::size_t optimal = 0, plus_one = 0, none = 0, impossible = 0, unknown = 0;
    std::printf("%3s %10s %4s %6s %6s %-8s %-10s %-10s\n", "L", "P", "t", "bound", "delay", "shape", "L+t", "L+t+1");
    for (const auto& b : rows) {
      const std::string at = verdict_at(b, true);
      std::printf("%3d %10lld %4d %6lld %6s %-8s %-10s %-10s\n", b.L, static_cast<long long>(b.P), b.t,
                  static_cast<long long>(b.lower_bound), b.delay ? std::to_string(*b.delay).c_str() : "none",
                  b.shape ? shape_name(*b.shape).c_str() : "-", at.c_str(), verdict_at(b, false).c_str());
      (b.optimal() ? optimal : b.delay ? plus_one : none) += 1;
      impossible += at == "IMPOSSIBLE";
      unknown += at == "UNKNOWN";
    }
    std::printf("%zu cells: %zu at L+t, %zu at L+t+1, %zu none; L+t IMPOSSIBLE %zu, UNKNOWN %zu; %.1f s\n",
                rows.size(), optimal, plus_one, none, impossible, unknown, seconds);
  });
}

}  // namespace blockcast::cli
