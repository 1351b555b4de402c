// k-item broadcast and general continuous schedules (issue 15; paper 000 Sec. 3.1 and 3.4,
// paper 002 Sec. 4-7). Subcommands:
//   kbroadcast --k K [--L 3 --P 10 | --assignment FILE] [--out DIR] [--json] [--time-limit S]
//       bounds, the cut continuous schedule and the endgame-adjusted schedules, simulated;
//       --out writes each schedule as JSON, GOAL, CSV and a reception table
//   kbroadcast-table --L A..B --P A..B --k A..B [--json] [--time-limit S]
//       exact optimum (SAT, DRAT-checked) vs our schedules vs the lower bound
//   continuous-search --L L (--t T | --P P) [--delay D] [--period A..B] [--window N] [--json]
//       periodic schedules of each period with delay D (default L + B(P-1)), and optionally
//       a window of N items of any continuous schedule
//   simple-schedule --L L --P A..B [--items K] [--json]
//       paper 002 Sec. 6's simple schedule built and replayed (buffered model) vs ours
//   latency --L L --P P[,P2..] [--d A..B] [--samples N] [--seed S] [--items K] [--svg FILE] [--json]
//       ours and the simple schedule with every latency in [L-d, L+d]: random and adversary
// Exit codes (docs/exit-codes.md): 0 ok / SOLVED, 1 a schedule fails the simulator,
// 2 bad input, 4 IMPOSSIBLE (continuous-search: nothing found and everything refuted),
// 5 UNKNOWN (a limit was hit).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "assignment_json.hpp"
#include "everyp/best_schedule.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "export.hpp"
#include "kbroadcast.hpp"
#include "kbroadcast_latency.hpp"
#include "kbroadcast_table.hpp"
#include "kbroadcast_schedules.hpp"
#include "options.hpp"
#include "kitem/periodic_search.hpp"
#include "postal.hpp"
#include "reception_table.hpp"
#include "table_render.hpp"

namespace blockcast::cli {

namespace {

// The continuous schedule to cut: the file, or the best block-cyclic schedule the search finds.
Assignment continuous_schedule(int L, i64 P, double seconds) {
  SearchOptions o;
  o.threads = 1;
  if (seconds > 0) o.limits.time_limit = seconds;
  const BestSchedule b = best_schedule(L, P, o);
  if (!b.witness) throw InputError("no continuous schedule found for L=" + std::to_string(L) + ", P=" + std::to_string(P));
  return *b.witness;
}

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream f(p);
  if (!f) throw InputError("cannot write '" + p.string() + "'");
  f << text;
}

void export_schedules(const KItemSchedules& ks, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw InputError("--out '" + dir + "': " + ec.message());
  for (const KItemSchedule& s : ks.schedules) {
    const std::filesystem::path base = std::filesystem::path(dir) / s.name;
    write_file(base.string() + ".json", schedule_json(s).dump() + "\n");
    write_file(base.string() + ".goal", goal_export(s.schedule));
    write_file(base.string() + ".csv", csv_export(s.schedule));
    write_file(base.string() + ".reception.txt", table_text(reception_table(s.schedule, Addressing::absolute)));
  }
}

void register_kbroadcast_main(CLI::App& app) {
  struct Args {
    int L = 3;
    i64 P = 0, k = 0;
    std::string assignment, out;
    double seconds = 20;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "kbroadcast", "k-item broadcast: bounds (paper 000 Thm 3.1, paper 002), the cut continuous schedule and its endgame");
  auto* Lopt = add_int(sub, "L", args->L);
  auto* Popt = add_int(sub, "P", args->P);
  add_int(sub, "k", args->k)->required();
  add_string(sub, "assignment", args->assignment);
  add_string(sub, "out", args->out);
  add_double(sub, "time-limit", args->seconds)->default_str("20")->description("seconds per SAT solve of the endgame (0 = none)");
  args->seconds = 20;
  add_flag(sub, "json", args->json);
  sub->callback([args, Lopt, Popt] {
    int L = args->L;
    i64 P = args->P;
    Assignment a;
    if (!args->assignment.empty()) {
      a = read_assignment_file(args->assignment);
      if (auto err = check_assignment(claimed_instance(a), a))
        throw InputError("'" + args->assignment + "' is not a legal assignment: " + *err);
      if (!Lopt->count()) L = a.L;
      if (!Popt->count()) P = a.P;
    } else if (!Popt->count()) {
      throw InputError("--P is required without --assignment");
    } else {
      require_latency(L);
      if (P < 2) throw InputError("--P must be >= 2");
      a = continuous_schedule(L, P, args->seconds);
    }
    const KBroadcastReport r = kbroadcast_report(L, P, args->k, a);
    const KItemSchedules ks = kitem_schedules(a, args->k, args->seconds);
    if (!args->out.empty()) export_schedules(ks, args->out);
    if (!args->json) {
      std::cout << kbroadcast_text(r) << kitem_schedules_text(ks);
      if (!args->out.empty()) std::cout << "wrote " << args->out << "/<name>.json|.goal|.csv|.reception.txt\n";
    } else {
      nlohmann::json j = kbroadcast_json(r);
      j["schedules"] = nlohmann::json::array();
      for (const auto& s : ks.schedules) {
        nlohmann::json e = schedule_json(s);
        e.erase("messages");
        j["schedules"].push_back(e);
      }
      j["best_time"] = ks.best().time;
      j["notes"] = ks.notes;
      std::cout << j.dump(2) << "\n";
    }
    for (const auto& s : ks.schedules)
      if (!s.simulated_ok) throw CLI::RuntimeError(exit_rejected);
    if (!r.matches_prediction()) throw CLI::RuntimeError(exit_rejected);
  });
}

void register_kbroadcast_table(CLI::App& app) {
  struct Args {
    std::string L = "1..3", P = "2..8", k = "1..4";
    double seconds = 60;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("kbroadcast-table",
                                 "exact k-item optimum (SAT over general schedules) vs our schedules vs the lower bound");
  add_string(sub, "L", args->L)->default_str("1..3")->description("latencies: a range A..B or one value");
  add_string(sub, "P", args->P)->default_str("2..8")->description("processors including the source: a range (at most 12)");
  add_string(sub, "k", args->k)->default_str("1..4")->description("items: a range (at most 8)");
  add_double(sub, "time-limit", args->seconds)->default_str("60")->description("seconds per SAT solve (0 = none)");
  args->seconds = 60;
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    const auto Ls = parse_range("L", args->L, 1, 16);
    const auto Ps = parse_range("P", args->P, 2, 12);
    const auto ks = parse_range("k", args->k, 1, 8);
    const KItemTable t = kitem_table(Ls.first, Ls.second, Ps.first, Ps.second, ks.first, ks.second, args->seconds,
                                     [&](const KItemRow& row) {
                                       if (!args->json) std::cout << kitem_row_text(row) << std::flush;
                                     });
    if (args->json) std::cout << kitem_table_json(t).dump(1) << "\n";
    else std::cout << kitem_table_summary(t);
    if (t.unknown > 0) throw CLI::RuntimeError(exit_unknown);
  });
}

