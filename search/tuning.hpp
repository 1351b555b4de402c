// Tuning knobs of the searches in one place: node budgets, per-instance limits,
// effort levels and replay sizes. None of them changes what a verdict means: a budget that
// runs out gives UNKNOWN (or makes a heuristic give up and a complete search decide), never
// a wrong SOLVED or IMPOSSIBLE. The defaults are the measured settings the README and the
// golden outputs rest on; every search reads them from its options (SearchOptions::tuning,
// EveryPOptions::tuning), so a caller may pass others and nothing here is global state.
#pragma once
#include <cstdint>

#include "limits.hpp"

namespace blockcast {

struct Tuning {
  // --- The complete search (search/type_search.cpp, search/everyp/trim_search.cpp).
  // Nodes of the ground-state search for an x-extendable root word, per root vector tried.
  std::int64_t root_nodes = 5'000;
  // The same when x is left open and chosen at the end of a branch (type_search): one
  // check per finished branch, so it may be large.
  std::int64_t open_x_root_nodes = 10'000'000;
  // Nogoods kept in the memo (bounds memory and teardown time).
  std::int64_t memo_cap = 3'000'000;
  // Portfolio restarts: node budget of the first round per order, x4 each further round.
  std::int64_t first_round_nodes = 2'000;
  // Trimmed search: not attempted beyond this many nodes with >= 3 children.
  std::int64_t max_trim_slots = 100'000;

  // --- Trimmed trees by composition (search/everyp/trim_compose.cpp).
  std::int64_t direct_nodes = 50'000;  // first complete search in solve_shape (when smaller than the caller's)
  std::int64_t part_nodes = 20'000;    // one complete search for one part (T, D, x)
  int splits = 6;                      // split points D1 tried per (T, D, x)

  // --- Every P (search/everyp/every_p.cpp).
  std::int64_t repair_effort = 20;          // node-limit factor for cells that break monotonicity
  std::int64_t constructive_tries = 2;      // repair restarts per (profile, x) in the fallback
  std::int64_t constructive_letters = 4;    // receive-only letters tried there: the most frequent
  // Composed parts are memoised only for D <= this or D at the top of an interval of a set:
  // second parts take what they can (the same few D for all cells), first parts end in a
  // small D; any other part serves one cell (memoising all took 1.9 GB for L = 9, P <= 10^5).
  std::int64_t memo_max_D = 64;
  int part_tries = 4;                       // repair restarts per profile for a base case
  std::int64_t part_root_nodes = 3'000;     // root-word budget per repair attempt
  std::int64_t probe_nodes = 2'000;         // plain search per profile before packing

  // --- One P (search/everyp/best_schedule.cpp): the lower bound L + t is first
  // tried by the constructive packing of constructive_pruned (no probe search: its letter
  // bounds cost r^2 A per block type and function, seconds for L in the hundreds): the bulk
  // method, then the repair method where bulk fails on a tree of at most repair_max_blocks
  // blocks (constructive.hpp: repair expands every block; L = 202, P = 152850: one packing
  // ran > 20 s).
  std::int64_t repair_max_blocks = 3'000;
  int fast_tries = 2;  // repair restarts per (profile, x) there

  // --- The conjecture run (search/conjecture.cpp).
  // Method auto: the complete search's limit per instance when the command sets none
  // (max_nodes, time_limit in seconds).
  Limits fallback_limits{0, 2.0};
  // Method auto: the base-case scan falls back to the complete search only up to this L
  // (beyond, every candidate window passing the counting test would cost a fallback limit).
  int fallback_max_L = 16;
  int t_max_per_L = 6;     // give up (UNKNOWN) beyond t0 = t_max_per_L * L unless --t-max
  int t_report_L2 = 40;    // shape pruned, L = 2: tabulate t up to this (Thm 3.5's case)
  // Effort levels of the constructive methods in the base-case scan: level 0 at most this
  // many tries per (t, x), level 2 at least that many (level 1: ConstructiveOptions::tries).
  int level0_tries = 3;
  int level2_tries = 400;
  // A window stays in the scan while at most this many of its pairs are UNKNOWN at level 0
  // (each is retried at levels 1 and 2 once the rest is solved). With 1, the scan passed
  // over windows that the settling after it then found to hold, and every such L searched
  // two whole windows (conjecture --L 200: t0 405, then 404 in the settling). With 20,
  // conjecture --L 3..256 finds the same t0 for every L with 12% less CPU.
  int scan_open_max = 20;
  // After the scan, open windows below t0 are settled again (conjecture.cpp, lower_t0); their
  // pairs get the complete search only up to this L. Measured on conjecture --L 3..256: it
  // refuted pairs at L = 17, 21, 23, 52 and none above 52, where 2 s per pair only ended
  // UNKNOWN (about 4 minutes of CPU over the 81 open L).
  int settle_complete_max_L = 64;
  // Settling only (conjecture --settle-tries): one more constructive level with this many
  // tries per pair, after level 2 (0: none). The open windows above L = 64 are pairs the
  // packer solves in about one try in 10^3 (L = 214, t = 467: 20,000 tries found it).
  int settle_tries = 0;
  // Its limit: a node budget on one thread, not seconds, so that t0 does not depend on the
  // machine's load (a 2 s limit gave L = 48 t0 = 98 on a quiet machine and 99 under ctest -j2;
  // the pairs that settle L = 48 take 10-16 thousand nodes, about 0.8 s).
  Limits settle_limits{50'000, 0};

  // --- Replays (engine/simulator.hpp): a schedule is expanded and simulated when
  // P * (items + L + T) is at most this many events.
  std::int64_t max_sim_events = 2'000'000;
};

}  // namespace blockcast
