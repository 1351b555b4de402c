// The k-item schedules of the `kbroadcast` run: real k-item schedules built from a
// continuous (block-cyclic) schedule (Karp et al. 1993 Sec. 3.1 Thm 3.1-3.2 and Fig. 2):
//  - "cut": the continuous schedule cut after k items (engine/expand.hpp), time L + T + k - 1.
//  - "endgame": Thm 3.2 splits an optimal k-item schedule into a continuous phase (items
//    0..k-k*-1, one copy each from the source) and an endgame (the last k* items, the source
//    may send several copies). We keep the cut schedule's trees of the first k - k* items and
//    let the exact SAT model (search/kitem/exact.hpp) place the last k* items, for the
//    smallest time from the lower bound up.
//  - "alternated + endgame": Fig. 2's adjustment first, the receive-only processor and one
//    other processor swapping roles in every other item's tree (engine/kitem/schedule_ops.hpp),
//    kept only if the simulator accepts it; then the endgame as above.
//  - "optimal-tree" (k = 1): the optimal single-item tree from the source
//    (engine/kitem/single_item.hpp), time B(P) = the lower bound.
//  - "colored-endgame" (search/kitem/colored_endgame.hpp): the endgame without
//    SAT, each virtual tree of the cut schedule carrying one endgame item; tried first, at any
//    P * k the expansion holds.
//  - "routed-endgame" (search/kitem/routed_endgame.hpp): the virtual trees'
//    free slots re-matched step by step (free routes, no SAT); tried when the colouring misses.
//  - "balanced-endgame", "balanced-routed-endgame"
//    (search/kitem/balanced_packing.hpp): the same two, on the continuous schedule repacked (same
//    block types, letters and delay) so that every block's letter sum gives its processors k*
//    virtual trees; tried when both miss on the cut schedule's own.
//  - "retrimmed-routed-endgame" (search/kitem/endgame_tree.hpp): the same
//    routing on another continuous schedule of the same delay, on the ties tree whose 1-child
//    nodes are trimmed first (the r = 1 blocks' surplus is what no repacking can move),
//    repacked; tried when the repackings miss, before any SAT.
//  - "longer-endgame": if still above the lower bound, keep one or two items fewer of the cut
//    schedule and let the SAT model place the rest, at the lower bound only.
//  - "circulant" (L = 1 only): Traff's circulant-graph schedule
//    (engine/kitem/circulant.hpp), time k - 1 + ceil(log2 P) = the lower bound; when the
//    checks confirm that, no endgame is attempted. It is held in its implicit form (phase
//    table + k), checked structurally (engine/kitem/circulant_check.hpp) and, for
//    P * k <= kStreamLimit, replayed by the streaming simulator
//    (engine/kitem/stream_simulator.hpp); its explicit message list is built only for
//    (P - 1) * k <= kExplicitCirculantLimit (then the explicit simulator replays it too).
// Every other schedule is replayed by the simulator; `time` is its last reception step.
// reports/kbroadcast_schedules.hpp renders the result.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"
#include "everyp/best_schedule.hpp"
#include "kitem/circulant.hpp"
#include "schedule.hpp"

