// k-item broadcast and general continuous schedules (Karp et al. 1993 Sec. 3.1 and 3.4,
// Subramonian and Venkatasubramanian 1993 Sec. 4-7). Subcommands:
//   kbroadcast --k K (--L L --P P | --assignment FILE) [--out DIR] [--json] [--time-limit S]
//       the k-item run (search/kitem/kitem_run.hpp, fast first): bounds, the cut continuous
//       schedule and the endgame-adjusted schedules, simulated; reports/kbroadcast_schedules.hpp renders;
//       --out writes each schedule as JSON, GOAL, CSV and a reception table
//   kbroadcast-table --L A..B --P A..B --k A..B [--json] [--time-limit S]
//       exact optimum (SAT, DRAT-checked) vs our schedules vs the lower bound
//   kbroadcast-table --ranges --L A..B --P A..B --k A..B [--threads N] [--json] [--time-limit S]
//       [--exact-time-limit S] [--counting-time-limit S]
//       constructions only, at any size, compressed into ranges
//   continuous-search --L L (--t T | --P P) [--delay D] [--period A..B] [--window N] [--json]
//       periodic schedules of each period with delay D (default L + B(P-1)), and optionally
//       a window of N items of any continuous schedule
//   simple-schedule --L L --P A..B --k K [--json]
//       the simple schedule of Subramonian and Venkatasubramanian (1993, Sec. 6), built and
//       replayed (buffered model), vs ours
//   latency --L L --P P[,P2..] [--d A..B] [--samples N] [--seed S] --k K [--svg FILE] [--json]
//       ours and the simple schedule with every latency in [L-d, L+d]: random and adversary
// Each subcommand only parses its options into the request of its run (search/kitem/
// kitem_table_run, continuous_search_run, simple_schedule_run, latency_run), reached and
// rendered through reports/ (kbroadcast_table_run, continuous_search, kbroadcast_latency).
// Exit codes (docs/exit-codes.md): 0 ok / SOLVED, 1 a schedule fails the simulator,
// 2 bad input, 4 IMPOSSIBLE (continuous-search: nothing found and everything refuted),
// 5 UNKNOWN (a limit was hit).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <nlohmann/json.hpp>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "export.hpp"
#include "continuous_search.hpp"     // continuous-search: the run and its render
#include "kbroadcast_latency.hpp"     // simple-schedule, latency: the runs and their render
#include "kbroadcast_schedules.hpp"   // kbroadcast: the run's request, result and render
#include "kbroadcast_table_run.hpp"   // kbroadcast-table: the run and its render
#include "memory_watch.hpp"
#include "options.hpp"
#include "output_lock.hpp"
#include "postal.hpp"
#include "progress.hpp"
#include "schedule_json.hpp"
#include "reception_table.hpp"
#include "table_render.hpp"

