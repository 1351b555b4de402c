// Reports and exports (Karp et al. 1993, Sec. 3; Subramonian and Venkatasubramanian 1993,
// Sec. 6; Adler et al. 1997, Sec. 2). Subcommands:
//   reception FILE --k K [--format text|markdown|svg] [--addressing absolute|relative] [--step-range A..B]
//   draw tree --L 3 (--t 7 | --P 10) [--format dot|svg]     draw automaton [--L 3] [--format dot|svg]
//   draw schedule FILE [--item I] [--format dot|svg]
//   report DIR                               (DIR/report.md and DIR/report.html)
//   export FILE --k K --format goal|csv [--bytes N] [--segment-bytes S]
//   traffic FILE --k K [--m M] [--json]
// FILE is any schedule blockcast writes (engine/schedule_json.hpp; "-" = stdin). Schedules
// are always re-checked (symbolically and by the simulator) before they are shown or
// exported; a schedule that fails is reported as bad input (exit 2).
#include <iostream>
#include <nlohmann/json.hpp>

#include "assignment_json.hpp"
#include "check.hpp"
#include "commands.hpp"
#include "drawings.hpp"
#include "expand.hpp"
#include "export.hpp"
#include "options.hpp"
#include "postal.hpp"
#include "reception_table.hpp"
#include "run_report.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"
#include "table_render.hpp"
#include "traffic.hpp"

namespace blockcast::cli {

namespace {

struct ScheduleArgs {
  std::string file;
  i64 k = 0;
  i64 bytes = 0, segment_bytes = 0;  // export: the message's size, or each item's (0 = 1-byte messages)
  std::string format;
  std::string addressing = "absolute";
  IntList steps;
  i64 m = 0;
  bool json = false;
};

void add_schedule_args(CLI::App* sub, ScheduleArgs& a) {
  add_schedule_file(sub, a.file);
  add_alias(sub, "items", add(sub, "k", a.k));
}

// The schedule of `file`, checked and expanded (search/check/schedule_check.hpp);
// `a` receives the assignment if there is one.
Schedule verified_schedule(const std::string& file, i64 k, const std::string& command,
                           std::optional<Assignment>* a = nullptr) {
  ScheduleInput in = read_schedule_input(file, command);
  Schedule s = blockcast::verified_schedule(in, k, file);
  if (a) *a = std::move(in.assignment);
  return s;
}

// `--svg`, the old spelling of `--format svg`, still works but is hidden from --help.
void add_svg_alias(CLI::App* sub, std::string& format) {
  sub->add_flag_callback("--svg", [&format] { format = "svg"; }, "same as --format svg")->group("");
}

// The drawing as DOT, as SVG (Graphviz), or with --json the DOT text in the envelope.
void draw_output(const Invocation& inv, const std::string& dot, const std::string& format, bool json) {
  if (format != "dot" && format != "svg") throw InputError("--format '" + format + "': expected dot or svg");
  const std::string text = format == "svg" ? render_svg(dot) : dot;
  if (json) return print_json(inv, "blockcast-draw", {{format, text}});
  std::cout << text;
}

void register_reception(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<ScheduleArgs>();
  args->format = "text";
  auto* sub = app.add_subcommand(
      "reception", "reception table (processor x step) of an expanded schedule, as in Karp et al. 1993, Fig. 2");
  add_schedule_args(sub, *args);
  add(sub, "format", args->format);
  add(sub, "addressing", args->addressing);
  add(sub, "step-range", args->steps);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    if (args->format != "text" && args->format != "markdown" && args->format != "svg")
      throw InputError("--format '" + args->format + "': expected text, markdown or svg");
    const Addressing addressing = parse_addressing(args->addressing);
    std::optional<Assignment> a;
    const Schedule s = verified_schedule(args->file, args->k, "reception", &a);
    std::optional<std::pair<std::int64_t, std::int64_t>> range;
    if (!args->steps.parts.empty()) range = args->steps.parts.front();
    ReceptionTable t = reception_table(s, addressing, range);
    if (a) t.row_groups = layout_groups(*a);
    if (args->json) return print_json(inv, "blockcast-reception", reception_json(t));
    if (args->format == "text")
      std::cout << table_text(t);
    else if (args->format == "markdown")
      std::cout << table_markdown(t);
    else
      std::cout << table_svg(t);
  });
}

// The depth of the tree `draw tree --P` draws: P as in `solve --P` (processors including the
// source), so the optimal tree T_t has P-1 = f_t nodes; other P have no optimal tree.
int depth_for_P(int L, i64 P) {
  require_latency(L);
  const int t = broadcast_depth(L, P - 1);
  if (fib(L, t) == P - 1) return t;
  throw InputError("--P " + std::to_string(P) + ": draw tree draws the optimal tree T_t, P-1 = f_t nodes; P = " +
                   std::to_string(P) + " lies between P = " + std::to_string(fib(L, t - 1) + 1) + " (--t " +
                   std::to_string(t - 1) + ") and P = " + std::to_string(fib(L, t) + 1) + " (--t " + std::to_string(t) + ")");
}

