// Search options shared by `solve` and `conjecture`, taken from the options table.
#pragma once
#include <CLI/CLI.hpp>
#include <optional>

#include "options.hpp"
#include "search_options.hpp"
#include "word.hpp"

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
  SearchOptions options() const {
    SearchOptions o;
    o.threads = threads;
    o.limits.max_nodes = max_nodes;
    // --time-limit is the whole command's deadline: every search the command runs
    // stops there, however many it runs (engine/limits.hpp).
    o.limits.time_limit = time_limit;
    o.limits = with_deadline_in(o.limits, time_limit);
    o.memo = !no_memo;
    o.prune = !no_prune;
    return o;
  }
};

}  // namespace blockcast::cli
