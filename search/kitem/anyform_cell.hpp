// The any-form question for one continuous-broadcast cell (SPEC Sec. 2; Karp, Sahay, Santos
// and Schauser 1993 Sec. 3): does ANY continuous schedule of L, P reach delay D (by default
// the lower bound L + B(P-1)), block-cyclic or not, periodic or not? One run, one deadline:
//  - a schedule: periodic_search over the periods of a range (search/kitem/periodic_search.hpp),
//    SOLVED with the pattern checked and replayed by the simulator;
//  - a refutation: window_search over windows of growing N (the first N items of any
//    continuous schedule), IMPOSSIBLE once one window is UNSAT with a DRAT proof the
//    independent checker accepts. Why a window refutes every schedule: docs/anyform.md.
// Periods and windows are tried interleaved, each with an equal share of what is left, in
// rounds until the time limit (anyform_cell.cpp), so that neither kind starves the other. The CNF is the counting model
// (anyform_cnf.hpp) by default. A limit gives UNKNOWN, never IMPOSSIBLE.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kitem/periodic_search.hpp"

namespace blockcast {

struct AnyformCellRequest {
  int L = 0;                            // 1..64
  int P = 0;                            // 2..kPeriodicMaxP
  int delay = 0;                        // D to decide; 0 = the lower bound L + B(P-1)
  std::pair<int, int> periods{1, 8};    // periodic schedules tried (inclusive; empty: first > last is refused)
  std::pair<int, int> windows{4, 24};   // window sizes N tried, first, first + step, ... <= last
  int window_step = 4;
  bool try_periods = true, try_windows = true;
  ContinuousModel model = ContinuousModel::counting;  // the CNF of every search (periodic_search.hpp)
  double time_limit = 60;               // seconds for the whole call (0 = none)
};

struct AnyformCellResult {
  Verdict verdict = Verdict::unknown;
  std::string reason;  // one line: which period reaches D, which window refutes it, or what is open
  double seconds = 0;  // measured, the whole call
  int L = 0, P = 0, delay = 0, lower_bound = 0;
  std::vector<PeriodicOutcome> attempts;          // in the order tried (period > 0 or window > 0)
  std::optional<sat::PeriodicSchedule> schedule;  // SOLVED: checked and simulated
  bool source_at_release = false;                 // SOLVED: the source sends item i once, at step i
  int refuting_window = 0;                        // IMPOSSIBLE: the N whose window is UNSAT
};

// InputError (one line) for a request that cannot be answered.
void check_anyform_cell_request(const AnyformCellRequest& q);
AnyformCellResult anyform_cell_run(const AnyformCellRequest& q);

// {"L", "P", "lower_bound", "delay", "verdict", "reason", "seconds", "source_at_release",
//  "refuting_window", "attempts": [periodic_search / window_search JSON], "schedule":
//  blockcast-periodic-schedule when SOLVED}
nlohmann::json to_json(const AnyformCellResult& r);

}  // namespace blockcast
