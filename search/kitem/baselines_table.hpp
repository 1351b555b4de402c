// The `kbroadcast-baselines` run: per (L, P, k) the k-item broadcast
// algorithms MPI libraries run today (engine/kitem/baselines.hpp), each built as an explicit
// postal-model schedule and replayed by the independent simulator (engine/simulator.hpp)
// before its time is taken, next to the lower bound (engine/kitem/bounds.hpp
// kitem_lower_bound) and blockcast's own best k-item schedule without SAT: Traff's circulant
// schedule for L = 1, else the best block-cyclic continuous schedule cut after k items
// (search/kitem/schedules.hpp with no endgame solve). Time = last reception step
// (docs/kbroadcast.md Sec. 1). reports/kbroadcast_baselines.hpp renders the result.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limits.hpp"

namespace blockcast {

// Rows are refused (InputError) when P * k exceeds this: every baseline is stored and
// replayed explicitly (a few times P * k messages).
inline constexpr std::int64_t kMaxBaselineCells = 1'000'000;

struct BaselineTime {
  std::string name;
  bool ok = false;          // the simulator accepted the schedule
  std::string violation;    // its first violation when !ok
  std::int64_t time = 0;    // last reception step (meaningful iff ok)
  std::int64_t messages = 0;
};

struct BaselineRow {
  int L = 0;
  std::int64_t P = 0, k = 0;
  std::int64_t lower_bound = 0;
  std::vector<BaselineTime> baselines;  // in the order of baselines()
  std::optional<std::int64_t> ours;     // blockcast's best (simulated or structurally checked)
  std::string ours_name;                // "circulant", "cut", ...; or why there is none
  bool ours_ok = true;                  // every check of our schedule passed
  bool ok() const;                      // every schedule of the row accepted
};

struct BaselineTable {
  std::vector<BaselineRow> rows;
  std::int64_t not_reached = 0;  // rows the deadline left out
  bool ok() const;
};

// Rows for every L x P x k (in that nesting). limits: time_limit of each search of the
// continuous schedule for L >= 2 (0 = none; one search per (L, P)), deadline for the whole
// table (no row starts after it). InputError on P < 2, k < 1, L < 1 or P * k > kMaxBaselineCells.
BaselineTable baselines_table(const std::vector<int>& Ls, const std::vector<std::int64_t>& Ps,
                              const std::vector<std::int64_t>& ks, const Limits& limits,
                              const std::function<void(const BaselineRow&)>& on_row = {});

// One baseline simulated (the unit the table and the tests share).
BaselineTime simulated_baseline(int kind_index, int L, std::int64_t P, std::int64_t k);

}  // namespace blockcast