namespace blockcast {

// The circulant schedule is replayed by the streaming simulator up to this P * k
// (10^8 message events, about 10 s at >= 10^7 events/s).
inline constexpr std::int64_t kStreamLimit = 100'000'000;
// ... and its explicit message list (for --out, the explicit simulator) is built up to
// kExplicitCirculantLimit messages (engine/kitem/circulant.hpp); above it only the implicit
// form exists.

// Node budget of one colouring search of the constructive endgame.
inline constexpr std::int64_t kColoringNodes = 20'000;
// Attempts of the routed endgame per (K, window) (routed_endgame.hpp: attempt i has seed i and
// learns from attempts 0..i-1).
inline constexpr std::uint64_t kRoutedAttempts = 128;

struct KItemSchedule {
  std::string name;        // "cut", "circulant", "colored-endgame", "routed-endgame", "balanced-endgame",
                           // "balanced-routed-endgame", "retrimmed-routed-endgame", "endgame",
                           // "alternated+endgame", "longer-endgame", "exact"
  std::string how;         // one line: what was kept, what the SAT model chose, which swap
  Schedule schedule;       // the explicit messages; only P, L, items when held implicitly
  std::optional<CirculantSchedule> implicit;  // "circulant": the phase table and k
  std::int64_t messages = 0;  // number of messages (also when held implicitly)
  std::int64_t time = 0;   // last reception step (simulated, or structurally proved)
  bool simulated_ok = false;  // every check that ran accepted the schedule
  std::string violation;
  std::string checks;      // circulant: which checks ran ("structurally checked; ...")
};

// One method tried, in the order tried: what it gave and what stopped it.
struct KItemAttempt {
  std::string method;        // a schedule name above, or "balanced-endgame (word order 2)", ...
  std::int64_t time = -1;    // the schedule it gave (-1: none kept)
  double seconds = 0;        // measured
  std::string stopped;       // "" ran to its end; "time limit reached", "memory bound", ...
};

struct KItemSchedules {
  std::int64_t lower_bound = 0;
  std::vector<KItemSchedule> schedules;  // "cut" first; the others when they beat it
  std::vector<std::string> notes;        // endgame attempts that did not help, limits hit
  std::vector<KItemAttempt> attempts;    // every method tried, with its seconds
  bool time_limit_hit = false;           // the deadline stopped an endgame: best() is not proved optimal
  bool proved_optimal = false;           // the exact search settled the optimum (found it, or refuted below best())
  const KItemSchedule& best() const;     // smallest time among simulated-ok schedules
};

// Both phases below under the same limits (kbroadcast-table, mpi-run, the plan's builds).
// limits: time_limit per SAT solve of the endgame (0 = none), deadline for the whole call (no
// solve starts after it; the schedules found so far are returned). The endgame is attempted
// only when the cut misses the lower bound and P * k <= max_cells_for_sat (the SAT model's size).
KItemSchedules kitem_schedules(const Assignment& continuous, std::int64_t k, const Limits& limits = time_limit_each(20),
                               std::int64_t max_cells_for_sat = 2000);

// Phase 1, no SAT: the cut, the circulant (L = 1), the optimal tree (k = 1), the coloured,
// routed, balanced and retrimmed endgames. Returns true when nothing is left to try (the
// best schedule is at the lower bound, or a schedule failed its replay).
bool kitem_constructions(const Assignment& continuous, std::int64_t k, const Limits& limits, KItemSchedules& out);
// Phase 2, SAT: the endgame on the cut schedule, Fig. 2's alternation, the longer endgame and
// the exact search, each only below the best time of `out`; sets time_limit_hit.
void kitem_sat_endgames(const Assignment& continuous, std::int64_t k, const Limits& limits, KItemSchedules& out,
                        std::int64_t max_cells_for_sat = 2000);

// The circulant schedule for L = 1 (P >= 2, k >= 1): structural check, the streaming
// replay when P * k <= kStreamLimit, the explicit form and its replay when
// (P - 1) * k <= explicit_limit. time = the replay's last reception step, or k - 1 + q when
// only the structural check ran (docs/kbroadcast.md Sec. 6 proves that this suffices).
KItemSchedule circulant_entry(std::int64_t P, std::int64_t k, std::int64_t explicit_limit = kExplicitCirculantLimit);

// L = 1 at scale (no continuous schedule to cut): the circulant schedule alone.
KItemSchedules circulant_schedules(std::int64_t P, std::int64_t k);

// The continuous schedule the k-item runs cut: the best block-cyclic schedule for (L, P)
// (search/everyp/best_schedule.hpp), one thread; limits.time_limit per search (0 = none),
// limits.deadline for the whole call.
BestSchedule best_continuous(int L, std::int64_t P, const Limits& limits);

}  // namespace blockcast
