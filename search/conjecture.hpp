// Conjecture runs (Karp et al. 1993, Thm 3.3 and its conjecture for every L >= 3): for a latency L,
// find the smallest t0 >= L such that I(t0) .. I(t0+L-1) are all solved with one common
// receive-only letter x and x-extendable root words; the induction (induction.hpp) then
// covers every t >= t0. Smaller t are decided without the induction constraints.
//
// Methods (--method): `complete` decides every base case with the complete search
// (solve_exact / solve_shape); `constructive` uses only the constructive methods of
// constructive.hpp (paper-greedy, then repair); `auto` tries them first and falls back to
// the complete search, with a per-instance limit (`tuning.fallback_limits`) when none was
// given; for L > tuning.fallback_max_L the base-case scan of auto is constructive only (smaller t still
// get the complete search with the limit).
// In the base-case scan the constructive methods run at effort levels (beyond
// fallback_max_L, or always with method constructive): 3 tries per (t, x) first; a window
// with at most tuning.scan_open_max such UNKNOWNs and everything else SOLVED retries them
// with 60, then 400 tries (tuning.level0_tries, ConstructiveOptions::tries,
// tuning.level2_tries). A pair of the window after its first is composed from t-1 and a
// solution of I(t-L) with receive-only x where one exists (SPEC Sec. 7).
// A base case that neither solves is UNKNOWN, and then t0 is the smallest candidate found,
// not one proved minimal; `ConjectureResult::minimal` says which. After the scan (method
// auto beyond fallback_max_L) every window below t0 left open is decided again, smallest
// first, each pair settled by every level and then the complete search (up to
// settle_complete_max_L, node budget settle_limits): a window that holds lowers t0, a
// refuted pair closes its windows. `minimal` is true only when the refutations recorded
// (minimality.hpp: counting numbers, exhausted searches) cover every window (t0', x) with
// L <= t0' < t0; they go into the certificate.
//
// Shape pruned (SPEC Sec. 6-7; Karp et al. 1993, Thm 3.5: delay L + t + 1 for P-1 = f_t) runs the
// same induction over pruned trees, searched by solve_shape (profile and words together),
// and additionally tabulates every t = L .. max(t_report, t0+2L-1) (t_report 40 for L = 2): a verified pruned
// schedule (base case, composition or plain search) next to the verdict for the optimal
// delay L + t, so the table shows where the extra step is needed.
#pragma once
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "block_search.hpp"
#include "constructive.hpp"
#include "induction.hpp"
#include "minimality.hpp"

namespace blockcast {

enum class Method { complete, constructive, auto_ };
std::string method_name(Method m);
Method parse_method(const std::string& s);  // InputError on an unknown name

struct ConjectureOptions {
  SearchOptions search;          // threads and limits for each single search; its tuning
                                 // (search/tuning.hpp) holds the run's knobs: fallback_limits,
                                 // fallback_max_L, t_max_per_L, t_report_L2, the effort levels
                                 // and max_sim_events (replay a table row / base case when
                                 // P * (items + L + T) is at most that)
  Method method = Method::complete;
  ConstructiveOptions constructive;  // tries, budgets, seed (x and extendable set per case)
  Shape shape = Shape::optimal;  // optimal (Karp et al. 1993, Thm 3.3) or pruned (Thm 3.5)
  int t_max = 0;                 // give up (UNKNOWN) beyond this t0 (0 = tuning.t_max_per_L * L)
  int t_report = 0;              // pruned: tabulate t = L .. max(t_report, t0+2L-1);
                                 // 0: tuning.t_report_L2 for L = 2 (Thm 3.5's case), t0+2L-1 otherwise
  std::function<void(const std::string&)> progress;  // optional status line sink
  // The whole command's time budget (conjecture --time-limit): no case starts after it and
  // every search's time limit is cut to what is left, so a run over many L ends in time
  // with UNKNOWN for what was not reached. Unset = no command limit.
  std::optional<std::chrono::steady_clock::time_point> deadline;
};

struct SmallerVerdict {
  int t = 0;
  Verdict verdict = Verdict::unknown;
  SearchStats stats;
  std::string method;                 // which method decided it ("complete", "repair", ...)
  std::string covered;
  std::optional<Assignment> witness;  // SOLVED only
};

// One row of the pruned table: can delay L + t + 1 (pruned tree) and delay L + t (optimal
// tree) be achieved by a block-cyclic schedule for P - 1 = f_t?
struct DelayRow {
  int t = 0;
  i64 P = 0;
  i64 delay = 0;                       // L + t + 1
  Verdict pruned = Verdict::unknown;   // SOLVED only with a checked assignment
  std::string source;                  // "base case", "composed", "search" (t < t0)
  i64 achieved = 0;                    // effective_delay of the schedule: L+t+1, or L+t
                                       // when the pruned tree is T_t itself (no label-T leaf)
  bool simulated = false;              // also expanded and replayed in the postal model
  std::optional<Assignment> schedule;  // the pruned assignment (SOLVED only)
  Verdict optimal = Verdict::unknown;  // solve_exact(optimal_instance(L, t)), unconstrained
  std::string optimal_note;            // what that verdict covers
  double optimal_seconds = 0;
};

struct ConjectureResult {
  int L = 0;
  Shape shape = Shape::optimal;
  Verdict verdict = Verdict::unknown;  // SOLVED: certificate verified; UNKNOWN: not reached
  Certificate certificate;             // valid when SOLVED
  std::vector<std::string> methods;     // per base case t0..t0+L-1: the method that solved it
  bool minimal = false;                 // every window below t0 is refuted: evidence.open is empty
  MinimalityEvidence evidence;          // how the windows below t0 were refuted (minimality.hpp)
  std::vector<SmallerVerdict> smaller;  // t < t0 (unconstrained)
  std::vector<int> compositions;       // t checked by composing base cases
  std::vector<DelayRow> table;         // pruned only, when SOLVED
  SearchStats stats;                   // all searches of this L
  i64 searches = 0;
  double seconds = 0;
  std::string note;
};

// InputError (one line) for an L the induction does not cover: L = 1, and L = 2 on the optimal tree.
void check_latency(int L, Shape shape);
ConjectureResult run_conjecture(int L, const ConjectureOptions& opt);

}  // namespace blockcast
