// The `kbroadcast-baselines` command:
//   kbroadcast-baselines --L L --P P --k K [--time-limit S] [--plot FILE] [--ratio-plot FILE] [--json]
// For every L x P x k (each N, A..B or a list; P*k <= 10^6): the k-item broadcast
// algorithms MPI libraries run today (chain, binomial, split binary, scatter + allgather,
// two-tree; engine/kitem/baselines.hpp), each simulated, next to blockcast's own schedule and
// the lower bound: the run search/kitem/baselines_run.hpp, reached and rendered through
// reports/kbroadcast_baselines.hpp.
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

namespace {

// The run with its rows printed as they finish (the header with the first row: bad input
// prints nothing but its line).
BaselinesResult run_baselines(const BaselinesRequest& q, bool json) {
  bool first = true;
  ProgressLine bar;  // stderr, only when it is a terminal
  Ticker tick(bar, "kbroadcast-baselines", q.time_limit);
  BaselinesResult r = baselines_run(q, [&](const BaselineRow& row) {
    tick.set("kbroadcast-baselines: L=" + std::to_string(row.L) + " P=" + std::to_string(row.P) + " k=" +
             std::to_string(row.k) + " done");
    if (json) return;
    bar.finish();  // the row goes where the progress line was
    std::cout << (first ? baselines_header() : "") << baselines_row_text(row) << std::flush;
    first = false;
  });
  tick.stop();
  return r;
}

}  // namespace

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
    BaselinesRequest q;
    for (i64 L : args->L.values("L", 64)) q.L.push_back(static_cast<int>(L));
    q.P = args->P.values("P", 10'000), q.k = args->k.values("k", 10'000), q.time_limit = args->time_limit;
    if ((!args->plot.empty() || !args->ratio_plot.empty()) && q.P.size() == 1 && q.k.size() == 1)
      throw InputError("--plot/--ratio-plot: the plot needs several k (at one P) or several P (at one k)");
    const BaselinesResult r = run_baselines(q, args->json);
    if (!args->plot.empty()) write_output("plot", args->plot, baselines_svg(r.table, false));
    if (!args->ratio_plot.empty()) write_output("ratio-plot", args->ratio_plot, baselines_svg(r.table, true));
    if (args->json)
      print_json(inv, baselines_outcome(r));
    else
      std::cout << baselines_closing_text(r);
    exit_with(r.verdict);
  });
}

}  // namespace blockcast::cli
