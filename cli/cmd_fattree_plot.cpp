// `blockcast fattree plot FILE... [--out DIR] [--json]`: the optimum against the paper's
// formula (Dimakopoulos and Dimopoulos 1995; docs/fattree.md "n = 16") from the JSON outputs
// of `fattree search --json`. The run (search/fattree/fattree_run.hpp, run_fattree_plot)
// re-simulates every best witness and merges the files; this command parses, prints
// (reports/fattree_run.hpp) and writes the report (reports/fattree_optimum.hpp) only when
// every witness passed. A witness that fails its replay, or a best below a lower bound, is
// exit 1; a file that is not a search output, exit 2.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "fattree_optimum.hpp"
#include "fattree_run.hpp"
#include "options.hpp"
#include "render.hpp"

namespace blockcast::cli {

void register_fattree_plot(CLI::App* parent, const Invocation& inv) {
  struct Args {
    std::vector<std::string> files;
    std::string out;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = parent->add_subcommand(
      "plot", "optimum against the paper's formula from `fattree search --json` outputs (witnesses re-simulated)");
  sub->add_option("files", a->files, "JSON outputs of fattree search (merged per operation, capacities, model, n)")
      ->required();
  add(sub, "out", a->out);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    const api::FattreePlotResult r = fattree::run_fattree_plot({a->files});
    if (a->json)
      print_json(inv, fattree_plot_outcome(r));
    else
      std::cout << fattree_plot_text(r);
    if (!r.accepted) leave(Verdict::rejected);  // as `check` rejects: one line, exit 1
    if (!a->out.empty()) {
      const WrittenPages w = write_fattree_optimum_report(a->out, r.rows);
      std::cerr << "report: " << w.markdown << ", " << w.html << "\n";
    }
  });
}

}  // namespace blockcast::cli
