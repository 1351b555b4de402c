// k-item broadcast and general continuous schedules (Karp et al. 1993 Sec. 3.1 and 3.4,
// Subramonian and Venkatasubramanian 1993 Sec. 4-7). Subcommands:
//   kbroadcast --k K (--L L --P P | --assignment FILE) [--out DIR] [--json] [--time-limit S]
//       the k-item run (search/kitem/kitem_run.hpp, fast first): bounds, the cut continuous
//       schedule and the endgame-adjusted schedules, simulated; reports/kbroadcast_schedules.hpp renders;
//       --out writes each schedule as JSON, GOAL, CSV and a reception table
//   kbroadcast-table --L A..B --P A..B --k A..B [--json] [--time-limit S]
//       exact optimum (SAT, DRAT-checked) vs our schedules vs the lower bound
//   kbroadcast-table --ranges --L A..B --P A..B --k A..B [--threads N] [--json] [--time-limit S]
//       [--exact-time-limit S]
//       constructions only, at any size, compressed into ranges
//   continuous-search --L L (--t T | --P P) [--delay D] [--period A..B] [--window N] [--json]
//       periodic schedules of each period with delay D (default L + B(P-1)), and optionally
//       a window of N items of any continuous schedule
//   simple-schedule --L L --P A..B --k K [--json]
//       the simple schedule of Subramonian and Venkatasubramanian (1993, Sec. 6), built and
//       replayed (buffered model), vs ours
//   latency --L L --P P[,P2..] [--d A..B] [--samples N] [--seed S] --k K [--svg FILE] [--json]
//       ours and the simple schedule with every latency in [L-d, L+d]: random and adversary
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
#include "kbroadcast_latency.hpp"
#include "kbroadcast_ranges.hpp"
#include "kbroadcast_table.hpp"
#include "kitem/exact.hpp"  // kbroadcast-table: the exact rows' sizes
#include "kitem/range_table.hpp"
#include "kbroadcast_schedules.hpp"  // kbroadcast: the run's request, result and render
#include "memory_watch.hpp"
#include "options.hpp"
#include "output_lock.hpp"
#include "kitem/periodic_search.hpp"
#include "postal.hpp"
#include "progress.hpp"
#include "schedule_json.hpp"
#include "reception_table.hpp"
#include "table_render.hpp"

namespace blockcast::cli {

namespace {

// Each search's own budget when --time-limit is not given (engine/limits.hpp command_limits:
// with it, --time-limit is the whole command's deadline and a search may use what is left).
// kbroadcast's budget is the run's (search/kitem/kitem_run.hpp kKitemTimeLimit).
constexpr double kTableSolveSeconds = 60;        // kbroadcast-table: each search and SAT solve
constexpr double kPeriodicSolveSeconds = 120;    // continuous-search: each SAT solve
constexpr double kContinuousSearchSeconds = 20;  // simple-schedule, latency: each search of ours

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
  const Status st = !r.checks_ok ? Status::rejected : r.verdict == Verdict::unknown ? Status::unknown : Status::solved;
  if (args.json) {
    nlohmann::json j = kitem_result_json(r);
    j["verdict"] = verdict_name(st);
    print_json(inv, "blockcast-kbroadcast", j, st);
  } else {
    std::cout << kitem_result_text(r);
    if (!args.out.empty() && !r.schedules.schedules.empty())
      std::cout << "wrote " << args.out << "/<name>.json|.goal|.csv|.reception.txt\n";
  }
  if (st != Status::solved) leave(st);
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
    Progress bar;  // stderr, only when it is a terminal
    Ticker tick(bar, "kbroadcast: constructions, then the SAT endgames", args->time_limit);
    const KitemResult r = kitem_run(q);
    tick.stop();
    if (!args->out.empty()) export_schedules(r.schedules, args->out);
    render_kbroadcast(inv, r, *args);
  });
}

