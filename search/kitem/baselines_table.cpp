// The `kbroadcast-baselines` run (see baselines_table.hpp).
#include "kitem/baselines_table.hpp"

#include <map>
#include <memory>

#include "checked.hpp"
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"
#include "kitem/bounds.hpp"
#include "kitem/schedules.hpp"
#include "simulator.hpp"

namespace blockcast {

bool BaselineRow::ok() const {
  for (const BaselineTime& b : baselines)
    if (!b.ok) return false;
  return ours_ok;
}

bool BaselineTable::ok() const {
  for (const BaselineRow& r : rows)
    if (!r.ok()) return false;
  return true;
}

BaselineTime simulated_baseline(int kind_index, int L, std::int64_t P, std::int64_t k) {
  const BaselineInfo& info = baselines().at(static_cast<size_t>(kind_index));
  const Schedule s = baseline_schedule(info.kind, L, P, k);
  const SimulationResult r = simulate(s);
  BaselineTime t;
  t.name = info.name;
  t.ok = r.ok;
  t.messages = static_cast<std::int64_t>(s.messages.size());
  if (r.ok) t.time = last_reception(s);
  else t.violation = r.violation.text;
  return t;
}

namespace {

// blockcast's best for one row; `continuous` caches the block-cyclic schedule of (L, P).
void fill_ours(BaselineRow& row, const Limits& limits, std::map<std::pair<int, std::int64_t>, std::shared_ptr<BestSchedule>>& continuous) {
  if (row.L == 1) {
    const KItemSchedule c = circulant_entry(row.P, row.k);
    row.ours_ok = c.simulated_ok;
    row.ours_name = c.name;
    if (c.simulated_ok) row.ours = c.time;
    return;
  }
  auto& best = continuous[{row.L, row.P}];
  if (!best) best = std::make_shared<BestSchedule>(best_continuous(row.L, row.P, limits));
  if (!best->witness) {
    row.ours_name = "no continuous schedule found (" + best->reason + ")";
    return;
  }
  const KItemSchedules ks = kitem_schedules(*best->witness, row.k, Limits{}, 0);  // no SAT endgame
  const KItemSchedule& b = ks.best();
  for (const KItemSchedule& s : ks.schedules) row.ours_ok = row.ours_ok && s.simulated_ok;
  row.ours_name = b.name;
  if (b.simulated_ok) row.ours = b.time;
}

}  // namespace

BaselineTable baselines_table(const std::vector<int>& Ls, const std::vector<std::int64_t>& Ps,
                              const std::vector<std::int64_t>& ks, const Limits& limits,
                              const std::function<void(const BaselineRow&)>& on_row) {
  for (int L : Ls)
    if (L < 1) throw InputError("L must be >= 1, got " + std::to_string(L));
  for (std::int64_t P : Ps)
    for (std::int64_t k : ks) {
      require_pk(P, k);
      if (P > kMaxBaselineCells / k)
        throw InputError("P*k = " + std::to_string(P) + "*" + std::to_string(k) + " is over " + std::to_string(kMaxBaselineCells) +
                         ": the baselines are built and simulated explicitly");
    }
  BaselineTable t;
  std::map<std::pair<int, std::int64_t>, std::shared_ptr<BestSchedule>> continuous;
  for (int L : Ls)
    for (std::int64_t P : Ps)
      for (std::int64_t k : ks) {
        if (limits.expired()) {
          ++t.not_reached;
          continue;
        }
        BaselineRow row;
        row.L = L;
        row.P = P;
        row.k = k;
        row.lower_bound = kitem_lower_bound(L, P, k);
        for (size_t i = 0; i < baselines().size(); ++i) row.baselines.push_back(simulated_baseline(static_cast<int>(i), L, P, k));
        fill_ours(row, limits, continuous);
        if (on_row) on_row(row);
        t.rows.push_back(std::move(row));
      }
  return t;
}

}  // namespace blockcast