void register_continuous_search(CLI::App& app) {
  struct Args {
    int L = 3, t = 7, D = 0;
    i64 P = 0;
    std::string periods = "1..4";
    int window = 0;
    double seconds = 120;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("continuous-search",
                                 "general (not block-cyclic) continuous schedules by SAT: periodic of each period, and windows");
  add_int(sub, "L", args->L);
  auto* topt = add_int(sub, "t", args->t);
  auto* Popt = add_int(sub, "P", args->P);
  sub->add_option("--delay", args->D, "delay D to decide (default L + B(P-1), the lower bound)");
  add_string(sub, "period", args->periods);
  add_int(sub, "window", args->window);
  add_double(sub, "time-limit", args->seconds)->default_str("120")->description("seconds per SAT solve (0 = none)");
  args->seconds = 120;
  add_flag(sub, "json", args->json);
  sub->callback([args, topt, Popt] {
    require_latency(args->L);
    if (topt->count() && Popt->count()) throw InputError("--P and --t both given");
    const int L = args->L;
    i64 P = Popt->count() ? args->P : fib_sequence(L, args->t).back() + 1;
    if (P > 64) throw InputError("--P " + std::to_string(P) + ": continuous-search handles P <= 64");
    if (P < 2) throw InputError("--P must be >= 2");
    const int lb = L + broadcast_depth(L, P - 1);
    const int D = args->D > 0 ? args->D : lb;
    if (D < L) throw InputError("--delay must be >= L");
    const auto per = parse_range("period", args->periods, 1, 64);
    std::vector<PeriodicOutcome> outs;
    for (int p = per.first; p <= per.second; ++p) outs.push_back(periodic_search(L, static_cast<int>(P), D, p, args->seconds));
    if (args->window > 0) outs.push_back(window_search(L, static_cast<int>(P), D, args->window, true, args->seconds));
    bool found = false, unknown = false;
    nlohmann::json j{{"L", L}, {"P", P}, {"delay", D}, {"lower_bound", lb}, {"results", nlohmann::json::array()}};
    if (!args->json) std::cout << "continuous schedules: L=" << L << " P=" << P << " delay D=" << D << " (lower bound L+B(P-1) = " << lb << ")\n";
    for (const auto& o : outs) {
      const bool periodic = o.window == 0;
      if (periodic && o.verdict == Verdict::solved) found = true;
      if (o.verdict == Verdict::unknown) unknown = true;
      const std::string what = periodic ? "period " + std::to_string(o.period) : "window of " + std::to_string(o.window) + " items";
      if (!args->json)
        std::cout << "  " << what << ": " << verdict_name(o.verdict) << "  (" << o.vars << " vars, " << o.clauses << " clauses, "
                  << o.seconds << " s) " << o.detail << "\n";
      nlohmann::json e{{"search", periodic ? "periodic" : "window"}, {"verdict", verdict_name(o.verdict)}, {"detail", o.detail},
                       {"vars", o.vars}, {"clauses", o.clauses}, {"seconds", o.seconds}};
      if (periodic) e["period"] = o.period; else e["items"] = o.window;
      if (o.schedule) {
        nlohmann::json m = nlohmann::json::array();
        for (const auto& x : o.schedule->messages) m.push_back({x.sender, x.receiver, x.item_class, x.offset});
        e["messages_sender_receiver_class_offset"] = m;
      }
      j["results"].push_back(e);
    }
    if (args->json) std::cout << j.dump(1) << "\n";
    if (!found) throw CLI::RuntimeError(unknown ? exit_unknown : exit_impossible);
  });
}

void register_simple_schedule(CLI::App& app) {
  struct Args {
    int L = 3, items = 40;
    std::string P = "2..20";
    double seconds = 20;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("simple-schedule", "paper 002 Sec. 6 simple schedule, built and replayed, vs ours for every P");
  add_int(sub, "L", args->L);
  add_string(sub, "P", args->P)->default_str("2..20")->description("processors including the source: a range A..B");
  add_int(sub, "items", args->items)->default_str("40");
  args->items = 40;
  add_double(sub, "time-limit", args->seconds)->default_str("20")->description("seconds per search of our schedule (0 = none)");
  args->seconds = 20;
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    require_latency(args->L);
    const auto Ps = parse_range("P", args->P, 2, 100000);
    const auto rows = simple_vs_ours(args->L, Ps.first, Ps.second, args->items, args->seconds);
    if (args->json) std::cout << simple_rows_json(rows).dump(1) << "\n";
    else std::cout << simple_rows_text(rows);
    for (const auto& r : rows)
      if (!r.simple_problem.empty()) throw CLI::RuntimeError(exit_rejected);
  });
}

