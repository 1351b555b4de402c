// The `kbroadcast` run (Karp et al. 1993 Sec. 3, Thm 3.1, 3.6-3.7; Subramonian and Venkatasubramanian 1993 Sec. 6): the
// closed-form bounds of engine/kitem/bounds.hpp for (L, P, k) next to a continuous schedule
// cut after k items and replayed by the independent simulator (engine/simulator.hpp).
// reports/kbroadcast.hpp renders the result.
#pragma once
#include <optional>
#include <string>

#include "assignment.hpp"
#include "checked.hpp"
#include "kitem/bounds.hpp"

namespace blockcast {

struct KBroadcastReport {
  int L = 0;
  i64 P = 0, k = 0;
  int depth = 0;  // B(P-1)
  i64 kstar = 0, lower_bound = 0, paper_bound = 0, continuous_formula = 0, simple_delay = 0, simple_time = 0,
      single_sending = 0;
  // Filled when a continuous schedule (assignment) was cut and simulated.
  bool has_schedule = false;
  bool simulated_ok = false;
  std::string violation;   // simulator's first violation if !simulated_ok
  i64 schedule_delay = 0;  // L + T of the assignment
  i64 predicted_time = 0;  // L + T + k - 1
  i64 simulated_time = 0;  // last reception step of the expanded schedule
  i64 messages = 0;
  std::string not_cut;     // why no continuous schedule was cut (L = 1 at scale), else empty
  bool matches_prediction() const { return simulated_ok && simulated_time == predicted_time; }
};

// Bounds for (L, P, k) and, if given, the assignment cut to k items and simulated. The
// assignment must belong to this L and P (InputError otherwise). The lead's search passes
// its witness here when no file is given.
KBroadcastReport kbroadcast_report(int L, i64 P, i64 k, const std::optional<Assignment>& continuous = {});

// L = 1 beyond the explicit size: the circulant schedule is held implicitly and no
// continuous schedule is cut (its (P-1) k messages would be listed). True when
// (P - 1) * k > kExplicitCirculantLimit (search/kitem/schedules.hpp); the `kbroadcast`
// command then reports the bounds and circulant_schedules(P, k) only.
bool circulant_at_scale(int L, i64 P, i64 k);
// The largest P of the circulant schedule at scale: its phase table has P * ceil(log2 P)
// bytes (240 MB here).
inline constexpr i64 kMaxCirculantP = 10'000'000;

}  // namespace blockcast
