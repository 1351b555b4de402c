// The best block-cyclic delay for any number of processors P (SPEC Sec. 2 and 6).
// The lower bound is L + t with t = B(P-1) (SPEC Sec. 2). First the delay L + t is decided
// on the trees that reach it: the optimal tree T_t when P-1 = f_t, else every `ties` tree.
// Only if that is not SOLVED is the delay L + t + 1 decided on every `pruned` tree (paper
// 000 Thm 3.5 does this for L = 2). A verdict is reported as the search gave it: UNKNOWN
// (a limit was hit) never becomes a claim of impossibility, and IMPOSSIBLE only speaks
// about block-cyclic schedules on the trees of that shape.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "everyp/trim_search.hpp"
#include "tuning.hpp"

namespace blockcast {

// One decided (or undecided) shape for P.
struct ShapeAttempt {
  Shape shape = Shape::optimal;
  int T = 0;          // tree depth: delay L + T
  i64 delay = 0;
  i64 removed = 0;    // leaves removed from T_T
  Verdict verdict = Verdict::unknown;
  std::string mode;
  std::string covered;  // what the verdict is about (search space, or the limit hit)
  SearchStats stats;
};

struct BestSchedule {
  int L = 0;
  i64 P = 0;
  int t = 0;             // B(P-1)
  i64 lower_bound = 0;   // L + t
  std::vector<ShapeAttempt> attempts;  // in the order tried; delay L+t first unless a shape was forced
  std::optional<i64> delay;            // achieved delay: the first SOLVED attempt (none if none)
  std::optional<Shape> shape;          // its shape
  std::optional<Assignment> witness;   // re-checked (symbolic, and simulated when feasible)
  std::string verification;            // "symbolic check passed; simulated ..." when a witness exists
  std::string reason;                  // why delay != lower_bound ("" when the bound is reached)
  bool deadline_hit = false;           // the caller's deadline (limits.deadline) stopped a search

  // The attempt at the lower bound L + t, if one was made.
  const ShapeAttempt* at_lower_bound() const;
  bool optimal() const { return delay && *delay == lower_bound; }
};

// Shape that reaches the lower bound for P: optimal if P-1 = f_t, else ties.
Shape lower_bound_shape(int L, i64 P);

// Decide delay L+t (optimal / ties), then, if not SOLVED, L+t+1 (pruned). The witness is
// checked again against claimed_instance and replayed by the simulator when
// P * (items + delay) <= simulate_events (0: never simulate). InputError on bad L or P.
// Fast path first: a schedule at L+t packed constructively (every_p.hpp
// constructive_pruned, any P: the bulk method, then repair up to tuning.repair_max_blocks
// blocks) is SOLVED and optimal at once; only if that fails do the complete searches run.
// opt.limits.deadline bounds the whole call: a search cut by it leaves its attempt UNKNOWN
// and sets deadline_hit, never IMPOSSIBLE.
BestSchedule best_schedule(int L, i64 P, const SearchOptions& opt, i64 simulate_events = Tuning{}.max_sim_events);

// The same for one forced shape (`solve --P N --shape S`): only that shape is decided.
// InputError if the shape does not fit P (optimal needs P-1 = f_t).
BestSchedule schedule_for_shape(int L, i64 P, Shape shape, const SearchOptions& opt,
                                i64 simulate_events = Tuning{}.max_sim_events);

// JSON form (docs/shapes.md): lower bound, t, the verdict at the lower bound, achieved
// delay and shape (null if none), reason, every attempt; with_witness puts the witness's
// assignment fields (docs/assignment-format.md) at top level, so the object is an assignment file.
nlohmann::json to_json(const BestSchedule& b, bool with_witness);
nlohmann::json to_json(const ShapeAttempt& a);

}  // namespace blockcast
