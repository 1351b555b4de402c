// The k-item optimum table (see table.hpp; Karp et al. 1993 Thm 3.1, Subramonian and Venkatasubramanian 1993 Sec. 4, 6).
#include "kitem/table.hpp"

#include <algorithm>

#include "kitem/bounds.hpp"
#include "kitem/exact.hpp"
#include "kitem/schedules.hpp"

namespace blockcast {

KItemTable kitem_table(int L0, int L1, int P0, int P1, int k0, int k1, const Limits& limits,
                       const std::function<void(const KItemRow&)>& on_row) {
  KItemTable t;
  const int rows = (L1 - L0 + 1) * (P1 - P0 + 1) * (k1 - k0 + 1);
  for (int L = L0; L <= L1; ++L)
    for (int P = P0; P <= P1; ++P) {
      if (limits.expired()) {
        t.not_reached = rows - static_cast<int>(t.rows.size());
        return t;
      }
      const BestSchedule b = best_continuous(L, P, limits);
      for (int k = k0; k <= k1; ++k) {
        if (limits.expired()) {
          t.not_reached = rows - static_cast<int>(t.rows.size());
          return t;
        }
        KItemRow r;
        r.L = L, r.P = P, r.k = k;
        r.lower_bound = static_cast<int>(kitem_lower_bound(L, P, k));
        r.simple_time = static_cast<int>(simple_schedule_time(L, P, k));
        // Our schedules first: when one reaches the lower bound it is optimal, and otherwise
        // the exact search only has to refute the times below it.
        if (b.witness) {
          r.continuous_delay = static_cast<int>(b.witness->delay());
          const KItemSchedules ks = kitem_schedules(*b.witness, k, limits);
          if (ks.schedules.front().simulated_ok) r.cut_time = static_cast<int>(ks.schedules.front().time);
          const KItemSchedule& best = ks.best();
          if (best.simulated_ok) r.ours_time = static_cast<int>(best.time), r.ours_name = best.name;
        }
        if (r.ours_time && *r.ours_time == r.lower_bound) {
          r.exact_verdict = Verdict::solved;
          r.optimum = r.exact_upper = r.lower_bound;
          r.exact_proof = "equals the lower bound (reached by " + r.ours_name + ")";
        } else {
          const int cut_formula = static_cast<int>(continuous_cut_time(L, P, k));
          const int max_T = r.ours_time ? *r.ours_time - 1 : std::max(cut_formula + 2, r.simple_time) + 2;
          const KItemExact ex = kitem_exact(L, P, k, r.lower_bound, max_T, limits);
          for (const auto& a : ex.attempts) r.exact_seconds += a.seconds;
          r.exact_verdict = ex.verdict;
          r.optimum = ex.optimum;
          r.exact_upper = ex.best_found;
          r.exact_proof = ex.proof;
          if (!r.exact_upper) r.exact_upper = r.ours_time;
          if (ex.verdict == Verdict::impossible && r.ours_time) {  // ours is optimal
            r.exact_verdict = Verdict::solved;
            r.optimum = r.exact_upper = *r.ours_time;
            r.exact_proof = "time " + std::to_string(max_T) + " refuted: " + ex.attempts.back().detail;
          }
        }
        if (r.exact_verdict != Verdict::solved) ++t.unknown;
        if (on_row) on_row(r);
        t.rows.push_back(r);
      }
    }
  return t;
}

}  // namespace blockcast