// kbroadcast-table --ranges: the table at scale from constructions (search/kitem/range_table.hpp).
// Exit 1 if a coloured schedule failed its replay, 5 if the deadline left (L, P) out.
void run_range_table(const Invocation& inv, std::pair<int, int> Ls, std::pair<int, int> Ps, std::pair<int, int> ks,
                     double time_limit, double exact_time_limit, int threads, bool json) {
  Limits limits = with_deadline_in(Limits{}, time_limit);
  Progress bar;
  Ticker tick(bar, "kbroadcast-table --ranges: L=" + std::to_string(Ls.first), time_limit);
  const RangeTable t = kitem_range_table(Ls, Ps, ks, limits, threads, exact_time_limit,
                                         [&](int L, std::int64_t) { tick.set("kbroadcast-table --ranges: L=" + std::to_string(L + 1)); });
  tick.stop();
  const Status st = !t.failure.empty() ? Status::rejected : t.not_reached > 0 ? Status::unknown : Status::done;
  if (json)
    print_json(inv, "blockcast-kbroadcast-table", range_table_json(t), st);
  else
    std::cout << range_table_text(t) << (t.failure.empty() ? "" : "FAILED: " + t.failure + "\n");
  if (st != Status::done) leave(st);
}

// kbroadcast-table without --ranges: the exact rows (search/kitem/table.hpp), printed as they
// finish; --max-memory stops before the limit with the rows finished. Exit 5 if a row is open.
void run_exact_table(const Invocation& inv, std::pair<int, int> Ls, std::pair<int, int> Ps, std::pair<int, int> ks,
                     double time_limit, bool json, std::int64_t max_memory) {
  MemoryWatch memory(max_memory, [&](const std::string& reason, const std::vector<nlohmann::json>& rows) {
    if (!json) return "UNKNOWN: " + reason + "\n";
    return envelope_text(to_json(Outcome{"blockcast-kbroadcast-table", Status::unknown, reason, std::nullopt,
                                         nlohmann::json(), {{"rows", rows}, {"unknown", 0}}},
                                 inv.command_line)) + "\n";
  });
  std::size_t finished = 0;
  if (!json) std::cout << kitem_table_header();
  const Limits limits = command_limits(time_limit, kTableSolveSeconds);
  const int rows = (Ls.second - Ls.first + 1) * (Ps.second - Ps.first + 1) * (ks.second - ks.first + 1);
  Progress bar;  // stderr, only when it is a terminal
  Ticker tick(bar, "kbroadcast-table: row 1 of " + std::to_string(rows), time_limit);
  int done = 0;
  const KItemTable t = kitem_table(Ls.first, Ls.second, Ps.first, Ps.second, ks.first, ks.second, limits,
                                   [&](const KItemRow& row) {
                                     const auto hold = memory.hold();
                                     ++done;
                                     tick.set("kbroadcast-table: row " + std::to_string(done + 1) + " of " + std::to_string(rows));
                                     bar.finish();  // the row goes where the progress line was
                                     if (!json) std::cout << kitem_row_text(row) << std::flush;
                                     memory.finished(finished++, kitem_table_json(KItemTable{{row}, 0})["rows"][0]);
                                   });
  tick.stop();
  const bool open = t.unknown > 0 || t.not_reached > 0;
  if (json) {
    nlohmann::json j = kitem_table_json(t);
    j["not_reached"] = t.not_reached;
    print_json(inv, "blockcast-kbroadcast-table", j, open ? Status::unknown : Status::done);
  } else {
    std::cout << kitem_table_summary(t);
    if (t.not_reached > 0) std::cout << "time limit reached: " << t.not_reached << " rows not reached\n";
  }
  if (open) leave(Status::unknown);
}

