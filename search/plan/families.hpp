// The schedule families of the plan and their steps T(L, P, K) (docs/mpi-plan.md,
// "Families"), from the constructions the library already has, never re-derived:
//  - "circulant" (L = 1): Traff's circulant schedule (engine/kitem/circulant.hpp), optimal at
//    L = 1: T = K - 1 + ceil(log2 P), the lower bound of Bar-Noy, Kipnis, Schieber (2000).
//  - "kitem" (L >= 2, K >= 2): the best continuous block-cyclic schedule cut after K items
//    (Karp, Sahay, Santos, Schauser, SPAA 1993; engine/kitem/bounds.hpp continuous_cut_time):
//    T = L + B(P-1) + K - 1 when the continuous schedule reaches its lower bound L + B(P-1),
//    which is what the enumeration assumes; the built schedule's real time replaces it.
//  - "tree" (K = 1): the optimal single-item postal tree (engine/kitem/single_item.hpp),
//    T = B(P).
//  - the baselines of engine/kitem/baselines.hpp ("chain", "binomial", "split-binary",
//    "scatter-allgather", "two-tree"): no closed form for most of them, so their steps are
//    the simulated time of the real schedule (search/kitem/baselines_table.hpp
//    simulated_baseline), for P * K <= kMaxPlanBaselineCells only.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blockcast {

// Baselines are built, simulated and (per rank) rebuilt only up to this P * K.
inline constexpr std::int64_t kMaxPlanBaselineCells = 100'000;
// The baselines' simulations of one plan together cover at most this many (rank, segment)
// cells per family (the sum of P * K over its points, smallest K first): a work bound, not a
// clock, so that the same request gets the same plan on every machine and at every load.
// The baselines also stop at a quarter of the time limit, which only a very slow machine
// reaches first (the plan's reason then says so).
inline constexpr std::int64_t kMaxPlanBaselineWork = 150'000;

// Every family, in the order ties are broken: circulant, kitem, tree, then the baselines.
const std::vector<std::string>& plan_families();
bool is_plan_family(const std::string& name);
// The index of a baseline in baselines() (engine/kitem/baselines.hpp), -1 for our families.
int baseline_index(const std::string& family);

// The steps of a closed-form family (circulant, kitem, tree) at (L, P, K), P >= 2, K >= 1;
// nullopt where the family does not apply (circulant at L >= 2, kitem at L = 1 or K = 1,
// tree at K >= 2) and for baselines.
std::optional<std::int64_t> closed_form_steps(const std::string& family, int L, std::int64_t P, std::int64_t K);
// The same formula as text with the numbers plugged in: "K - 1 + ceil(log2 P) = 255 + 6 = 261".
std::string closed_form_text(const std::string& family, int L, std::int64_t P, std::int64_t K);

// A baseline's simulated steps; nullopt if P * K is above kMaxPlanBaselineCells.
// std::logic_error if the simulator rejects the schedule (never seen: the tests replay them).
std::optional<std::int64_t> baseline_steps(const std::string& family, int L, std::int64_t P, std::int64_t K);

}  // namespace blockcast
