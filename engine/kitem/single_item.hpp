// One item (k = 1) at its optimum: the optimal single-item broadcast tree of the postal model
// rooted at the source (Karp et al. 1993, Sec. 2, SPEC Sec. 1: every holder sends every step, so
// f_t processors hold the item after t steps), time B(P) = min{t : f_t >= P}. It equals the
// k-item lower bound for k = 1 (engine/kitem/bounds.hpp: floor(S_t / (P-1)) >= 1 iff
// f_{t+L} - 1 >= P - 1, Fact 2.1), which a continuous schedule cut after one item misses by
// about L: there the source sends each item once. It is the k = 1 case of the small k (k <= k*) where the
// cut schedule misses the bound.
#pragma once
#include "checked.hpp"
#include "schedule.hpp"

namespace blockcast {

// The tree as an explicit schedule: processors 0 (source) .. P-1 in the order the tree takes
// them (engine/logp_tree.hpp optimal_tree), item 0. InputError for P < 2 or P above
// kMaxExplicitTree.
Schedule single_item_schedule(int L, i64 P);

// Its time B(P) without building it.
i64 single_item_time(int L, i64 P);

}  // namespace blockcast
