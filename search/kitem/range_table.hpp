// The k-item table at scale: `kbroadcast-table --ranges` over L x P x k in
// the millions of cells, compressed into ranges of P and k with one status each. The
// constructions run first (SAT only in the small cells they leave above the bound: the pair
// model of kitem/exact.hpp, then the counting model of kitem/counting_exact.hpp): Traff's
// circulant schedule for L = 1 (at the bound everywhere, docs/kbroadcast.md Sec. 6), for k = 1 the optimal single-item tree, and for L >= 2 the
// block-cyclic schedule of the every-P table (search/everyp/every_p.hpp, as `table` prints it)
// with the coloured endgame (for L >= 4, and L = 3 up to P = kRangeSimulateMaxP, also on the
// schedule `solve --P` packs, whose words often colour, and whose blocks give more processors
// enough free slots, where the table's do not) (search/kitem/colored_endgame.hpp), then its
// slots re-routed (search/kitem/routed_endgame.hpp), then both on the balanced
// repacking (search/kitem/balanced_packing.hpp), then the repacking routed on the ties tree
// chosen for the endgame (search/kitem/endgame_tree.hpp); above kRangeSimulateMaxP from
// kRangeFastPathMinL on, the repacking routed at the bound comes first and the rest runs only
// where it misses; where all of them miss the bound, the routings again one and two windows
// above it. Each is decided once per (L, P) and valid for every k (the endgame problem does not
// depend on k).
// Statuses: "at the bound" (a construction or an exact search reaches the lower bound of Karp
// et al. 1993 Thm 3.1 as corrected, engine/kitem/bounds.hpp), "proved above" (every time below
// refuted), "upper bound only" (the best construction's time, the gap to the bound open), "no
// schedule" (no continuous schedule found within the limit).
// Claims are checked: for P <= kRangeSimulateMaxP the schedules of the first two k of every
// range are built and replayed by the simulator (the exact searches replay their own); above it, the coloured endgame's tree sets
// are computed from the letter pattern, whose agreement with the expansion the tests check,
// and the routed endgame is a routing of the expanded slots themselves (only the relabelling
// to other k is not replayed; the tests replay it). A failed replay makes the command fail
// (never a claim).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "limits.hpp"

