// The `solve` question as one run (SPEC Sec. 2 and 6): the best continuous broadcast schedule
// for (L, P), asked alike by `blockcast solve` (cli/cmd_search.cpp), the public C++ API
// (api/continuous.cpp) and Python. Per P: the best block-cyclic schedule (best_schedule.hpp:
// the delay L + B(P-1) on the optimal or ties tree, else L + B(P-1) + 1 on a pruned tree) and,
// when that stays above the lower bound L + B(P-1), the periodic (not block-cyclic) schedules
// at the bound (kitem/periodic_search.hpp; the paper's L = 4, t = 8 remark). The answer names
// the best delay of any form first. `solve --t` decides one instance I(t) (block_search.hpp).
//
// One verdict rule for every caller (engine/outcome.hpp): SOLVED with a schedule that is at the
// lower bound or proved optimal for its form, or found without the deadline cutting a search;
// UNKNOWN when the deadline stopped a search above the lower bound and nothing proves the
// schedule optimal, or when a limit left no schedule; IMPOSSIBLE only when every delay tried was
// proved impossible (a limit never becomes IMPOSSIBLE). reports/solve.hpp renders the result.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "block_search.hpp"
#include "everyp/best_schedule.hpp"
#include "kitem/periodic_search.hpp"
#include "outcome.hpp"

namespace blockcast {

struct SolveAnswer;

struct SolveRequest {
  int L = 0;
  std::vector<i64> P;                     // one answer per P, in this order
  std::optional<int> t;                   // instead of P: decide the one instance I(t) (P-1 = f_t)
  double time_limit = 0;                  // seconds for the whole run (0 = none): its deadline
  int threads = 0;                        // 0 = all cores
  i64 max_nodes = 0;                      // node limit of each search (0 = none)
  bool memo = true, prune = true;         // the exact search's memoisation and pruning
  std::optional<Shape> shape;             // decide only this shape (no periodic search then)
  std::optional<Letter> receive_only;     // require this receive-only letter
  bool extendable = false;                // the root word must absorb the receive-only letter
  bool periodic = true;                   // search periodic schedules when block-cyclic is above the bound
  int period_first = 1, period_last = 6;  // the periods searched
  double period_time_limit = 10;          // seconds for the periodic search of one P (0 = none)
  // The caller's cancel flag, and its progress callback: called before each P and each phase
  // (what = "solve L=4 P=8: periodic schedules", done/total = P's index and count).
  RunControl control;
  // Called with each P's answer as soon as it is known (a long list of P prints as it goes).
  std::function<void(const SolveAnswer&)> on_answer;
};

// The answer for one P.
struct SolveAnswer {
  BestSchedule block_cyclic;           // the block-cyclic searches, their witness and its checks
  std::optional<PeriodScan> periodic;  // the periodic search, when it ran
  // The best delay of any form found (none if none), its form ("block-cyclic", "periodic",
  // "" for none) and the period of a periodic schedule.
  std::optional<i64> delay;
  std::string form;
  int period = 0;
  bool at_lower_bound = false;        // delay == lower bound: no schedule of any form is faster
  bool optimal = false;               // proved optimal for the form it names
  bool block_cyclic_optimal = false;  // the block-cyclic delay proved optimal among block-cyclic schedules
  Verdict verdict = Verdict::unknown;
  std::string reason;        // one line: what was searched, or which limit stopped it
  std::string verification;  // what checked the best schedule
  double seconds = 0;
};

// `solve --t`: one instance I(t) decided by the complete search.
struct InstanceAnswer {
  Instance instance;
  SearchResult result;
  std::string verification;  // of the witness: "symbolic check passed; simulated ..."
};

struct SolveResult {
  Verdict verdict = Verdict::unknown;  // the worst over the answers
  std::string reason;
  double seconds = 0;
  std::vector<SolveAnswer> answers;        // per P (empty with t)
  std::optional<InstanceAnswer> instance;  // with t
};

// InputError (one line) on bad input: L out of range, P < 2, P with t or neither, a shape
// with t, a shape that does not fit P, periods out of 1..64, a negative time limit.
SolveResult run_solve(const SolveRequest& request);

// The `solve --json` outcome of one P: the envelope's verdict, reason and seconds; payload
// L, P, t, lower_bound, delay (the best of any form), form, period, at_lower_bound, optimal,
// verification, block_cyclic {delay, shape, optimal, at_lower_bound, optimal_delay_*,
// attempts, verification, reason}, periodic (the scan, when it ran) and schedule (the
// block-cyclic assignment, so every command that takes a schedule reads the file).
Outcome solve_outcome(const SolveAnswer& a);
// `solve --t --json`; with_stats adds the search's counters to the envelope.
Outcome instance_outcome(const InstanceAnswer& a, bool with_stats);
// Several P: one envelope, one entry (solve_outcome's, without command) per P.
Outcome solve_list_outcome(const SolveResult& r);

}  // namespace blockcast
