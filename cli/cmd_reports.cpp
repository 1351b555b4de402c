// Reports and exports (issue "Reports and exports"; paper 000 Sec. 3, paper 002 Sec. 6,
// paper 003 Sec. 2). Subcommands:
//   reception FILE --items K [--format text|markdown|svg] [--addressing absolute|relative] [--step-range A..B]
//   draw tree [--L 3 --t 7] [--svg]          draw automaton [--L 3] [--svg]
//   draw schedule FILE [--item I] [--svg]
//   report DIR                               (DIR/report.md and DIR/report.html)
//   export FILE --items K --format goal|csv
//   traffic FILE --items K [--m M] [--json]
// Schedules are always re-checked (symbolically and by the simulator) before they are shown
// or exported; a schedule that fails is reported as bad input (exit 2).
#include <iostream>
#include <nlohmann/json.hpp>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "drawings.hpp"
#include "expand.hpp"
#include "export.hpp"
#include "options.hpp"
#include "reception_table.hpp"
#include "run_report.hpp"
#include "simulator.hpp"
#include "table_render.hpp"
#include "traffic.hpp"

namespace blockcast::cli {

namespace {

struct ScheduleArgs {
  std::string file;
  i64 items = 0;
  std::string format;
  std::string addressing = "absolute";
  std::string steps;
  i64 m = 0;
  bool json = false;
};

void add_schedule_args(CLI::App* sub, ScheduleArgs& a) {
  sub->add_option("file", a.file, "assignment JSON file (docs/assignment-format.md)")->required();
  add_int(sub, "items", a.items)->required();
}

// The assignment expanded to K items, after the symbolic check and a simulator replay.
Schedule verified_schedule(const std::string& file, i64 items, Assignment* out = nullptr) {
  Assignment a = read_assignment_file(file);
  if (auto err = check_assignment(claimed_instance(a), a))
    throw InputError("'" + file + "' is not a legal assignment: " + *err);
  Schedule s = expand_assignment(a, items);
  if (SimulationResult r = simulate(s); !r.ok)
    throw InputError("'" + file + "' expanded to " + std::to_string(items) +
                     " items fails the simulator: " + r.violation.text);
  if (out) *out = a;
  return s;
}

void register_reception(CLI::App& app) {
  auto args = std::make_shared<ScheduleArgs>();
  args->format = "text";
  auto* sub = app.add_subcommand("reception",
                                 "reception table (processor x step) of an expanded schedule, as in paper 000 Fig. 2");
  add_schedule_args(sub, *args);
  add_string(sub, "format", args->format);
  add_string(sub, "addressing", args->addressing);
  add_string(sub, "step-range", args->steps);
  sub->callback([args] {
    if (args->format != "text" && args->format != "markdown" && args->format != "svg")
      throw InputError("--format '" + args->format + "': expected text, markdown or svg");
    const Addressing addressing = parse_addressing(args->addressing);
    Assignment a;
    const Schedule s = verified_schedule(args->file, args->items, &a);
    std::optional<std::pair<std::int64_t, std::int64_t>> range;
    if (!args->steps.empty()) range = parse_range("step-range", args->steps, 0, 999'999'999);
    ReceptionTable t = reception_table(s, addressing, range);
    t.row_groups = layout_groups(a);
    if (args->format == "text")
      std::cout << table_text(t);
    else if (args->format == "markdown")
      std::cout << table_markdown(t);
    else
      std::cout << table_svg(t);
  });
}

void register_draw(CLI::App& app) {
  struct Args {
    int L = 3, t = 7;
    bool svg = false;
  };
  auto* draw = app.add_subcommand("draw", "Graphviz drawings: the optimal broadcast tree, the word automaton, or one item's tree in a schedule");
  draw->require_subcommand(1);
  auto emit = [](const std::string& dot, bool svg) { std::cout << (svg ? render_svg(dot) : dot); };
  auto targs = std::make_shared<Args>();
  auto* tree = draw->add_subcommand("tree", "optimal broadcast tree T_t (node labels: delay and relative name) as DOT");
  add_int(tree, "L", targs->L);
  add_int(tree, "t", targs->t);
  add_flag(tree, "svg", targs->svg);
  tree->callback([targs, emit] { emit(tree_dot(targs->L, targs->t), targs->svg); });
  auto aargs = std::make_shared<Args>();
  auto* aut =
      draw->add_subcommand("automaton", "word automaton over the letters a.. of latency L (recurrent states) as DOT");
  add_int(aut, "L", aargs->L);
  add_flag(aut, "svg", aargs->svg);
  aut->callback([aargs, emit] { emit(automaton_dot(aargs->L), aargs->svg); });
  auto sargs = std::make_shared<ScheduleArgs>();
  auto item = std::make_shared<i64>(0);
  auto svg = std::make_shared<bool>(false);
  auto* sched = draw->add_subcommand(
      "schedule", "broadcast tree of one item of an assignment's expanded schedule (checked first) as DOT");
  sched->add_option("file", sargs->file, "assignment JSON file (docs/assignment-format.md)")->required();
  add_int(sched, "item", *item);
  add_flag(sched, "svg", *svg);
  sched->callback([sargs, item, svg, emit] {
    Assignment a;
    const Schedule s = verified_schedule(sargs->file, *item + 1, &a);
    emit(schedule_tree_dot(a, s, static_cast<int>(*item)), *svg);
  });
}

void register_report(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto* sub = app.add_subcommand("report", "write DIR/report.md and DIR/report.html from DIR/L<L>/certificate.json");
  sub->add_option("dir", *dir, "run directory of the conjecture command")->required();
  sub->callback([dir] {
    const RunReportFiles f = write_run_report(*dir);
    std::cout << "wrote " << f.markdown << " and " << f.html << "\n";
  });
}

void register_export(CLI::App& app) {
  auto args = std::make_shared<ScheduleArgs>();
  auto* sub = app.add_subcommand("export", "export an expanded schedule: GOAL (LogGOPSim) or CSV");
  add_schedule_args(sub, *args);
  add_string(sub, "format", args->format)->required();
  sub->callback([args] {
    if (args->format != "goal" && args->format != "csv")
      throw InputError("--format '" + args->format + "': expected goal or csv");
    const Schedule s = verified_schedule(args->file, args->items);
    std::cout << (args->format == "goal" ? goal_export(s) : csv_export(s));
  });
}

void register_traffic(CLI::App& app) {
  auto args = std::make_shared<ScheduleArgs>();
  auto* sub = app.add_subcommand(
      "traffic", "per-step sends, messages in flight and receptions; optional global limit m (paper 003)");
  add_schedule_args(sub, *args);
  add_int(sub, "m", args->m);
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    const TrafficProfile t = traffic_profile(verified_schedule(args->file, args->items));
    std::optional<BandwidthCharge> c;
    if (args->m > 0) c = bandwidth_charge(t, args->m);
    if (args->json)
      std::cout << traffic_json(t, c ? &*c : nullptr).dump(2) << "\n";
    else
      std::cout << traffic_text(t, c ? &*c : nullptr);
  });
}

}  // namespace

void register_reports(CLI::App& app) {
  register_reception(app);
  register_draw(app);
  register_report(app);
  register_export(app);
  register_traffic(app);
}

}  // namespace blockcast::cli