namespace blockcast {

inline constexpr std::int64_t kRangeSimulateMaxP = 2000;
// Above kRangeSimulateMaxP the schedule `solve --P` packs is tried from this L on: at L = 3 it
// added 1.0 % of the cells at the bound (87.2 -> 88.2 %) for 71 s of the table's 614 s.
inline constexpr int kRangeSolveLargePMinL = 4;
// Node budget of one colouring search here (kbroadcast gives each kColoringNodes = 20,000): at
// 20,000 the L = 1..8, P <= 10^4 table took 11 min, mostly in searches that end UNKNOWN.
inline constexpr std::int64_t kRangeColoringNodes = 2'000;
// Attempts of the routed endgame per (K, window) here (routed_endgame.hpp; kbroadcast makes
// kRoutedAttempts), windows at the bound first. On the ties tree chosen for the endgame
// (kitem/endgame_tree.hpp) more: there every processor has barely K free receive slots and the
// attempts learn from each other. Samples of `kbroadcast-table --ranges --k 1..256` (L = 3, 5,
// 8 at P = 300..700; L = 6, 8 at P = 2001..2300), as (plain, retrimmed) attempts: (2, 4) put
// 84.2 % of the L = 8, P <= 700 cells at the bound, (2, 32) 91.5 %, (16, 64) 94.2 %,
// (16, 128) 95.0 %, (64, 128) 95.0 %; the other samples moved by at most 14 cells. More plain
// attempts mostly cost time where no routing exists: the whole table with 4 took 1.20 times as
// long as without the learning attempts and the routing above the bound, measured paired.
inline constexpr std::uint64_t kRangeRoutedAttempts = 2;
inline constexpr std::uint64_t kRangeRetrimmedAttempts = 128;

// Cells the constructions leave above the bound go to the exact search where it reaches
// (exact_reach, kitem/exact.hpp), by default kRangeExactSeconds per SAT solve
// (`kbroadcast-table --ranges --exact-time-limit S`).
inline constexpr double kRangeExactSeconds = 3;

// Cells still above the bound after that, with P <= kCountingMaxP and k <= kCountingMaxK
// (counting_reach, kitem/counting_exact.hpp), go to the counting model, times from the bound
// up: each SAT call at most kRangeCountingConflicts conflicts. That is the budget: a budget of
// work, so that the answer does not depend on the machine's load (the faces of
// kbroadcast-table must agree, tests/differential/). The cell's wall clock is only a safety net
// far above what the conflicts take, kRangeCountingSeconds (`kbroadcast-table --ranges
// --counting-time-limit S`; 0 = not run): a 2 s cap made two faces differ by one cell under
// load. After kRangeCountingGiveUp cells of one (L, P) stay open, its larger k are not tried
// (their models only grow).
inline constexpr double kRangeCountingSeconds = 30;
inline constexpr std::int64_t kRangeCountingConflicts = 5'000;
inline constexpr int kRangeCountingGiveUp = 1;

// Seeded word orders of the balanced repacking (balanced_packing.hpp) are tried up to this P;
// above it Hall's words only (the orders cost as much again for about a tenth of the gain).
inline constexpr std::int64_t kRangeBalanceOrdersMaxP = 1000;
// Above kRangeSimulateMaxP and from this L on, the repacking routed at the bound is tried
// first, and the other constructions only where it misses the bound for large k (fast_plans in
// range_table.cpp).
inline constexpr int kRangeFastPathMinL = 4;

enum class RangeStatus { at_bound, proved_above, upper_only, no_schedule };
// "at the bound", "proved above" (optimum above the bound: every time below refuted by a checked
// DRAT proof), "upper bound only", "no schedule"
std::string status_name(RangeStatus s);

// k0..k1 of one (L, P) with one status, gap (time - lower bound) and method.
struct KRange {
  std::int64_t k0 = 0, k1 = 0;
  RangeStatus status = RangeStatus::no_schedule;
  std::int64_t gap = 0;
  std::string method;  // "circulant", "colored-endgame", "balanced-endgame", "cut", "exact (SAT)", ...
  friend bool operator==(const KRange&, const KRange&) = default;
};

// Consecutive P of one L with the same k ranges.
struct PRange {
  int L = 0;
  std::int64_t P0 = 0, P1 = 0;
  std::vector<KRange> ks;
};

struct RangeTableStats {  // per L
  int L = 0;
  std::int64_t cells = 0, at_bound = 0, proved_above = 0, upper_only = 0, no_schedule = 0, max_gap = 0;
  std::int64_t simulated = 0;  // (P, K) endgames replayed by the simulator
  std::int64_t exact = 0;      // cells decided by the exact search
  double seconds = 0;
};

struct RangeTable {
  std::vector<PRange> rows;
  std::vector<RangeTableStats> per_L;
  std::int64_t not_reached = 0;  // (L, P) pairs the deadline left out
  std::string failure;           // a replay that failed (then the table is not to be trusted)
};

struct RangeOptions {
  double exact_time_limit = kRangeExactSeconds;        // per SAT solve of the pair model (0 = none)
  double counting_time_limit = kRangeCountingSeconds;  // per cell of the counting model (0 = not run)
  std::int64_t counting_conflicts = kRangeCountingConflicts;  // per SAT call of it (0 = no cap)
  bool exact_search = true;      // false: constructions only (neither SAT model runs)
  bool replay_every_k = false;  // replay every k's schedule (tests), not only the first two k of each range
  std::function<void(int, std::int64_t)> progress;     // (L, P) finished
};

// limits: max_nodes per colouring search (0 = kRangeColoringNodes), the deadline for the whole
// table (the exact searches included). threads: P values decided in parallel (0 = all cores).
RangeTable kitem_range_table(std::pair<int, int> Ls, std::pair<std::int64_t, std::int64_t> Ps,
                             std::pair<std::int64_t, std::int64_t> ks, const Limits& limits, int threads,
                             const RangeOptions& options = {});

}  // namespace blockcast
