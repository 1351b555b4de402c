// The `kbroadcast-table` run: per (L, P, k) the exact optimum over general schedules
// (search/kitem/exact.hpp, SAT with DRAT-checked optimality), our schedules (the best
// block-cyclic continuous schedule cut after k items, and its endgame-adjusted version,
// search/kitem/schedules.hpp), Subramonian and Venkatasubramanian's (1993) simple schedule, and the lower bound of
// Karp et al. 1993 Thm 3.1 as corrected (engine/kitem/bounds.hpp: kitem_lower_bound).
// on_row sees each row as soon as it is decided; reports/kbroadcast_table.hpp renders them.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "limits.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

struct KItemRow {
  int L = 0, P = 0, k = 0;
  int lower_bound = 0;
  Verdict exact_verdict = Verdict::unknown;
  std::optional<int> optimum;     // proved optimum (SOLVED)
  std::optional<int> exact_upper; // best schedule the exact search simulated
  std::string exact_proof;
  double exact_seconds = 0;
  std::optional<int> continuous_delay;  // best block-cyclic delay found for (L, P)
  std::optional<int> cut_time;          // that schedule cut after k items (simulated)
  std::optional<int> ours_time;         // best of cut / endgame-adjusted (simulated)
  std::string ours_name;
  int simple_time = 0;                  // Subramonian and Venkatasubramanian 1993 Thm 6.1 formula, L + B(P-1; L+1) + k - 1
};

struct KItemTable {
  std::vector<KItemRow> rows;
  int unknown = 0;  // rows whose optimum is not proved
  int not_reached = 0;  // rows the deadline left out (not in rows, not in unknown)
};

// limits: time_limit per search of the continuous schedule and per SAT solve (0 = none);
// deadline for the whole table: no row starts after it (counted in not_reached).
KItemTable kitem_table(int L0, int L1, int P0, int P1, int k0, int k1, const Limits& limits,
                       const std::function<void(const KItemRow&)>& on_row = {});

}  // namespace blockcast