void register_kbroadcast_table(CLI::App& app, const Invocation& inv) {
  struct Args {
    IntList L, P, k;
    double time_limit = 0, exact_time_limit = kRangeExactSeconds;
    bool json = false, ranges = false;
    int threads = 0;
    std::int64_t max_memory = 0;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("kbroadcast-table",
                                 "exact k-item optimum (SAT over general schedules) vs our schedules vs the lower bound");
  add(sub, "L", args->L);
  add(sub, "P", args->P);
  add(sub, "k", args->k);
  add(sub, "time-limit", args->time_limit);
  add(sub, "json", args->json);
  add(sub, "max-memory", args->max_memory);
  add(sub, "ranges", args->ranges);
  add(sub, "threads", args->threads);
  auto* exact = add(sub, "exact-time-limit", args->exact_time_limit);
  sub->callback([args, &inv, exact] {
    auto one = [](const char* name, const IntList& l) {
      if (l.parts.size() != 1) throw InputError(std::string("--") + name + ": kbroadcast-table takes one range A..B");
      return std::pair{static_cast<int>(l.parts[0].first), static_cast<int>(l.parts[0].second)};
    };
    const auto Ls = one("L", args->L), Ps = one("P", args->P), ks = one("k", args->k);
    if (args->ranges)
      return run_range_table(inv, Ls, Ps, ks, args->time_limit, args->exact_time_limit, args->threads, args->json);
    if (exact->count() > 0)
      throw InputError("--exact-time-limit: sets the exact search of --ranges; the exact rows are bounded by --time-limit");
    if (Ps.second > kExactMaxP || ks.second > kExactMaxK)
      throw InputError("--P " + std::to_string(Ps.second) + ", --k " + std::to_string(ks.second) + ": exact rows take P <= " +
                       std::to_string(kExactMaxP) + " and k <= " + std::to_string(kExactMaxK) +
                       "; --ranges tables any size from constructions");
    run_exact_table(inv, Ls, Ps, ks, args->time_limit, args->json, args->max_memory);
  });
}

// continuous-search's output: one line per period (and window), or the JSON with the first
// SOLVED period's schedule; exit 0 SOLVED, 5 UNKNOWN, 4 IMPOSSIBLE.
void render_continuous_search(const Invocation& inv, const std::vector<PeriodicOutcome>& outs, int L, i64 P, int D, int lb,
                              bool json) {
  bool found = false, unknown = false;
  nlohmann::json j{{"L", L}, {"P", P}, {"delay", D}, {"lower_bound", lb}, {"results", nlohmann::json::array()}};
  if (!json) std::cout << "continuous schedules: L=" << L << " P=" << P << " delay D=" << D << " (lower bound L+B(P-1) = " << lb << ")\n";
  for (const auto& o : outs) {
    const bool periodic = o.window == 0;
    if (periodic && o.verdict == Verdict::solved) found = true;
    if (o.verdict == Verdict::unknown) unknown = true;
    const std::string what = periodic ? "period " + std::to_string(o.period) : "window of " + std::to_string(o.window) + " items";
    if (!json)
      std::cout << "  " << what << ": " << verdict_name(o.verdict) << "  (" << o.vars << " vars, " << o.clauses << " clauses, "
                << o.seconds << " s) " << o.detail << "\n";
    // A window of the first SOLVED period's schedule in the explicit format, so
    // check/simulate/export/draw read it.
    if (o.schedule && !j.contains("schedule")) j["schedule"] = to_json(expand_periodic(*o.schedule, 3 * o.period + D));
    j["results"].push_back(to_json(o));
  }
  const Status v = found ? Status::solved : unknown ? Status::unknown : Status::impossible;
  if (json) print_json(inv, "blockcast-continuous-search", j, v);
  exit_with(v);
}

void register_continuous_search(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0, D = 0;
    i64 P = 0;
    IntList periods;
    int window = 0;
    double time_limit = 0;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("continuous-search",
                                 "general (not block-cyclic) continuous schedules by SAT: periodic of each period, and windows");
  add(sub, "L", args->L);
  auto* topt = add(sub, "t", args->t);
  auto* Popt = add(sub, "P", args->P);
  add(sub, "delay", args->D);
  add(sub, "period", args->periods);
  add(sub, "window", args->window);
  add(sub, "time-limit", args->time_limit);
  add(sub, "json", args->json);
  sub->callback([args, topt, Popt, &inv] {
    require_latency(args->L);
    if (topt->count() && Popt->count()) throw InputError("--P and --t both given");
    const int L = args->L;
    i64 P = Popt->count() ? args->P : fib_sequence(L, args->t).back() + 1;
    if (P > kPeriodicMaxP)
      throw InputError("--P " + std::to_string(P) + ": continuous-search handles P <= " + std::to_string(kPeriodicMaxP));
    if (P < 2) throw InputError("--P must be >= 2");
    const int lb = L + broadcast_depth(L, P - 1);
    const int D = args->D > 0 ? args->D : lb;
    if (D < L) throw InputError("--delay must be >= L");
    const std::pair<i64, i64> per = args->periods.parts.front();
    const Limits limits = command_limits(args->time_limit, kPeriodicSolveSeconds);
    // A search the deadline does not reach is UNKNOWN without being started.
    auto not_reached = [&](PeriodicOutcome o) {
      o.L = L, o.P = static_cast<int>(P), o.D = D;
      o.detail = "not searched: time limit reached";
      return o;
    };
    Progress bar;  // stderr, only when it is a terminal
    Ticker tick(bar, "continuous-search: periods " + std::to_string(per.first) + ".." + std::to_string(per.second),
                args->time_limit);
    std::vector<PeriodicOutcome> outs =
        scan_periods(L, static_cast<int>(P), D, static_cast<int>(per.first), static_cast<int>(per.second), limits, true).periods;
    if (args->window > 0) {
      PeriodicOutcome skipped;
      skipped.window = args->window;
      tick.set("continuous-search: window of " + std::to_string(args->window) + " items");
      outs.push_back(limits.expired() ? not_reached(skipped) : window_search(L, static_cast<int>(P), D, args->window, true, limits));
    }
    tick.stop();
    render_continuous_search(inv, outs, L, P, D, lb, args->json);
  });
}

void register_simple_schedule(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, items = 0;
    IntList P;
    double time_limit = 0;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("simple-schedule", "Subramonian and Venkatasubramanian 1993 Sec. 6 simple schedule, built and replayed, vs ours for every P");
  add(sub, "L", args->L);
  add(sub, "P", args->P);
  add_alias(sub, "items", add(sub, "k", args->items));
  add(sub, "time-limit", args->time_limit);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    require_latency(args->L);
    if (args->P.parts.size() != 1) throw InputError("--P: simple-schedule takes one range A..B");
    // Named copies, not structured bindings: clang 14 cannot capture bindings in a lambda.
    const i64 P0 = args->P.parts.front().first, P1 = args->P.parts.front().second;
    const Limits limits = command_limits(args->time_limit, kContinuousSearchSeconds);
    Progress bar;  // stderr, only when it is a terminal
    const auto rows = [&] {
      Ticker tick(bar, "simple-schedule: P = " + std::to_string(P0) + ".." + std::to_string(P1), args->time_limit);
      return simple_vs_ours(args->L, static_cast<int>(P0), static_cast<int>(P1), args->items, limits);
    }();
    // The deadline left P out, or stopped the search of ours: what is there is printed (exit 5).
    bool cut_short = static_cast<i64>(rows.size()) < P1 - P0 + 1;
    for (const auto& r : rows) cut_short = cut_short || (r.ours_delay < 0 && limits.expired());
    if (args->json) {
      print_json(inv, "blockcast-simple-schedule", simple_rows_json(rows), cut_short ? Status::unknown : Status::done);
    } else {
      std::cout << simple_rows_text(rows);
      if (cut_short) std::cout << "time limit reached: " << rows.size() << " of " << P1 - P0 + 1 << " P done\n";
    }
    for (const auto& r : rows)
      if (!r.simple_problem.empty()) leave(Status::rejected);
    if (cut_short) leave(Status::unknown);
  });
}

