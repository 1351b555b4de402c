// Text and JSON of the k-item optimum table (see kbroadcast_table.hpp; Karp et al. 1993, Thm 3.1,
// Subramonian and Venkatasubramanian 1993, Sec. 4, 6).
#include "kbroadcast_table.hpp"

#include <algorithm>
#include <cstdio>

namespace blockcast {

namespace {
std::string opt_str(const std::optional<int>& v) { return v ? std::to_string(*v) : "-"; }
}  // namespace

std::string kitem_table_header() {
  return "   L   P   k  lower  optimum  cut(delay)   ours                    simple  cut-opt  proof\n";
}

std::string kitem_row_text(const KItemRow& r) {
  std::string out;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%4d%4d%4d %6d %8s %6s(%3s)   %-4s %-18s %6d %8s  ", r.L, r.P, r.k, r.lower_bound,
                r.optimum ? std::to_string(*r.optimum).c_str() : ("<=" + opt_str(r.exact_upper)).c_str(),
                opt_str(r.cut_time).c_str(), opt_str(r.continuous_delay).c_str(), opt_str(r.ours_time).c_str(),
                r.ours_name.c_str(), r.simple_time,
                r.cut_time && r.optimum ? std::to_string(*r.cut_time - *r.optimum).c_str() : "-");
  out += buf;
  out += r.optimum ? r.exact_proof : to_string(r.exact_verdict);
  out += "\n";
  return out;
}

std::string kitem_table_summary(const KItemTable& t) {
  int at_lb = 0, cut_opt = 0, ours_opt = 0, proved = 0, max_gap = 0;
  for (const auto& r : t.rows) {
    if (!r.optimum) continue;
    ++proved;
    if (*r.optimum == r.lower_bound) ++at_lb;
    if (r.cut_time && *r.cut_time == *r.optimum) ++cut_opt;
    if (r.ours_time && *r.ours_time == *r.optimum) ++ours_opt;
    if (r.cut_time) max_gap = std::max(max_gap, *r.cut_time - *r.optimum);
  }
  return std::to_string(t.rows.size()) + " rows: optimum proved in " + std::to_string(proved) + " (" +
         std::to_string(at_lb) + " at the lower bound); cut continuous schedule optimal in " + std::to_string(cut_opt) +
         ", ours (with endgame) optimal in " + std::to_string(ours_opt) + "; largest cut - optimum " +
         std::to_string(max_gap) + "; UNKNOWN " + std::to_string(t.unknown) + "\n";
}

nlohmann::json kitem_row_json(const KItemRow& r) {
  auto opt = [](const std::optional<int>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"L", r.L}, {"P", r.P}, {"k", r.k}, {"lower_bound", r.lower_bound},
          {"exact_verdict", to_string(r.exact_verdict)}, {"optimum", opt(r.optimum)},
          {"exact_upper", opt(r.exact_upper)}, {"exact_proof", r.exact_proof},
          {"exact_seconds", r.exact_seconds}, {"continuous_delay", opt(r.continuous_delay)},
          {"cut_time", opt(r.cut_time)}, {"ours_time", opt(r.ours_time)}, {"ours_name", r.ours_name},
          {"simple_time_formula", r.simple_time}};
}

nlohmann::json kitem_table_json(const KItemTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : t.rows) rows.push_back(kitem_row_json(r));
  return {{"rows", rows}, {"unknown", t.unknown}};
}

}  // namespace blockcast
