// `blockcast conjecture`: certified runs per L (verify-certificate: cmd_verify_certificate.cpp)
// (Karp et al. 1993, Sec. 3.3; SPEC Sec. 7). With --shape pruned the same induction runs over
// pruned trees (SPEC Sec. 6; Karp et al. 1993, Thm 3.5; docs/induction.md) and a table of
// t = L..40 (L = 2; t0+2L-1 otherwise) compares delay L+t+1 (pruned, achieved) with L+t (optimal tree).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <chrono>
#include <iostream>
#include <map>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "conjecture.hpp"
#include "schedule_json.hpp"
#include "memory_watch.hpp"
#include "output_lock.hpp"
#include "progress.hpp"
#include "certificate_text.hpp"
#include "report_hook.hpp"
#include "search_args.hpp"
#include "unit_runner.hpp"

namespace blockcast::cli {


namespace {
// The largest L a conjecture run takes (the option table's range of --L says the same).
constexpr std::int64_t kMaxConjectureL = 1024;

nlohmann::json table_json(const ConjectureResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.table)
    rows.push_back({{"t", row.t},
                    {"P", row.P},
                    {"delay", row.delay},
                    {"pruned", verdict_name(row.pruned)},
                    {"source", row.source},
                    {"achieved_delay", row.achieved},
                    {"simulated", row.simulated},
                    {"optimal_delay", row.delay - 1},
                    {"optimal", verdict_name(row.optimal)},
                    {"optimal_note", row.optimal_note},
                    {"optimal_seconds", row.optimal_seconds}});
  return rows;
}

void print_table(std::ostream& out, const ConjectureResult& r) {
  out << "  " << std::left << std::setw(5) << "t" << std::setw(13) << "P" << std::setw(7) << "delay"
            << std::setw(40) << "pruned tree (delay L+t+1)" << " " << std::setw(6) << "delay"
            << "optimal tree (L+t)" << std::right << "\n";
  for (const auto& row : r.table) {
    std::string how = verdict_name(row.pruned);
    if (!row.source.empty()) how += " (" + row.source + (row.simulated ? ", simulated" : ", symbolic") + ")";
    // A pruned tree without label-T leaves is T_t itself and finishes one step early.
    if (row.pruned == Verdict::solved && row.achieved < row.delay) how += ", ends at " + std::to_string(row.achieved);
    out << "  " << std::left << std::setw(5) << row.t << std::setw(13) << row.P << std::setw(7) << row.delay
              << std::setw(40) << how << " " << std::setw(6) << row.delay - 1 << verdict_name(row.optimal) << std::right
              << "\n";
  }
}
}  // namespace