void register_latency(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, items = 0, samples = 20;
    IntList P, d;
    std::string plot;
    std::int64_t seed = 1;
    double time_limit = 0;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("latency", "varying latency (Subramonian and Venkatasubramanian 1993 Sec. 7): ours and the simple schedule, random and adversary");
  add(sub, "L", args->L);
  add(sub, "P", args->P);
  add(sub, "d", args->d);
  add(sub, "samples", args->samples);
  add(sub, "seed", args->seed);
  add_alias(sub, "items", add(sub, "k", args->items));
  add_alias(sub, "svg", add(sub, "plot", args->plot));
  add(sub, "time-limit", args->time_limit);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    require_latency(args->L);
    const i64 d0 = args->d.parts.front().first, d1 = args->d.parts.front().second;
    Progress bar;  // stderr, only when it is a terminal
    const LatencyStudy st = [&] {
      Ticker tick(bar, "latency: replays", args->time_limit);
      return latency_study(args->L, args->P.values("P", 10'000), static_cast<int>(d0), static_cast<int>(d1), args->items,
                           args->samples, static_cast<std::uint64_t>(args->seed),
                           command_limits(args->time_limit, kContinuousSearchSeconds));
    }();
    if (!args->plot.empty()) write_output("plot", args->plot, latency_svg(st));
    if (args->json) {
      nlohmann::json j = latency_study_json(st);
      if (st.not_reached > 0) j["not_reached"] = st.not_reached;
      print_json(inv, "blockcast-latency", j, st.not_reached > 0 ? Status::unknown : Status::done);
    } else if (args->plot != "-") {
      std::cout << latency_study_text(st) << (args->plot.empty() ? "" : "wrote " + args->plot + "\n");
      if (st.not_reached > 0) std::cout << "time limit reached: " << st.not_reached << " P not reached\n";
    }
    for (const auto& p : st.points)
      if (!p.ok) leave(Status::rejected);
    if (st.not_reached > 0) leave(Status::unknown);
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
