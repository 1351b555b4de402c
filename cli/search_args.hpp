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
    add_int(sub, "threads", threads);
    add_int(sub, "max-nodes", max_nodes);
    add_double(sub, "time-limit", time_limit);
    add_flag(sub, "no-memo", no_memo);
    add_flag(sub, "no-prune", no_prune);
    add_flag(sub, "stats", stats);
    add_flag(sub, "json", json);
  }
  SearchOptions options() const {
    SearchOptions o;
    o.threads = threads;
    o.limits.max_nodes = max_nodes;
    o.limits.time_limit = time_limit;
    o.memo = !no_memo;
    o.prune = !no_prune;
    return o;
  }
};

}  // namespace blockcast::cli
