// Exact k-item optimum by the counting model (search/kitem/counting_cnf.hpp): decides
// "time <= T" for T = lower_bound, lower_bound + 1, ... like kitem_exact (exact.hpp) and
// returns the same result, so the two are interchangeable and can check each other.
// Every SAT model is decoded into messages (the matching of counting_cnf.hpp) and replayed by
// the independent simulator (engine/simulator.hpp); an UNSAT answer counts only after its DRAT
// proof passes the independent checker (decide_checked, exact.hpp). A limit gives UNKNOWN.
#pragma once
#include <cstdint>

#include "kitem/exact.hpp"

namespace blockcast {

// Each time T is decided first on the model with symmetry breaking (the processor and item
// orders of counting_cnf.hpp, which refutations need), then, if that stops at its limit, on the
// plain model (no orders: an UNSAT answer there needs no symmetry argument). The orders slow
// the search for a schedule down as often as they speed it up (L = 3, P = 44, k = 2, T = 13:
// no schedule in 60 s with them, one in 10 s without), hence the second try. The ordered model
// gets this share of the per-call time_limit, the plain one the rest.
inline constexpr double kCountingOrderedShare = 0.5;

// Where the table runs the counting model (range_table.hpp): the cells of the exact-optimum data
// (docs/data/kitem_exact_small.tsv). L = 8, P = 64, k = 16 is about 3 * 10^5 variables.
inline constexpr std::int64_t kCountingMaxP = 64;
inline constexpr std::int64_t kCountingMaxK = 16;
inline bool counting_reach(std::int64_t P, std::int64_t k) { return P <= kCountingMaxP && k <= kCountingMaxK; }

// lower_bound must be proved (engine/kitem/bounds.hpp: kitem_lower_bound). limits: time_limit
// per time T, shared by its two SAT calls (0 = none), deadline for the whole call. std::logic_error if a decoded model
// fails the simulator or ends before a refuted time (a bug, never a verdict).
KItemExact kitem_counting_exact(int L, int P, int k, int lower_bound, int max_T, const Limits& limits = {});

}  // namespace blockcast
