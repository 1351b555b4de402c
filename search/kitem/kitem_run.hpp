// The k-item question as one run (Karp et al. 1993 Sec. 3.1, Thm 3.1-3.2): the best k-item
// broadcast blockcast can build for (L, P, k), fast first. `kbroadcast` (cli/cmd_kbroadcast.cpp),
// the public API's `kitem` (api/kitem.cpp) and Python's `blockcast.kitem` all call kitem_run;
// reports/kbroadcast_schedules.hpp renders its result.
//
// Order: (1) the continuous (block-cyclic) schedule to cut, searched under a node cap (its
// memo is what grows: docs/kbroadcast.md "Budget and memory") for kContinuousSeconds, and only
// if that finds none, again until the call's deadline; (2) the constructions that need
// no SAT answer (schedules.hpp kitem_constructions: cut, circulant, optimal tree, coloured,
// routed, balanced and retrimmed endgames), in that order, under the call's deadline only;
// (3) only then the SAT endgames and the exact search (kitem_sat_endgames) spend what is left
// of time_limit, each SAT model under the memory bound of exact.hpp (kMaxSatMessageSlots).
//
// One verdict rule: SOLVED when a checked schedule exists and either it is optimal (at the
// Thm 3.1 lower bound, or the exact search proved it) or no limit stopped a method; UNKNOWN
// when a limit stopped something and the best is not proved optimal, or when no continuous
// schedule was found to cut. A limit never gives IMPOSSIBLE (no k-item question is).
#pragma once
#include <blockcast/blockcast.hpp>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

// The default budget of a k-item question, in seconds for the whole call, is the public
// api::kKitemTimeLimit (include/blockcast/blockcast.hpp): the default of KitemRequest, of
// `kbroadcast --time-limit` (cli/options.cpp shows it in help) and of Python's kitem. The
// constructions run first, each bounded by its own work (replay sizes, attempt counts), not by
// a clock, so that which of them ran never depends on the machine's speed; only the call's
// deadline stops them. The SAT endgames, which run only where the constructions miss the
// bound, use what is left.
using api::kKitemTimeLimit;
// The continuous schedule's search first gets kContinuousSeconds (the node cap below bounds
// its memory); only if that finds no schedule does it search again, to the call's deadline.
inline constexpr double kContinuousSeconds = 0.5;
// Node cap of the continuous schedule's complete searches, the memory bound of the run's
// first step: their memo holds about 430 bytes a node (3.5 * 10^6 nodes took 1.5 GB at L = 2,
// P = 1000, where the ties search at the lower bound never ends), so at most about 215 MB.
// The constructive packings at the bound run first and are not counted.
inline constexpr std::int64_t kContinuousSearchNodes = 500'000;

enum class KitemTry { constructions, all };  // all: the SAT endgames and the exact search too

struct KitemRequest {
  int L = 0;
  std::int64_t P = 0, k = 0;
  double time_limit = kKitemTimeLimit;  // seconds for the whole call; 0 = none
  int threads = 1;                      // of the continuous schedule's search (1: deterministic)
  KitemTry what = KitemTry::all;
  // A continuous schedule to cut instead of searching one (`kbroadcast --assignment`); its
  // L and P are the question's (checked by the caller).
  std::optional<Assignment> continuous;
  RunControl control;  // the caller's cancel flag (progress: none)
};

// One method tried: the continuous search, then schedules.hpp's attempts.
using KitemCandidate = KItemAttempt;

struct KitemResult {
  Verdict verdict = Verdict::unknown;
  std::string reason;  // one line: the best time and why it is (not) proved optimal, or what stopped the run
  double seconds = 0;  // measured, the whole call
  int L = 0;
  std::int64_t P = 0, k = 0;
  std::int64_t lower_bound = 0;   // Karp et al. 1993 Thm 3.1 (bounds.hpp kitem_lower_bound)
  std::string method;             // the best schedule's name ("" when none)
  std::int64_t time = -1;         // its last reception step (-1 when none)
  bool optimal = false;           // time == lower_bound, or proved by the exact search
  bool checks_ok = true;          // every schedule built passed its replay (false: a bug, exit 1)
  bool time_limit_reached = false;
  std::string verification;       // what checked the best schedule
  KBroadcastReport bounds;        // the closed forms, and the cut replayed
  KItemSchedules schedules;       // every schedule kept (cut first), notes
  std::vector<KitemCandidate> candidates;  // every method tried, in order, with seconds
  std::optional<Assignment> continuous;    // the continuous schedule cut (when one was)
  std::string continuous_verification;
  // The best schedule when its messages are listed (schedules.schedules); null when the run
  // holds it implicitly (L = 1 at scale; or the cut past kMaxScheduleEvents: `continuous`).
  const KItemSchedule* best() const;
};

// InputError (one line) on bad input: L outside 1..256, P < 2, k < 1, L = 1 with P over
// kMaxCirculantP, a negative or NaN time_limit, an assignment of another (L, P).
KitemResult kitem_run(const KitemRequest& request);

}  // namespace blockcast
