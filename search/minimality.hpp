// Evidence that a certificate's t0 is minimal (Karp et al. 1993, Sec. 3.3, SPEC Sec. 7).
// The conjecture run scans candidate windows (t0', x): t0' = L, L+1, ... and every letter x;
// a window holds when I(t0') .. I(t0'+L-1) are all solvable with receive-only x and an
// x-extendable root. t0 is minimal when every window (t0', x) with L <= t0' < t0 is
// refuted, i.e. contains a pair (t, x) proved impossible. A refuted pair (t, x) refutes the
// L windows t0' = t-L+1 .. t of its letter, so a few pairs cover all windows.
//
// Each refuted pair records how it was refuted, so that verify-certificate can re-check it:
//  - counting: the root-sum inequality of an x-extendable root (SPEC Sec. 7: a ground-state
//    root word of block (r, u) with x balls has letter sum exactly x*r - (u - r)); the other
//    blocks' `slots` letters must then sum to `rest`, which lies outside [lo, hi], the sums of
//    the smallest and the largest `slots` letters left. Or x is not a leaf letter of I(t).
//    Re-checked by recomputing every number from the instance.
//  - search: an exhausted complete search (method "complete": solve_exact / solve_shape with
//    receive-only x and an extendable root; "repair-exhaustive": the lone root's ground-state
//    search of solve_repair), with its node count, the node budget a re-run gets and the
//    blockcast version. Re-checked by running it again within that budget.
// Leaf letters of I(t) are T - label with label > T - L, so < L (optimal); pruned trees
// add fully trimmed nodes with letters < 2L: those are the letters whose windows count.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "instance.hpp"
#include "trim.hpp"
#include "word.hpp"

namespace blockcast {

struct Refutation {
  enum class How { counting, search };
  int t = 0;
  Letter x = 0;
  How how = How::counting;
  // counting: letter_absent, or the root block (r, u) and the numbers of the inequality.
  bool letter_absent = false;
  int r = 0;
  i64 u = 0, target = 0, rest = 0, lo = 0, hi = 0, slots = 0;
  // search
  std::string method;       // "complete" or "repair-exhaustive"
  std::int64_t nodes = 0;   // visited by the search that refuted it
  std::int64_t budget = 0;  // node budget of a re-run (complete) / ground-state nodes (repair-exhaustive)
  bool memo = true, prune = true;
  std::string version;      // blockcast version that ran it
};

// Windows (t0', x) with t0' in [from, to] not covered by any refutation.
struct OpenWindows {
  Letter x = 0;
  int from = 0, to = 0;
};

struct MinimalityEvidence {
  int letters = 0;                  // letters x whose windows count: L (optimal) or 2L (pruned)
  std::vector<Refutation> refuted;  // a cover of the refuted windows below t0
  std::vector<OpenWindows> open;    // what stays open (empty: t0 is minimal)
};

// How many letters x a shape's windows range over.
int window_letters(int L, Shape shape);

// The counting refutation of (t, x) for an x-extendable root of `inst`, if it applies.
std::optional<Refutation> counting_refutation(const Instance& inst, Letter x);

// Node budget recorded for re-running a complete search that visited `nodes`.
std::int64_t rerun_budget(std::int64_t nodes);

// The windows below t0 (t0' = L .. t0-1, x < letters) that no refutation covers.
std::vector<OpenWindows> open_windows(int L, int t0, int letters, const std::vector<Refutation>& refuted);

// A small subset of `all` covering the same windows below t0 (greedy per letter, preferring
// counting refutations, which cost nothing to re-check), plus the windows left open.
MinimalityEvidence select_evidence(int L, int t0, Shape shape, const std::vector<Refutation>& all);

nlohmann::json to_json(const MinimalityEvidence& e);
// InputError on a malformed record.
MinimalityEvidence minimality_from_json(const nlohmann::json& j, const std::string& where);

// Re-check one refutation for latency L and `shape`: nullopt if confirmed, else why not.
// Searches are re-run only when `run_searches`; otherwise *skipped is set.
std::optional<std::string> recheck(const Refutation& f, int L, Shape shape, bool run_searches, bool* skipped);

}  // namespace blockcast
