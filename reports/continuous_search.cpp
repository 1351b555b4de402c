// The `continuous-search` run rendered (see continuous_search.hpp).
#include "continuous_search.hpp"

#include <sstream>

#include "schedule_json.hpp"

namespace blockcast {

std::string continuous_search_text(const ContinuousSearchResult& r) {
  std::ostringstream s;  // default stream formatting of the seconds, as the CLI always printed them
  s << "continuous schedules: L=" << r.L << " P=" << r.P << " delay D=" << r.delay
    << " (lower bound L+B(P-1) = " << r.lower_bound << ")\n";
  for (const PeriodicOutcome& o : r.outcomes) {
    const std::string what =
        o.window == 0 ? "period " + std::to_string(o.period) : "window of " + std::to_string(o.window) + " items";
    s << "  " << what << ": " << to_string(o.verdict) << "  (" << o.vars << " vars, " << o.clauses << " clauses, "
      << o.seconds << " s) " << o.detail << "\n";
  }
  return s.str();
}

Outcome continuous_search_outcome(const ContinuousSearchResult& r) {
  nlohmann::json j{
      {"L", r.L}, {"P", r.P}, {"delay", r.delay}, {"lower_bound", r.lower_bound}, {"results", nlohmann::json::array()}};
  for (const PeriodicOutcome& o : r.outcomes) {
    if (o.schedule && !j.contains("schedule"))
      j["schedule"] = to_json(expand_periodic(*o.schedule, 3 * o.period + r.delay));
    j["results"].push_back(to_json(o));
  }
  return outcome_from_json("blockcast-continuous-search", j, r.verdict);
}

}  // namespace blockcast