std::vector<std::int64_t> parse_list(const std::string& option, const std::string& text) {
  std::vector<std::int64_t> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const auto r = parse_range(option, text.substr(pos, comma - pos), 2, 100000);
    for (int v = r.first; v <= r.second; ++v) out.push_back(v);
    pos = comma + 1;
  }
  return out;
}

void register_latency(CLI::App& app) {
  struct Args {
    int L = 3, items = 40, samples = 20;
    std::string P = "10", d = "0..2", svg;
    std::int64_t seed = 1;
    double seconds = 20;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("latency", "varying latency (paper 002 Sec. 7): ours and the simple schedule, random and adversary");
  add_int(sub, "L", args->L);
  add_string(sub, "P", args->P)->default_str("10")->description("processors including the source: values or ranges, comma-separated");
  add_string(sub, "d", args->d)->default_str("0..2");
  add_int(sub, "samples", args->samples);
  add_int(sub, "seed", args->seed);
  add_int(sub, "items", args->items)->default_str("40");
  args->items = 40;
  add_string(sub, "svg", args->svg)->description("write the plot of delay vs d to this SVG file");
  add_double(sub, "time-limit", args->seconds)->default_str("20")->description("seconds per search of our schedule (0 = none)");
  args->seconds = 20;
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    require_latency(args->L);
    const auto Ps = parse_list("P", args->P);
    const auto ds = parse_range("d", args->d, 0, 64);
    const LatencyStudy st = latency_study(args->L, Ps, ds.first, ds.second, args->items, args->samples,
                                          static_cast<std::uint64_t>(args->seed), args->seconds);
    if (!args->svg.empty()) write_file(args->svg, latency_svg(st));
    if (args->json) std::cout << latency_study_json(st).dump(1) << "\n";
    else std::cout << latency_study_text(st) << (args->svg.empty() ? "" : "wrote " + args->svg + "\n");
    for (const auto& p : st.points)
      if (!p.ok) throw CLI::RuntimeError(exit_rejected);
  });
}

}  // namespace

void register_kbroadcast(CLI::App& app) {
  register_kbroadcast_main(app);
  register_kbroadcast_table(app);
  register_continuous_search(app);
  register_simple_schedule(app);
  register_latency(app);
}

}  // namespace blockcast::cli
