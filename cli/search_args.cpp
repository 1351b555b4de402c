// SearchArgs::options (search_args.hpp): the parsed search options as the searches take them.
#include "search_args.hpp"

#include "search_options.hpp"

namespace blockcast::cli {

SearchOptions SearchArgs::options() const {
  SearchOptions o;
  o.threads = threads;
  o.limits.max_nodes = max_nodes;
  o.limits.time_limit = time_limit;
  o.limits = with_deadline_in(o.limits, time_limit);
  o.memo = !no_memo;
  o.prune = !no_prune;
  return o;
}

}  // namespace blockcast::cli