void register_conjecture(CLI::App& app, const Invocation& inv) {
  struct Args {
    IntList L;
    std::string out;
    std::string shape;
    std::string method;
    std::int64_t seed = 1;
    std::string resume;
    int t_max = 0;
    int settle_tries = 0;
    std::int64_t max_memory = 0;
    SearchArgs search;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "conjecture", "certify the conjecture of Karp et al. 1993 per L: L consecutive base cases + induction");
  add(sub, "L", a->L);
  add(sub, "out", a->out);
  add(sub, "shape", a->shape);
  add(sub, "method", a->method);
  add(sub, "seed", a->seed);
  add(sub, "t-max", a->t_max);
  add(sub, "settle-tries", a->settle_tries);
  add(sub, "resume", a->resume);
  add(sub, "max-memory", a->max_memory);
  a->search.add(sub);
  sub->callback([a, sub, &inv] {
    const std::vector<i64> Ls = a->L.values("L", kMaxConjectureL);
    ConjectureOptions co;
    co.search = a->search.options();
    // --time-limit bounds the whole command, not each of its many searches.
    if (co.search.limits.time_limit > 0)
      co.deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(co.search.limits.time_limit));
    co.search.limits.time_limit = 0;
    co.method = parse_method(a->method);
    co.constructive.seed = static_cast<std::uint64_t>(a->seed);
    co.t_max = a->t_max;
    co.search.tuning.settle_tries = a->settle_tries;
    co.shape = parse_shape(a->shape);
    if (co.shape != Shape::optimal && co.shape != Shape::pruned)
      throw InputError("conjecture: --shape must be optimal or pruned (the induction does not cover ties)");
    const bool pruned = co.shape == Shape::pruned;
    auto progress = std::make_shared<Progress>();  // stderr, only when it is a terminal
    co.progress = [progress](const std::string& s) { progress->update(s); };
    if (!a->resume.empty() && !a->out.empty() && a->out != a->resume)
      throw InputError("--resume " + a->resume + " and --out " + a->out + ": the run resumed writes where it started");
    if (!a->resume.empty()) a->out = a->resume;
    OutputLocks locks({a->out});  // one run per output folder
    // --max-memory: stops before the limit, printing the L finished (recorded
    // with --out, so --resume continues); cli/memory_watch.hpp.
    MemoryWatch memory(
        a->max_memory,
        [&](const std::string& reason, const std::vector<nlohmann::json>& finished) -> std::string {
          if (a->search.json)
            return envelope_text(to_json(Outcome{"blockcast-conjecture", Status::unknown, reason, std::nullopt,
                                                 nlohmann::json(), {{"latencies", finished}}},
                                         inv.command_line)) + "\n";
          return "UNKNOWN: " + reason + (a->out.empty() ? "" : "; --resume " + a->out + " continues") + "\n";
        },
        [&locks] { locks.release(); });
    // One unit per L (cli/unit_runner.hpp): spread over MPI ranks, recorded for --resume.
    std::vector<std::string> keys;
    for (const i64 L : Ls) keys.push_back("L" + std::to_string(L));
    // Certificates this process verified, for the report (MPI workers' and resumed units'
    // certificates are read back and verified there instead).
    auto verified = verified_certificates();
    UnitRunOptions units{a->out, !a->resume.empty(),
                         option_fingerprint(sub, {"L", "out", "resume", "threads", "max-memory", "time-limit"}), &memory};
    units.parallel = co.search.threads == 1 ? 1 : 2;
    std::mutex verified_mutex;
    auto summaries = run_units(keys, units, [&](std::size_t unit, UnitOutput& unit_out) {
      const int L = static_cast<int>(Ls[unit]);
      // Every base case is checked symbolically; the postal simulator replays those with
      // P * (items + L + T) below this bound (smaller for large L, where it dominates).
      ConjectureOptions col = co;
      if (L > 16) col.search.tuning.max_sim_events = 200'000;
      ConjectureResult r = run_conjecture(L, col);
      nlohmann::json smaller = nlohmann::json::array();
      for (const auto& s : r.smaller)
        smaller.push_back({{"t", s.t}, {"verdict", verdict_name(s.verdict)}, {"mode", s.method},
                           {"nodes", s.stats.nodes}, {"seconds", s.stats.seconds}, {"note", s.covered}});
      nlohmann::json summary = {{"L", L}, {"shape", shape_name(co.shape)}, {"verdict", verdict_name(r.verdict)},
                                {"searches", r.searches}, {"seconds", r.seconds}, {"stats", r.stats.json()},
                                {"note", r.note}};
      if (r.verdict == Verdict::solved) {
        r.certificate.extra = {{"mode", method_name(co.method)}, {"smaller", smaller},
                               {"compositions_checked", r.compositions}, {"seconds", r.seconds},
                               {"stats", r.stats.json()}};
        summary["t0"] = r.certificate.t0;
        summary["t0_minimal"] = r.minimal;
        summary["x"] = letter_name(r.certificate.x);
        summary["methods"] = r.methods;
        summary["compositions_checked"] = r.compositions;
        if (pruned) summary["table"] = table_json(r);
        if (!a->out.empty()) {
          auto dir = std::filesystem::path(a->out) / ("L" + std::to_string(L));
          std::vector<std::string> files;
          for (const auto& b : r.certificate.base_cases)
            files.push_back("L" + std::to_string(L) + "_t" + std::to_string(b.t) + ".json");
          CertificateText text = render_certificate(r.certificate, files);
          for (std::size_t i = 0; i < files.size(); ++i)
            unit_out.files.emplace_back((dir / files[i]).string(), std::move(text.base_cases[i]));
          {
            std::lock_guard<std::mutex> lock(verified_mutex);  // units run two at a time
            add_verified(*verified, text.outline, r.certificate.base_cases, "L" + std::to_string(L),
                         (dir / "certificate.json").string());
          }
          unit_out.files.emplace_back((dir / "certificate.json").string(), std::move(text.certificate));
          summary["certificate"] = (dir / "certificate.json").string();
          if (pruned) {
            unit_out.files.emplace_back((dir / "table.json").string(),
                                        json_text({{"L", L}, {"shape", "pruned"}, {"t0", r.certificate.t0},
                                                   {"x", letter_name(r.certificate.x)}, {"rows", table_json(r)}}));
            summary["table_file"] = (dir / "table.json").string();
          }
        }
      }
      unit_out.summary = summary;
      // An L that ran into the deadline is printed, not recorded: --resume runs it again.
      unit_out.complete = !co.deadline || std::chrono::steady_clock::now() < *co.deadline;
      if (a->search.json) return;
      std::ostream& os = unit_out.text;
      os << "L=" << L << (pruned ? " pruned" : "") << "  " << verdict_name(r.verdict);
      if (r.verdict == Verdict::solved) {
        os << "  t0=" << r.certificate.t0 << (r.minimal ? "" : " (smallest found; a smaller one hit a limit)")
                  << "  x=" << letter_name(r.certificate.x);
        if (L <= 16) {
          os << "  roots:";
          for (const auto& b : r.certificate.base_cases) os << " " << word_string(root_block(b)->word);
        }
        std::map<std::string, int> by_method;
        for (const auto& m : r.methods) ++by_method[m];
        os << "\n  base cases by method:";
        for (const auto& [m, n] : by_method) os << " " << m << " " << n;
        os << "\n  smaller t:";
        for (const auto& s : r.smaller)
          if (s.verdict != Verdict::solved) os << " t=" << s.t << ":" << verdict_name(s.verdict);
        os << (r.smaller.empty() ? "" : " (all others SOLVED)") << "\n  induction checked for t="
                  << r.compositions.front() << ".." << r.compositions.back();
        if (pruned) {
          os << " (pruned trees, delay L+t+1 for every t >= " << r.certificate.t0 << ")\n";
          print_table(os, r);
          os << "  ";
        }
      } else {
        os << "  " << r.note;
      }
      os << "\n  " << r.searches << " searches, " << r.stats.nodes << " nodes, " << r.seconds << " s\n";
      if (a->search.stats) os << "  stats " << r.stats.json().dump() << "\n";
    });
    progress->finish();
    if (!summaries) return;  // an MPI worker rank: rank 0 writes everything
    const nlohmann::json all = *summaries;
    if (!a->out.empty()) {
      write_json_file((std::filesystem::path(a->out) / "summary.json").string(), all);
      // A time limit can stop the run before any L is certified: then there is nothing to
      // report (the report reads certificates), and the exit code below says UNKNOWN.
      const bool any = std::any_of(all.begin(), all.end(),
                                   [](const nlohmann::json& s) { return s.value("verdict", std::string()) == "SOLVED"; });
      if (any) write_report(a->out, verified.get());
      if (!a->search.json)
        std::cout << (any ? "report: " + a->out + "/report.md, " + a->out + "/report.html\n"
                          : "no report: no L was certified (" + a->out + "/summary.json has the verdicts)\n");
    }
    // docs/exit-codes.md: the worst verdict over the L (UNKNOWN > IMPOSSIBLE > SOLVED).
    Status worst = Status::solved;
    for (const auto& s : all) {
      const std::string v = s.value("verdict", std::string("UNKNOWN"));
      worst = worse(worst, v == "UNKNOWN" ? Status::unknown : v == "IMPOSSIBLE" ? Status::impossible : Status::solved);
    }
    if (a->search.json) print_json(inv, "blockcast-conjecture", {{"latencies", all}}, worst);
    exit_with(worst);
  });
}

}  // namespace blockcast::cli
