// Simple schedule vs ours, and the varying-latency study (see latency_study.hpp;
// Subramonian and Venkatasubramanian 1993 Sec. 6-7).
#include "kitem/latency_study.hpp"

#include <algorithm>

#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/schedules.hpp"
#include "kitem/simple_schedule.hpp"
#include "postal.hpp"

namespace blockcast {

std::vector<SimpleRow> simple_vs_ours(int L, std::int64_t P0, std::int64_t P1, int k, const Limits& limits) {
  std::vector<SimpleRow> rows;
  for (std::int64_t P = P0; P <= P1 && !limits.expired(); ++P) {
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
    const BestSchedule b = best_continuous(L, P, limits);
    if (b.witness) {
      r.ours_delay = static_cast<int>(b.witness->delay());
      r.ours_shape = shape_name(*b.shape);
    }
    rows.push_back(r);
  }
  return rows;
}

std::vector<NamedPlan> study_plans(int L, std::int64_t P, int k, const Limits& limits) {
  std::vector<NamedPlan> plans;
  const BestSchedule b = best_continuous(L, P, limits);
  if (b.witness)
    plans.push_back({"ours (" + shape_name(*b.shape) + ", delay " + std::to_string(b.witness->delay()) + ") P=" + std::to_string(P),
                     expand_assignment(*b.witness, k)});
  const SimpleSchedule s = simple_schedule(L, P, k);
  if (s.problem.empty())
    plans.push_back({"simple (delay " + std::to_string(L + s.tree_depth) + ") P=" + std::to_string(P), s.plan});
  return plans;
}

LatencyStudy latency_study(int L, const std::vector<std::int64_t>& Ps, int d0, int d1, int k, int samples,
                           std::uint64_t seed, const Limits& limits) {
  LatencyStudy st;
  st.L = L, st.k = k, st.samples = samples, st.seed = seed;
  for (std::size_t n = 0; n < Ps.size(); ++n) {
    if (limits.expired()) {
      st.not_reached = static_cast<int>(Ps.size() - n);
      break;
    }
    const std::int64_t P = Ps[n];
    for (const NamedPlan& np : study_plans(L, P, k, limits)) {
      const LatencyReplay fixed = replay(np.plan, LatencyModel{});
      for (int d = d0; d <= d1; ++d) {
        if (limits.expired()) {  // this P is cut short too: its points so far are kept
          st.not_reached = static_cast<int>(Ps.size() - n);
          return st;
        }
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
  }
  return st;
}

}  // namespace blockcast
