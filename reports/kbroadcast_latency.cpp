// Simple schedule vs ours, and the varying-latency study (see kbroadcast_latency.hpp;
// paper 002 Sec. 6-7).
#include "kbroadcast_latency.hpp"

#include <algorithm>
#include <cstdio>

#include "best_schedule.hpp"
#include "expand.hpp"
#include "kbroadcast.hpp"
#include "postal.hpp"
#include "simple_schedule.hpp"
#include "svg_plot.hpp"

namespace blockcast {

namespace {
BestSchedule ours(int L, std::int64_t P, double seconds) {
  SearchOptions o;
  o.threads = 1;
  if (seconds > 0) o.limits.time_limit = seconds;
  return best_schedule(L, P, o);
}
}  // namespace

std::vector<SimpleRow> simple_vs_ours(int L, std::int64_t P0, std::int64_t P1, int k, double seconds) {
  std::vector<SimpleRow> rows;
  for (std::int64_t P = P0; P <= P1; ++P) {
    SimpleRow r;
    r.L = L, r.P = P;
    r.simple_formula = static_cast<int>(simple_schedule_delay(L, P));
    r.lower_bound = L + broadcast_depth(L, P - 1);
    const SimpleSchedule s = simple_schedule(L, P, k);
    if (!s.problem.empty()) {
      r.simple_problem = s.problem;
    } else {
      const LatencyReplay rep = replay(s.plan, LatencyModel{});
      if (!rep.ok) r.simple_problem = rep.problem;
      r.simple_measured = rep.max_delay;
      r.simple_buffer = rep.max_buffer;
    }
    const BestSchedule b = ours(L, P, seconds);
    if (b.witness) {
      r.ours_delay = static_cast<int>(b.witness->delay());
      r.ours_shape = shape_name(*b.shape);
    }
    rows.push_back(r);
  }
  return rows;
}

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

std::vector<NamedPlan> study_plans(int L, std::int64_t P, int k, double seconds) {
  std::vector<NamedPlan> plans;
  const BestSchedule b = ours(L, P, seconds);
  if (b.witness)
    plans.push_back({"ours (" + shape_name(*b.shape) + ", delay " + std::to_string(b.witness->delay()) + ") P=" + std::to_string(P),
                     expand_assignment(*b.witness, k)});
  const SimpleSchedule s = simple_schedule(L, P, k);
  if (s.problem.empty())
    plans.push_back({"simple (delay " + std::to_string(L + s.tree_depth) + ") P=" + std::to_string(P), s.plan});
  return plans;
}

LatencyStudy latency_study(int L, const std::vector<std::int64_t>& Ps, int d0, int d1, int k, int samples,
                           std::uint64_t seed, double seconds) {
  LatencyStudy st;
  st.L = L, st.k = k, st.samples = samples, st.seed = seed;
  for (std::int64_t P : Ps)
    for (const NamedPlan& np : study_plans(L, P, k, seconds)) {
      const LatencyReplay fixed = replay(np.plan, LatencyModel{});
      for (int d = d0; d <= d1; ++d) {
        LatencyPoint pt;
        pt.schedule = np.name, pt.d = d, pt.fixed_delay = fixed.max_delay;
        pt.ok = fixed.ok;
        double sum = 0;
        for (int i = 0; i < samples; ++i) {
          const LatencyReplay r = replay(np.plan, LatencyModel{LatencyKind::random, d, seed + static_cast<std::uint64_t>(i), 0});
          pt.ok = pt.ok && r.ok;
          sum += static_cast<double>(r.max_delay);
          pt.random_max = std::max(pt.random_max, r.max_delay);
          pt.random_buffer = std::max(pt.random_buffer, r.max_buffer);
        }
        pt.random_mean = sum / samples;
        const LatencyReplay adv = replay(np.plan, LatencyModel{LatencyKind::adversary, d, seed, 200});
        pt.ok = pt.ok && adv.ok;
        pt.adversary = adv.max_delay;
        pt.adversary_buffer = adv.max_buffer;
        pt.adversary_completion = adv.completion;
        pt.adversary_item_delays = adv.delay;
        pt.adversary_buffers = adv.buffer;
        st.points.push_back(pt);
      }
    }
  return st;
}

std::string latency_study_text(const LatencyStudy& s) {
  std::string out = "varying latency: L=" + std::to_string(s.L) + ", " + std::to_string(s.k) + " items, latencies in [max(1,L-d), L+d]; random: " +
                    std::to_string(s.samples) + " draws (seeds " + std::to_string(s.seed) + ".." +
                    std::to_string(s.seed + static_cast<std::uint64_t>(s.samples) - 1) +
                    "); adversary: heuristic (paper 002 Sec. 7 attack, 20 random starts, 200 local-search replays), a lower bound on the worst case\n";
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

}  // namespace blockcast
