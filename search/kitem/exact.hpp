// Exact k-item broadcast by complete search over general schedules (Subramonian and Venkatasubramanian 1993
// Sec. 4's integer program as a time-indexed SAT model, search/kitem/kitem_cnf.hpp), and the
// completion of a fixed partial schedule (Karp et al. 1993 Sec. 3.1: continuous phase + endgame).
//
// The optimum is found by deciding "time <= T" for T = start, start+1, ...: the first SAT T
// is optimal when start is a proved lower bound or T-1 was refuted. A SAT model is decoded
// into messages and replayed by the independent simulator (engine/simulator.hpp); an UNSAT
// answer counts only after its DRAT proof passes the independent checker (drat_check.hpp).
// A limit gives UNKNOWN, never an impossibility.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kitem/kitem_cnf.hpp"
#include "schedule.hpp"
#include "solver.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

// One checked SAT call: SOLVED (model), IMPOSSIBLE (UNSAT with a verified DRAT proof) or
// UNKNOWN (a limit; or the proof check did not finish).
struct CheckedAnswer {
  Verdict verdict = Verdict::unknown;
  sat::SatResult sat;      // model kept when SOLVED
  std::string detail;      // "UNSAT, DRAT proof N bytes, N lemmas verified" / stop reason
  int vars = 0;
  std::int64_t clauses = 0;
  double seconds = 0;      // solve + proof check
};
CheckedAnswer decide_checked(const sat::Cnf& cnf, const sat::SatLimits& limits, bool want_proof = true);

struct TimeAttempt {
  int T = 0;
  Verdict verdict = Verdict::unknown;
  std::string detail;
  int vars = 0;
  std::int64_t clauses = 0;
  double seconds = 0;
};

struct KItemExact {
  int L = 0, P = 0, k = 0;
  int lower_bound = 0;             // the proved bound the search started from
  // SOLVED: optimum found and proved; IMPOSSIBLE: every T <= max_T refuted (DRAT-verified)
  Verdict verdict = Verdict::unknown;
  std::optional<int> optimum;      // when SOLVED
  std::optional<int> best_found;   // the best simulated schedule's time (upper bound)
  std::optional<Schedule> schedule;  // simulated, time == best_found
  std::vector<TimeAttempt> attempts;
  std::string proof;  // why the optimum is optimal: "= lower bound" or "T-1 UNSAT (DRAT verified)"
};

// Decide T = lower_bound, lower_bound+1, ... up to max_T (inclusive). lower_bound must be a
// proved lower bound (engine/kitem/bounds.hpp: kitem_lower_bound). limits: time_limit per solve
// (0 = none), deadline for the whole call (no T is tried after it: UNKNOWN).
KItemExact kitem_exact(int L, int P, int k, int lower_bound, int max_T, const Limits& limits = {});

// Where the exact search runs by default once the constructions miss the bound (kbroadcast,
// kbroadcast-table --ranges): P <= kExactMaxP and k <= kExactMaxK, or two items and
// P <= kExactTwoItemsMaxP. Two items is where the constructions miss the bound most at small P
// (a routing at the bound has no receive slot to spare). At 3 s per solve the search put 38 of
// the 41 such cells with L = 2..8, P = 13..24 at the bound, in 25 s of CPU in all, but only 11
// of the 59 with P = 25..40, and 5 of 71 with k = 3..6 (docs/kbroadcast.md Sec. 8.1).
inline constexpr std::int64_t kExactMaxP = 12;
inline constexpr std::int64_t kExactMaxK = 8;
inline constexpr std::int64_t kExactTwoItemsMaxP = 24;
inline bool exact_reach(std::int64_t P, std::int64_t k) {
  return (P <= kExactMaxP && k <= kExactMaxK) || (k == 2 && P <= kExactTwoItemsMaxP);
}

// The memory bound of one SAT model: its message slots P * (P-1) * items * send steps. The CNF
// and CaDiCaL together hold about 400 bytes per slot once the clauses are loaded (measured:
// L = 5, P = 80, k = 25, time 44: 6.3 * 10^6 slots, 2.5 GB) and about 1.1 KB per slot after
// 20 s of solving (L = 16, P = 30, k = 10, time 52: 3.2 * 10^5 slots, 360 MB); a larger model
// is not built ("not tried", UNKNOWN), so that no k-item query grows past about 1 GB.
inline constexpr std::int64_t kMaxSatMessageSlots = 500'000;
// "not tried: the SAT model would have N message slots, over ..." when `p` exceeds the bound.
std::optional<std::string> model_too_large(const sat::KItemProblem& p);

// Last reception step of a schedule (-1 when empty).
int schedule_time(const Schedule& s);

struct EndgameResult {
  Verdict verdict = Verdict::unknown;  // SOLVED: completed at `time`; IMPOSSIBLE at `target`
  int target = 0;
  std::optional<Schedule> schedule;    // simulated
  std::string detail;
};
// Keep every message of items 0..keep-1 of `cut` (their trees stay as they are), forbid
// nothing else, and let the SAT model choose the messages of items keep..k-1 so that
// everything is received by step `target`.
EndgameResult complete_endgame(const Schedule& cut, int keep, int target, const Limits& limits = {});

}  // namespace blockcast