void register_draw(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0;  // required (the options table): no default
    i64 P = 0;         // instead of t, as in solve
    std::string format;
    bool json = false;
  };
  auto* draw = app.add_subcommand("draw", "Graphviz drawings: the optimal broadcast tree, the word automaton, or one item's tree in a schedule");
  draw->require_subcommand(1);
  auto targs = std::make_shared<Args>();
  auto* tree = draw->add_subcommand("tree", "optimal broadcast tree T_t (node labels: delay and relative name) as DOT");
  add(tree, "L", targs->L);
  auto* t_opt = add(tree, "t", targs->t);
  auto* P_opt = add(tree, "P", targs->P);
  add(tree, "format", targs->format);
  add_svg_alias(tree, targs->format);
  add(tree, "json", targs->json);
  tree->callback([targs, t_opt, P_opt, &inv] {
    if (t_opt->count() && P_opt->count()) throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
    const int t = P_opt->count() ? depth_for_P(targs->L, targs->P) : targs->t;
    draw_output(inv, tree_dot(targs->L, t), targs->format, targs->json);
  });
  auto aargs = std::make_shared<Args>();
  auto* aut =
      draw->add_subcommand("automaton", "word automaton over the letters a.. of latency L (recurrent states) as DOT");
  add(aut, "L", aargs->L);
  add(aut, "format", aargs->format);
  add_svg_alias(aut, aargs->format);
  add(aut, "json", aargs->json);
  aut->callback([aargs, &inv] { draw_output(inv, automaton_dot(aargs->L), aargs->format, aargs->json); });
  auto sargs = std::make_shared<ScheduleArgs>();
  auto item = std::make_shared<i64>(0);
  auto format = std::make_shared<std::string>();
  auto* sched = draw->add_subcommand(
      "schedule", "broadcast tree of one item of a schedule (assignment expanded, or k-item / periodic; checked first) as DOT");
  add_schedule_file(sched, sargs->file);
  add(sched, "item", *item);
  add(sched, "format", *format);
  add_svg_alias(sched, *format);
  add(sched, "json", sargs->json);
  sched->callback([sargs, item, format, &inv] {
    std::optional<Assignment> a;  // block-cyclic: nodes also name their block and word
    const Schedule s = verified_schedule(sargs->file, *item + 1, "draw schedule", &a);
    draw_output(inv, schedule_tree_dot(a ? &*a : nullptr, s, static_cast<int>(*item)), *format, sargs->json);
  });
}

void register_report(CLI::App& app, const Invocation& inv) {
  auto dir = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  auto* sub = app.add_subcommand("report", "write DIR/report.md and DIR/report.html from DIR/L<L>/certificate.json");
  sub->add_option("dir", *dir, "run directory of the conjecture command")->required();
  add(sub, "json", *json);
  sub->callback([dir, json, &inv] {
    const RunReportFiles f = write_run_report(*dir);
    if (*json) return print_json(inv, "blockcast-report", {{"markdown", f.markdown}, {"html", f.html}});
    std::cout << "wrote " << f.markdown << " and " << f.html << "\n";
  });
}

void register_export(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<ScheduleArgs>();
  auto* sub = app.add_subcommand("export", "export an expanded schedule: GOAL (LogGOPSim) or CSV");
  add_schedule_args(sub, *args);
  add(sub, "format", args->format);
  add(sub, "bytes", args->bytes);
  add(sub, "segment-bytes", args->segment_bytes);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    if (args->json && args->format.empty()) args->format = "json";
    if (args->format != "goal" && args->format != "csv" && args->format != "json")
      throw InputError("--format '" + args->format + "': expected goal, csv or json");
    const bool sized = args->bytes > 0 || args->segment_bytes > 0;
    if (sized && args->format == "json")
      throw InputError("--bytes, --segment-bytes: the JSON schedule carries no sizes; they go into --format goal or csv");
    const Schedule s = verified_schedule(args->file, args->k, "export");
    // --json (or --format json): the explicit schedule, which every schedule command reads.
    if (args->format == "json") return print_json(inv, outcome_from_json("blockcast-schedule", to_json(s)));
    const ItemBytes sizes = segment_bytes(s.items, args->bytes, args->segment_bytes);
    std::cout << (args->format == "goal" ? goal_export(s, sizes) : csv_export(s, sizes));
  });
}

void register_traffic(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<ScheduleArgs>();
  auto* sub = app.add_subcommand(
      "traffic", "per-step sends, messages in flight and receptions; optional global limit m (Adler et al. 1997)");
  add_schedule_args(sub, *args);
  add(sub, "m", args->m);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    const TrafficProfile t = traffic_profile(verified_schedule(args->file, args->k, "traffic"));
    std::optional<BandwidthCharge> c;
    if (args->m > 0) c = bandwidth_charge(t, args->m);
    if (args->json)
      print_json(inv, "blockcast-traffic", traffic_json(t, c ? &*c : nullptr));
    else
      std::cout << traffic_text(t, c ? &*c : nullptr);
  });
}

}  // namespace

void register_reports(CLI::App& app, const Invocation& inv) {
  register_reception(app, inv);
  register_draw(app, inv);
  register_report(app, inv);
  register_export(app, inv);
  register_traffic(app, inv);
}

}  // namespace blockcast::cli
