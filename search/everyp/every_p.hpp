// A checked schedule for every number of processors P (SPEC Sec. 6-7,
// docs/shapes.md "Every P"). For one latency L the engine first computes, per depth T and
// receive-only letter x, the set of leaf counts D such that T_T minus D trailing leaves (at
// most L per node: the pruned trees of any depth, ties trees included) has a block-cyclic
// schedule with receive-only x and an x-extendable root. Small depths come from complete
// searches with a node limit; larger ones from the generalised induction (docs/induction.md):
// a schedule for (T-1, D1) and one for (T-L, D2) compose into one for (T, D1 + D2), so the
// sets are sumsets of interval unions and cost nothing per P. A cell P then takes the
// smallest depth T >= t = B(P-1) whose D = f_T - (P-1) is in a set (the witness is composed
// on demand), or a complete search at that depth finds one. Every limit is a node count, so
// the table is the same on every machine, run and thread count.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "everyp/trim_search.hpp"

namespace blockcast {

struct EveryPOptions {
  i64 base_nodes = 5'000;    // node limit of one base-case search (T, D, x)
  i64 cell_nodes = 5'000;    // node limit of one complete search for one cell at one depth
  i64 base_max_nodes = 48;   // base-case searches for depths T with f_T <= this many nodes
  int threads = 0;           // 0 = all cores
  i64 simulate_events = 0;   // replay a witness when P * (items + delay) <= this (0: never)
  bool keep_witnesses = true;  // false: each cell's witness is dropped once checked (P up to 10^6)
  Tuning tuning;               // budgets and effort knobs (search/tuning.hpp)
  // One P instead of a table (best_schedule): base-case searches only for depths
  // up to base_top (0: the table's rule, 3L + 2), no constructive packing if !pack, and
  // limits.deadline stops the set-up between its units (base cases not reached by then are
  // left out: the sets only shrink, every witness is still checked).
  int base_top = 0;
  bool pack = true;
  Limits limits;
};

// What was established for a cell at one depth T (delay L + T).
struct DepthVerdict {
  int T = 0;
  Verdict verdict = Verdict::unknown;
  std::string how;  // "composed", "base case", "search", or what the search covered / hit
};

struct Cell {
  int L = 0;
  i64 P = 0;
  int t = 0;                     // B(P-1)
  i64 lower_bound = 0;           // L + t: no schedule of any kind is faster
  int T = -1;                    // depth of the schedule, delay L + T; -1 if none was found
  std::string method;            // "composed" (induction), "base case", "search"
  bool proved = false;           // L + T is optimal for block-cyclic schedules on pruned trees
  std::vector<DepthVerdict> depths;  // t .. T in order; the last one SOLVED
  std::optional<Assignment> witness;  // passed check_assignment(claimed_instance(w), w)
  std::string verification;
  bool repaired = false;         // searched again with a larger node limit (monotonicity)
  std::string monotone;          // why no cell of the table with more processors is faster
  Shape shape = Shape::optimal;  // the witness's shape (kept when the witness is dropped)
  // `table --period`, cells above the lower bound: "" when not searched,
  // else the periodic search at L + t in brief (search/kitem/periodic_search.hpp).
  std::string periodic;
  bool periodic_at_bound = false;  // a periodic schedule (simulated) reaches L + t
  bool found() const { return T >= 0; }
  i64 delay() const { return L + T; }
  bool optimal() const { return T == t; }
};

struct EveryPStats {
  std::int64_t base_searches = 0, base_solved = 0, base_nodes = 0;
  std::int64_t cell_searches = 0, cell_nodes = 0, composed = 0;
  std::int64_t packed = 0;  // base cases found by the constructive packing (witnesses only)
  EveryPStats& operator+=(const EveryPStats& o) {
    packed += o.packed;
    base_searches += o.base_searches, base_solved += o.base_solved, base_nodes += o.base_nodes;
    cell_searches += o.cell_searches, cell_nodes += o.cell_nodes, composed += o.composed;
    return *this;
  }
};

class EveryP {
 public:
  // Prepares the depth sets for cells up to P_max (base searches in parallel on opt.threads).
  EveryP(int L, i64 P_max, const EveryPOptions& opt);
  int L() const { return L_; }
  // The schedule for P (2 <= P <= P_max), checked; thread-safe. Searches get
  // effort * opt.cell_nodes nodes.
  Cell cell(i64 P, i64 effort = 1) const;
  // D in the composition set of depth T for some x?
  std::optional<Letter> composable(int T, i64 D) const;
  const EveryPStats& base_stats() const { return stats_; }

 private:
  using Union = std::vector<std::pair<i64, i64>>;  // sorted disjoint closed intervals
  int L_;
  EveryPOptions opt_;
  int letters_ = 0;  // receive-only letters x tried
  int T_max_ = 0;
  std::vector<std::vector<Union>> sets_;   // [T][x]: D with an x-extendable root
  std::vector<std::vector<Union>> rsets_;  // [T][x]: D with any root (a superset)
  std::map<std::tuple<int, i64, Letter, bool>, Assignment> bases_;  // (T, D, x, extendable) -> witness
  EveryPStats stats_;
  mutable std::mutex memo_mutex_;
  mutable std::map<std::tuple<int, i64, Letter, bool>, std::shared_ptr<const Assignment>> memo_;
  mutable std::map<std::tuple<int, i64, Letter>, std::shared_ptr<const Assignment>> ltwo_parts_;  // under memo_mutex_

  TreeSpec spec(int T, i64 D) const;
  std::shared_ptr<const Assignment> build(int T, i64 D, Letter x, bool extendable, bool remember = true) const;
  // L = 2: a constructed T-1 part (search/everyp/ltwo.hpp, x-extendable root) and a shared T-2 part
  // of the sets, composed once, instead of a chain of compositions per cell.
  std::optional<Assignment> ltwo_composed(int T, i64 D) const;
};

// Constructive fallback (never a proof): the pruned tree of depth T for P under a few fixed
// trimming profiles, each packed for a few receive-only letters by the bulk method of
// search/constructive.hpp, then, where that fails on a tree of at most
// tuning.repair_max_blocks blocks, by the repair method (`tries` restarts, deterministic
// seeds). The witness has P, t, T set and its shape named; the caller re-checks it. nullopt
// if every attempt failed; `method` (if given) names the method that packed the witness.
// `deadline`: no further attempt starts after it; the repair method polls it between
// restarts, the bulk method between block types.
std::optional<Assignment> constructive_pruned(int L, i64 P, int T, int tries = 8, const Tuning& tuning = {},
                                              Clock::time_point deadline = Clock::time_point::max(),
                                              std::string* method = nullptr);

// Every (L, P) of two inclusive ranges, L outer, P inner, made monotone in P: a cell whose
// delay exceeds its right neighbour's is searched again at that neighbour's depth.
// `progress(done, total)` is called as cells finish (from worker threads). No cell starts after
// opt.limits.deadline: the cells not reached have no schedule (method "not reached (time limit)").
std::vector<Cell> every_p_table(std::pair<int, int> Ls, std::pair<i64, i64> Ps, const EveryPOptions& opt,
                                const std::function<void(std::size_t, std::size_t)>& progress = {});

// The cell as one JSON object that is also an assignment file (docs/assignment-format.md):
// the witness's fields at top level plus lower_bound, optimal, proved, method, depths,
// verification. Without a witness: the cell fields and "delay": null.
nlohmann::json to_json(const Cell& c);

}  // namespace blockcast