namespace blockcast::cli {

namespace {

void write_file(const std::filesystem::path& p, const std::string& text) { write_output("out", p.string(), text); }

void export_schedules(const KItemSchedules& ks, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("--out '" + dir + "': " + ec.message());
  for (const KItemSchedule& s : ks.schedules) {
    const std::filesystem::path base = std::filesystem::path(dir) / s.name;
    write_file(base.string() + ".json", schedule_json(s).dump() + "\n");
    if (s.schedule.messages.empty() && s.implicit) continue;  // implicit form only: no message list to export
    write_file(base.string() + ".goal", goal_export(s.schedule));
    write_file(base.string() + ".csv", csv_export(s.schedule));
    write_file(base.string() + ".reception.txt", table_text(reception_table(s.schedule, Addressing::absolute)));
  }
}

struct KbroadcastArgs {
  int L = 0;  // required unless --assignment (the options table)
  i64 P = 0, k = 0;
  std::string assignment, out;
  double time_limit = kKitemTimeLimit;  // the options table's default is the same constant
  bool json = false;
};

// The request of `kbroadcast`: --L/--P, or those of --assignment (a checked block-cyclic
// schedule to cut instead of searching one; --L/--P given too must agree).
KitemRequest kbroadcast_request(const KbroadcastArgs& args, bool L_given, bool P_given) {
  KitemRequest q;
  q.L = args.L, q.P = args.P, q.k = args.k, q.time_limit = args.time_limit, q.threads = 1;
  if (args.assignment.empty()) {
    if (q.P < 2) throw InputError("--P must be >= 2");
    return q;
  }
  const ScheduleInput in = read_schedule_input(args.assignment, "kbroadcast --assignment");
  if (!in.assignment) throw InputError("--assignment '" + args.assignment + "' holds " + in.format + ": kbroadcast cuts a block-cyclic assignment (blockcast-assignment)");
  if (auto err = check_assignment(claimed_instance(*in.assignment), *in.assignment))
    throw InputError("'" + args.assignment + "' is not a legal assignment: " + *err);
  if (!L_given) q.L = in.assignment->L;
  if (!P_given) q.P = in.assignment->P;
  q.continuous = *in.assignment;
  return q;
}

// Prints the result (text or JSON) and leaves with its exit code: 1 a schedule failed its
// replay, 5 UNKNOWN, 0 otherwise.
void render_kbroadcast(const Invocation& inv, const KitemResult& r, const KbroadcastArgs& args) {
  const Verdict st = !r.checks_ok ? Verdict::rejected : r.verdict == Verdict::unknown ? Verdict::unknown : Verdict::solved;
  if (args.json) {
    nlohmann::json j = kitem_result_json(r);
    j["verdict"] = to_string(st);
    print_json(inv, "blockcast-kbroadcast", j, st);
  } else {
    std::cout << kitem_result_text(r);
    if (!args.out.empty() && !r.schedules.schedules.empty())
      std::cout << "wrote " << args.out << "/<name>.json|.goal|.csv|.reception.txt\n";
  }
  if (st != Verdict::solved) leave(st);
}

void register_kbroadcast_main(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<KbroadcastArgs>();
  auto* sub = app.add_subcommand(
      "kbroadcast", "k-item broadcast: bounds (Karp et al. 1993 Thm 3.1, Subramonian and Venkatasubramanian 1993), the cut continuous schedule and its endgame");
  auto* Lopt = add(sub, "L", args->L);
  auto* Popt = add(sub, "P", args->P);
  add(sub, "k", args->k);
  add(sub, "assignment", args->assignment);
  add(sub, "out", args->out);
  // The options table shows the default in help; it must be the run's one constant.
  if (std::stod(add(sub, "time-limit", args->time_limit)->get_default_str()) != kKitemTimeLimit)
    throw std::logic_error("cli/options.cpp: kbroadcast --time-limit's default is not kKitemTimeLimit");
  add(sub, "json", args->json);
  sub->callback([args, Lopt, Popt, &inv] {
    const OutputLocks locks({args->out});  // one run per output folder
    const KitemRequest q = kbroadcast_request(*args, Lopt->count() > 0, Popt->count() > 0);
    ProgressLine bar;  // stderr, only when it is a terminal
    Ticker tick(bar, "kbroadcast: constructions, then the SAT endgames", args->time_limit);
    const KitemResult r = kitem_run(q);
    tick.stop();
    if (!args->out.empty()) export_schedules(r.schedules, args->out);
    render_kbroadcast(inv, r, *args);
  });
}

// One range A..B of a list option (kbroadcast-table takes no lists).
std::pair<std::int64_t, std::int64_t> one_range(const char* name, const IntList& l) {
  if (l.parts.size() != 1) throw InputError(std::string("--") + name + ": kbroadcast-table takes one range A..B");
  return l.parts[0];
}

// kbroadcast-table's answer as it went: the exact rows printed as they finish, --max-memory
// stopping them before the limit with the rows finished (cli/memory_watch.hpp).
KitemTableResult run_kbroadcast_table(const Invocation& inv, const KitemTableRequest& q, bool json,
                                      std::int64_t max_memory) {
  check_kitem_table_request(q);  // bad input prints nothing but its line
  MemoryWatch memory(q.ranges ? 0 : max_memory, [&](const std::string& reason, const std::vector<nlohmann::json>& rows) {
    if (!json) return "UNKNOWN: " + reason + "\n";
    return envelope_text(to_json(Outcome{"blockcast-kbroadcast-table", Verdict::unknown, reason, std::nullopt,
                                         nlohmann::json(), {{"rows", rows}, {"unknown", 0}}},
                                 inv.command_line)) + "\n";
  });
  const std::int64_t rows = (q.L.second - q.L.first + 1) * (q.P.second - q.P.first + 1) * (q.k.second - q.k.first + 1);
  const std::string what = q.ranges ? "kbroadcast-table --ranges: L=" : "kbroadcast-table: row 1 of ";
  ProgressLine bar;  // stderr, only when it is a terminal
  Ticker tick(bar, what + std::to_string(q.ranges ? q.L.first : rows), q.time_limit);
  if (!json && !q.ranges) std::cout << kitem_table_header();
  std::size_t done = 0;
  KitemTableProgress progress;
  progress.on_range_pair = [&](int L, std::int64_t) { tick.set(what + std::to_string(L + 1)); };
  progress.on_row = [&](const KItemRow& row) {
    const auto hold = memory.hold();
    ++done;
    tick.set("kbroadcast-table: row " + std::to_string(done + 1) + " of " + std::to_string(rows));
    bar.finish();  // the row goes where the progress line was
    if (!json) std::cout << kitem_row_text(row) << std::flush;
    memory.finished(done - 1, kitem_row_json(row));
  };
  KitemTableResult r = kitem_table_run(q, progress);
  tick.stop();
  return r;
}

void register_kbroadcast_table(CLI::App& app, const Invocation& inv) {
  struct Args {
    IntList L, P, k;
    KitemTableRequest q;
    double exact_time_limit = 0;
    double counting_time_limit = 0;
    bool json = false;
    std::int64_t max_memory = 0;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("kbroadcast-table",
                                 "exact k-item optimum (SAT over general schedules) vs our schedules vs the lower bound");
  add(sub, "L", args->L);
  add(sub, "P", args->P);
  add(sub, "k", args->k);
  add(sub, "time-limit", args->q.time_limit);
  add(sub, "json", args->json);
  add(sub, "max-memory", args->max_memory);
  add(sub, "ranges", args->q.ranges);
  add(sub, "threads", args->q.threads);
  auto* exact = add(sub, "exact-time-limit", args->exact_time_limit);
  auto* counting = add(sub, "counting-time-limit", args->counting_time_limit);
  sub->callback([args, &inv, exact, counting] {
    KitemTableRequest q = args->q;
    q.L = one_range("L", args->L), q.P = one_range("P", args->P), q.k = one_range("k", args->k);
    if (exact->count() > 0) q.exact_time_limit = args->exact_time_limit;
    if (counting->count() > 0) q.counting_time_limit = args->counting_time_limit;
    const KitemTableResult r = run_kbroadcast_table(inv, q, args->json, args->max_memory);
    if (args->json)
      print_json(inv, kitem_table_run_outcome(r));
    else
      std::cout << kitem_table_run_text(r, false);
    exit_with(r.verdict);
  });
}

void register_continuous_search(CLI::App& app, const Invocation& inv) {
  struct Args {
    ContinuousSearchRequest q;
    int t = 0;
    i64 P = 0;
    IntList periods;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("continuous-search",
                                 "general (not block-cyclic) continuous schedules by SAT: periodic of each period, and windows");
  add(sub, "L", args->q.L);
  auto* topt = add(sub, "t", args->t);
  auto* Popt = add(sub, "P", args->P);
  add(sub, "delay", args->q.delay);
  add(sub, "period", args->periods);
  add(sub, "window", args->q.window);
  add(sub, "time-limit", args->q.time_limit);
  add(sub, "json", args->json);
  sub->callback([args, topt, Popt, &inv] {
    ContinuousSearchRequest q = args->q;
    if (topt->count()) q.t = args->t;
    if (Popt->count()) q.P = args->P;
    const auto per = args->periods.parts.front();
    q.periods = {static_cast<int>(per.first), static_cast<int>(per.second)};
    check_continuous_search_request(q);  // bad input prints nothing but its line
    ProgressLine bar;  // stderr, only when it is a terminal
    Ticker tick(bar, "continuous-search", q.time_limit);
    const ContinuousSearchResult r = continuous_search_run(q, [&](const std::string& what) { tick.set(what); });
    tick.stop();
    if (args->json)
      print_json(inv, continuous_search_outcome(r));
    else
      std::cout << continuous_search_text(r);
    exit_with(r.verdict);
  });
}

void register_simple_schedule(CLI::App& app, const Invocation& inv) {
  struct Args {
    SimpleScheduleRequest q;
    IntList P;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("simple-schedule", "Subramonian and Venkatasubramanian 1993 Sec. 6 simple schedule, built and replayed, vs ours for every P");
  add(sub, "L", args->q.L);
  add(sub, "P", args->P);
  add_alias(sub, "items", add(sub, "k", args->q.k));
  add(sub, "time-limit", args->q.time_limit);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    SimpleScheduleRequest q = args->q;
    require_latency(q.L);
    if (args->P.parts.size() != 1) throw InputError("--P: simple-schedule takes one range A..B");
    q.P = args->P.parts.front();
    ProgressLine bar;  // stderr, only when it is a terminal
    const SimpleScheduleResult r = [&] {
      Ticker tick(bar, "simple-schedule: P = " + std::to_string(q.P.first) + ".." + std::to_string(q.P.second), q.time_limit);
      return simple_schedule_run(q);
    }();
    if (args->json)
      print_json(inv, simple_schedule_outcome(r));
    else
      std::cout << simple_schedule_text(r);
    exit_with(r.verdict);
  });
}

void register_latency(CLI::App& app, const Invocation& inv) {
  struct Args {
    LatencyRequest q;
    IntList P, d;
    std::int64_t seed = 1;
    std::string plot;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("latency", "varying latency (Subramonian and Venkatasubramanian 1993 Sec. 7): ours and the simple schedule, random and adversary");
  add(sub, "L", args->q.L);
  add(sub, "P", args->P);
  add(sub, "d", args->d);
  add(sub, "samples", args->q.samples);
  add(sub, "seed", args->seed);
  add_alias(sub, "items", add(sub, "k", args->q.k));
  add_alias(sub, "svg", add(sub, "plot", args->plot));
  add(sub, "time-limit", args->q.time_limit);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    LatencyRequest q = args->q;
    require_latency(q.L);
    const auto d = args->d.parts.front();
    q.d = {static_cast<int>(d.first), static_cast<int>(d.second)};
    q.P = args->P.values("P", 10'000), q.seed = static_cast<std::uint64_t>(args->seed);
    ProgressLine bar;  // stderr, only when it is a terminal
    const LatencyResult r = [&] {
      Ticker tick(bar, "latency: replays", q.time_limit);
      return latency_run(q);
    }();
    if (!args->plot.empty()) write_output("plot", args->plot, latency_svg(r.study));
    if (args->json)
      print_json(inv, latency_outcome(r));
    else if (args->plot != "-")
      std::cout << latency_text(r, args->plot);
    exit_with(r.verdict);
  });
}

}  // namespace

void register_kbroadcast(CLI::App& app, const Invocation& inv) {
  register_kbroadcast_main(app, inv);
  register_kbroadcast_table(app, inv);
  register_continuous_search(app, inv);
  register_simple_schedule(app, inv);
  register_latency(app, inv);
}

}  // namespace blockcast::cli
