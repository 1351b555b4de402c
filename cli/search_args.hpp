// Search options shared by `solve` and `conjecture`, taken from the options table. Only the
// parsed values here (no search/ header): `solve` copies them into its request
// (search/everyp/solve_run.hpp), `conjecture` turns them into SearchOptions (search_args.cpp).
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>

#include "options.hpp"

namespace blockcast {
struct SearchOptions;
}

namespace blockcast::cli {

struct SearchArgs {
  int threads = 0;
  std::int64_t max_nodes = 0;
  double time_limit = 0;
  bool no_memo = false, no_prune = false, stats = false, json = false;

  void add(CLI::App* sub) {
    cli::add(sub, "threads", threads);
    cli::add(sub, "max-nodes", max_nodes);
    cli::add(sub, "time-limit", time_limit);
    cli::add(sub, "no-memo", no_memo);
    cli::add(sub, "no-prune", no_prune);
    cli::add(sub, "stats", stats);
    cli::add(sub, "json", json);
  }
  // --time-limit is the whole command's deadline: every search the command runs stops there,
  // however many it runs (engine/limits.hpp).
  SearchOptions options() const;
};

}  // namespace blockcast::cli
