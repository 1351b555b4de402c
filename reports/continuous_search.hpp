// Text and JSON of the `continuous-search` run (search/kitem/continuous_search_run.hpp;
// periodic schedules and windows of any continuous schedule, Karp et al. 1993 Sec. 3.3). The
// CLI, the public API (api/kitem_table.cpp) and Python print the same bytes. Rendering only.
#pragma once
#include <string>

#include "kitem/continuous_search_run.hpp"
#include "outcome.hpp"

namespace blockcast {

// The instance line, then one line per period (and window): verdict, CNF size, seconds, detail.
std::string continuous_search_text(const ContinuousSearchResult& r);
// `continuous-search --json`'s outcome: format "blockcast-continuous-search", the verdict,
// L, P, delay, lower_bound, "results" (periodic_search.hpp to_json per search) and
// "schedule": the first SOLVED period's schedule over 3 periods + D items in the explicit
// format, so check, simulate, export and draw read it.
Outcome continuous_search_outcome(const ContinuousSearchResult& r);

}  // namespace blockcast
