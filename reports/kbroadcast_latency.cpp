// Text, JSON and SVG of the simple-schedule comparison and the varying-latency study (see
// kbroadcast_latency.hpp; Subramonian and Venkatasubramanian 1993, Sec. 6-7).
#include "kbroadcast_latency.hpp"

#include <algorithm>
#include <cstdio>

#include "svg_plot.hpp"

namespace blockcast {

std::string simple_rows_text(const std::vector<SimpleRow>& rows) {
  std::string out = "   L      P  lower  ours(shape)        simple: formula measured buffer\n";
  for (const auto& r : rows) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "%4d %6lld %6d %5s %-12s %17d %8s %6d", r.L, static_cast<long long>(r.P), r.lower_bound,
                  r.ours_delay < 0 ? "-" : std::to_string(r.ours_delay).c_str(), ("(" + r.ours_shape + ")").c_str(),
                  r.simple_formula, r.simple_measured < 0 ? "-" : std::to_string(r.simple_measured).c_str(), r.simple_buffer);
    out += buf;
    if (!r.simple_problem.empty()) out += "  FAILS: " + r.simple_problem;
    else if (r.simple_measured != r.simple_formula) out += "  (measured differs from Thm 6.1)";
    out += "\n";
  }
  return out;
}

nlohmann::json simple_rows_json(const std::vector<SimpleRow>& rows) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& r : rows)
    a.push_back({{"L", r.L}, {"P", r.P}, {"lower_bound", r.lower_bound}, {"ours_delay", r.ours_delay},
                 {"ours_shape", r.ours_shape}, {"simple_formula", r.simple_formula},
                 {"simple_measured", r.simple_measured}, {"simple_buffer", r.simple_buffer},
                 {"simple_problem", r.simple_problem}});
  return a;
}

std::string latency_study_text(const LatencyStudy& s) {
  std::string out = "varying latency: L=" + std::to_string(s.L) + ", " + std::to_string(s.k) + " items, latencies in [max(1,L-d), L+d]; random: " +
                    std::to_string(s.samples) + " draws (seeds " + std::to_string(s.seed) + ".." +
                    std::to_string(s.seed + static_cast<std::uint64_t>(s.samples) - 1) +
                    "); adversary: heuristic (the attack of Subramonian and Venkatasubramanian 1993, Sec. 7; "
                    "20 random starts, 200 local-search replays), a lower bound on the worst case\n";
  out += "  schedule                                 d  fixed  random mean/max  buffer  adversary  buffer\n";
  for (const auto& p : s.points) {
    char buf[240];
    std::snprintf(buf, sizeof buf, "  %-40s %2d %6lld %10.2f/%-4lld %7d %10lld %7d%s\n", p.schedule.c_str(), p.d,
                  static_cast<long long>(p.fixed_delay), p.random_mean, static_cast<long long>(p.random_max), p.random_buffer,
                  static_cast<long long>(p.adversary), p.adversary_buffer, p.ok ? "" : "  DEADLOCK");
    out += buf;
  }
  return out;
}

nlohmann::json latency_study_json(const LatencyStudy& s) {
  nlohmann::json pts = nlohmann::json::array();
  for (const auto& p : s.points)
    pts.push_back({{"schedule", p.schedule}, {"d", p.d}, {"fixed_delay", p.fixed_delay}, {"random_mean", p.random_mean},
                   {"random_max", p.random_max}, {"random_buffer", p.random_buffer}, {"adversary", p.adversary},
                   {"adversary_buffer", p.adversary_buffer}, {"adversary_completion", p.adversary_completion},
                   {"adversary_item_delays", p.adversary_item_delays}, {"adversary_buffer_per_processor", p.adversary_buffers},
                   {"ok", p.ok}});
  return {{"L", s.L}, {"items", s.k}, {"samples", s.samples}, {"seed", s.seed}, {"points", pts}};
}

std::string latency_svg(const LatencyStudy& s) {
  Plot p;
  p.title = "largest item delay vs latency spread d (L=" + std::to_string(s.L) + ", latencies in [L-d, L+d])";
  p.x = PlotAxis("d", AxisScale::linear, true);
  p.y = PlotAxis("largest item delay (steps)", AxisScale::linear, true);
  std::vector<std::string> names;
  for (const auto& pt : s.points)
    if (std::find(names.begin(), names.end(), pt.schedule) == names.end()) names.push_back(pt.schedule);
  for (size_t i = 0; i < names.size(); ++i) {
    PlotSeries adv(names[i] + ": adversary", series_color(i));
    PlotSeries rnd(names[i] + ": random mean", series_color(i), {}, true, true, true);
    for (const auto& pt : s.points) {
      if (pt.schedule != names[i]) continue;
      adv.points.emplace_back(pt.d, static_cast<double>(pt.adversary),
                              "d=" + std::to_string(pt.d) + ": adversary " + std::to_string(pt.adversary) + ", buffer " +
                                  std::to_string(pt.adversary_buffer));
      rnd.points.emplace_back(pt.d, pt.random_mean,
                              "d=" + std::to_string(pt.d) + ": random mean " + tick_label(pt.random_mean) + ", max " +
                                  std::to_string(pt.random_max));
    }
    p.series.push_back(std::move(adv));
    p.series.push_back(std::move(rnd));
  }
  p.note = std::to_string(s.k) + " items; random: " + std::to_string(s.samples) + " seeded draws (seed " +
           std::to_string(s.seed) + "); adversary: heuristic, a lower bound on the worst case";
  p.height = 420;
  return plot_svg(p);
}

std::string simple_schedule_text(const SimpleScheduleResult& r) {
  std::string s = simple_rows_text(r.rows);
  if (r.cut_short)
    s += "time limit reached: " + std::to_string(r.rows.size()) + " of " + std::to_string(r.P_count) + " P done\n";
  return s;
}

Outcome simple_schedule_outcome(const SimpleScheduleResult& r) {
  return outcome_from_json("blockcast-simple-schedule", simple_rows_json(r.rows), r.cut_short ? Verdict::unknown : Verdict::done);
}

std::string latency_text(const LatencyResult& r, const std::string& plot) {
  std::string s = latency_study_text(r.study) + (plot.empty() ? "" : "wrote " + plot + "\n");
  if (r.study.not_reached > 0) s += "time limit reached: " + std::to_string(r.study.not_reached) + " P not reached\n";
  return s;
}

Outcome latency_outcome(const LatencyResult& r) {
  nlohmann::json j = latency_study_json(r.study);
  if (r.study.not_reached > 0) j["not_reached"] = r.study.not_reached;
  return outcome_from_json("blockcast-latency", j, r.study.not_reached > 0 ? Verdict::unknown : Verdict::done);
}

}  // namespace blockcast
