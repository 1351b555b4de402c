// `blockcast table --L A..B --P C..D`: a checked schedule for every (L, P) (SPEC Sec. 2,
// 6-7; the run: search/everyp/table_run.hpp). Output is compressed into ranges of P with the same
// lower bound, delay, shape, method and proof status (text, --format markdown, --json);
// --cells prints every cell instead, with --json one assignment object per line (JSON
// Lines) that `check`, `simulate`, `export`, `draw` and `traffic` read as it is. All limits
// are node counts, so the output is the same on every run, machine and thread count, except
// with --time-limit: a deadline for the whole command, after which no cell starts (the cells
// not reached have no schedule and the command exits 5, docs/exit-codes.md). --period A..B
// adds the periodic search (SAT, --period-time-limit per cell) to the cells above the
// lower bound: its column depends on the machine's speed, the rest of the table does not.
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>

#include "commands.hpp"
#include "memory_watch.hpp"
#include "options.hpp"
#include "output_lock.hpp"
#include "progress.hpp"
#include "table_answer.hpp"  // reports/: the run (search/everyp/table_run.hpp), its ranges and report page
#include "table_units.hpp"
#include "unit_runner.hpp"

namespace blockcast::cli {

namespace {

std::string duration(double s) {
  char buf[32];
  if (s < 60)
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  else
    std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  return buf;
}

struct Args {
  IntList L, P, periods;
  double period_time_limit = 0;
  std::string format, resume, out;
  int threads = 0;
  std::int64_t max_nodes = 0, max_memory = 0;
  double time_limit = 0;
  bool json = false, cells = false;
};

TableRequest request(const Args& a) {
  TableRequest q;
  for (const i64 L : a.L.values("L", 256)) q.Ls.push_back(static_cast<int>(L));
  q.P = a.P.parts;
  if (!a.periods.parts.empty()) q.periods = {static_cast<int>(a.periods.front()), static_cast<int>(a.periods.parts.front().second)};
  q.period_time_limit = a.period_time_limit, q.threads = a.threads, q.max_nodes = a.max_nodes;
  q.time_limit = a.time_limit;
  q.keep_witnesses = a.cells;
  return q;
}

// The options table states EveryPOptions' own budgets as the default; every table run
// checks that the two still agree, so --help never shows a stale number.
void check_option_defaults() {
  if (std::to_string(EveryPOptions{}.cell_nodes) != option_spec("table", "max-nodes").deflt ||
      EveryPOptions{}.base_nodes != EveryPOptions{}.cell_nodes)
    throw std::logic_error("options table: table --max-nodes default differs from EveryPOptions");
}

// The table rendered as the command prints it (without --cells' summary line).
std::string ranges_output(const Args& a, const Invocation& inv, const std::vector<CellRange>& ranges,
                          const TableSummary& sum, Verdict verdict, const std::string& reason) {
  if (!a.json) return a.format == "markdown" ? ranges_markdown(ranges, sum) : ranges_text(ranges, sum);
  Outcome o = outcome_from_json("blockcast-table", ranges_json(ranges, sum), verdict);
  o.reason = reason;
  return envelope_text(to_json(o, inv.command_line)) + "\n";
}

// What --max-memory prints when it stops the run: the ranges of the L finished, then UNKNOWN.
std::string table_stopped_output(const Args& a, const Invocation& inv, const std::string& reason,
                           const std::vector<nlohmann::json>& finished, double seconds) {
  auto [ranges, sum, lines] = join_table_parts(finished);
  sum.seconds = seconds;
  if (a.json && !a.cells) return ranges_output(a, inv, ranges, sum, Verdict::unknown, reason);  // the envelope says it
  std::string text;
  if (a.cells)
    for (const auto& l : lines) text += l + "\n";
  else
    text = ranges_output(a, inv, ranges, sum, Verdict::unknown, reason);
  return text + "UNKNOWN: " + reason + (a.resume.empty() ? "" : "; --resume " + a.resume + " continues") + "\n";
}

// Rank 0's output once every L is in: the report page, the cells or the ranges; exit 5
// (docs/exit-codes.md) when a cell has no schedule: a limit stopped every depth tried.
void print_table(const Args& a, const Invocation& inv, const std::vector<nlohmann::json>& parts, double seconds) {
  auto [ranges, sum, lines] = join_table_parts(parts);
  sum.seconds = seconds;
  if (!a.out.empty()) {  // the report page with the heat map (reports/table_heatmap.hpp)
    const WrittenPages w = write_table_report(a.out, ranges, sum);
    std::cerr << "report: " << w.markdown << ", " << w.html << "\n";
  }
  const Verdict verdict = sum.none > 0 ? Verdict::unknown : Verdict::solved;
  if (a.cells) {
    for (const auto& l : lines) std::cout << l << "\n";
    if (!a.json) std::cout << summary_line(sum) << "\n";
  } else if (a.json) {
    print_json(inv, "blockcast-table", ranges_json(ranges, sum), verdict);
  } else {
    std::cout << ranges_output(a, inv, ranges, sum, verdict, "");
  }
  if (sum.none > 0) leave(Verdict::unknown);
}

// One unit: the rows of one L, with the progress line over the whole table.
nlohmann::json table_unit(const Args& a, const TableRequest& q, const EveryPOptions& opt, std::size_t unit,
                          ProgressLine& bar, const std::function<double()>& elapsed) {
  const auto width = static_cast<std::size_t>(a.P.size());
  const auto cells = q.Ls.size() * width;
  const auto rows = table_rows(q, q.Ls[unit], opt, [&](std::size_t done_in_L, std::size_t) {
    if (!bar.enabled()) return;
    const double s = elapsed();
    const std::size_t done = unit * width + done_in_L;
    bar.update("table: " + std::to_string(done) + "/" + std::to_string(cells) + " cells, " + duration(s) +
               " elapsed, ETA " + duration(s / static_cast<double>(done) * static_cast<double>(cells - done)));
  });
  return table_part_json(rows, a.cells, a.json);
}

// The command: validated request, one unit per L (cli/unit_runner.hpp: spread over MPI
// ranks, recorded with --resume DIR) under the whole command's deadline, then the output.
void table_command(const Args& a, const CLI::App* sub, const Invocation& inv) {
  if (a.format != "text" && a.format != "markdown")
    throw InputError("--format '" + a.format + "': expected text or markdown");
  const TableRequest q = request(a);
  check_table_request(q);  // the run layer's one validation (search/everyp/table_run.hpp)
  check_option_defaults();
  const EveryPOptions opt = table_options(q, with_deadline_in(Limits{}, a.time_limit));  // the whole command's deadline
  const auto start = std::chrono::steady_clock::now();
  const std::function<double()> elapsed = [start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  OutputLocks locks({a.resume, a.out});  // one run per output folder
  // --max-memory: stops before the limit with the ranges of the L finished
  // (recorded with --resume DIR, which continues); cli/memory_watch.hpp.
  MemoryWatch memory(
      a.max_memory,
      [&](const std::string& reason, const std::vector<nlohmann::json>& finished) {
        return table_stopped_output(a, inv, reason, finished, elapsed());
      },
      [&locks] { locks.release(); });
  ProgressLine bar;
  std::vector<std::string> keys;
  for (const int L : q.Ls) keys.push_back("L" + std::to_string(L));
  const UnitRunOptions units{a.resume, !a.resume.empty(),
                             option_fingerprint(sub, {"L", "threads", "resume", "out", "max-memory", "time-limit"}), &memory};
  const auto parts = run_units(keys, units, [&](std::size_t unit, UnitOutput& out) {
    out.summary = table_unit(a, q, opt, unit, bar, elapsed);
    out.complete = !opt.limits.expired();  // cells the deadline left out: --resume runs this L again
  });
  bar.finish();
  if (!parts) return;  // an MPI worker rank: rank 0 prints
  print_table(a, inv, *parts, elapsed());
}

}  // namespace

void register_table(CLI::App& app, const Invocation& inv) {
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("table", "a checked schedule for every (L, P): delay, lower bound, method, proof status");
  add(sub, "L", a->L);
  add(sub, "P", a->P);
  add(sub, "threads", a->threads);
  add(sub, "max-nodes", a->max_nodes);
  add(sub, "time-limit", a->time_limit);
  add(sub, "json", a->json);
  add(sub, "cells", a->cells);
  add(sub, "format", a->format);
  add(sub, "resume", a->resume);
  add(sub, "out", a->out);
  add(sub, "max-memory", a->max_memory);
  add(sub, "period", a->periods);
  add(sub, "period-time-limit", a->period_time_limit);
  sub->callback([a, sub, &inv] { table_command(*a, sub, inv); });
}

}  // namespace blockcast::cli
