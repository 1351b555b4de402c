// The `kbroadcast-baselines` command:
//   kbroadcast-baselines --L L --P P --k K [--time-limit S] [--plot FILE] [--ratio-plot FILE] [--json]
// For every L x P x k (each N, A..B or a list; P*k <= 10^6): the k-item broadcast
// algorithms MPI libraries run today (chain, binomial, split binary, scatter + allgather,
// two-tree; engine/kitem/baselines.hpp), each simulated, next to blockcast's own schedule and
// the lower bound (search/kitem/baselines_table.hpp; reports/kbroadcast_baselines.hpp).
// Exit codes (docs/exit-codes.md): 0 every schedule accepted, 1 a schedule fails the
// simulator, 2 bad input, 5 UNKNOWN (L >= 2: no continuous schedule found for some P within
// the time limit, so blockcast's column is missing there).
#include <iostream>
#include <memory>

#include "checked.hpp"
#include "commands.hpp"
#include "kbroadcast_baselines.hpp"
#include "options.hpp"
#include "progress.hpp"

namespace blockcast::cli {

void register_kbroadcast_baselines(CLI::App& app, const Invocation& inv) {
  struct Args {
    IntList L, P, k;
    double time_limit = 0;
    std::string plot, ratio_plot;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("kbroadcast-baselines",
                                 "k-item broadcast as MPI libraries run it (chain, binomial, split binary, scatter+allgather, "
                                 "two-tree), simulated, vs blockcast and the lower bound");
  add(sub, "L", args->L);
  add(sub, "P", args->P);
  add(sub, "k", args->k);
  add(sub, "time-limit", args->time_limit);
  add(sub, "plot", args->plot);
  add(sub, "ratio-plot", args->ratio_plot);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    std::vector<int> Ls;
    for (i64 L : args->L.values("L", 64)) Ls.push_back(static_cast<int>(L));
    const std::vector<i64> Ps = args->P.values("P", 10'000), ks = args->k.values("k", 10'000);
    if ((!args->plot.empty() || !args->ratio_plot.empty()) && Ps.size() == 1 && ks.size() == 1)
      throw InputError("--plot/--ratio-plot: the plot needs several k (at one P) or several P (at one k)");
    bool first = true;  // the header with the first row: bad input prints nothing but its line
    Progress bar;       // stderr, only when it is a terminal
    Ticker tick(bar, "kbroadcast-baselines", args->time_limit);
    // Each search of the continuous schedule gets 20 s without --time-limit; with it,
    // --time-limit is the whole command's deadline (engine/limits.hpp command_limits).
    const BaselineTable t = baselines_table(Ls, Ps, ks, command_limits(args->time_limit, 20), [&](const BaselineRow& r) {
      tick.set("kbroadcast-baselines: L=" + std::to_string(r.L) + " P=" + std::to_string(r.P) + " k=" + std::to_string(r.k) + " done");
      if (args->json) return;
      bar.finish();  // the row goes where the progress line was
      std::cout << (first ? baselines_header() : "") << baselines_row_text(r) << std::flush;
      first = false;
    });
    tick.stop();
    if (!args->plot.empty()) write_output("plot", args->plot, baselines_svg(t, false));
    if (!args->ratio_plot.empty()) write_output("ratio-plot", args->ratio_plot, baselines_svg(t, true));
    bool missing = false;
    for (const BaselineRow& r : t.rows) missing = missing || !r.ours;
    const Status s = !t.ok() ? Status::rejected : missing || t.not_reached > 0 ? Status::unknown : Status::done;
    if (args->json) {
      nlohmann::json j = baselines_json(t);
      if (t.not_reached > 0) j["not_reached"] = t.not_reached;
      print_json(inv, "blockcast-kbroadcast-baselines", j, s);
    } else {
      std::cout << baselines_footer(t);
      if (t.not_reached > 0) std::cout << "time limit reached: " << t.not_reached << " rows not reached\n";
    }
    exit_with(s);
  });
}

}  // namespace blockcast::cli
