// Small transformations and measurements of explicit k-item schedules (Karp et al. 1993
// Sec. 3.1 Fig. 2 and Thm 3.1-3.2). The endgame adjustment of Fig. 2 lets two processors
// alternate roles: "the last two processors alternately receive the item that corresponds
// to D_1", i.e. the D_1 processor and the receive-only processor swap places in the trees of
// every other item. swap_in_items does that on the message list; the simulator decides
// whether the result is still a schedule.
#pragma once
#include <vector>

#include "schedule.hpp"

namespace blockcast {

// Processors p and q exchanged as sender and receiver in every message of an item
// i = residue (mod modulus).
Schedule swap_in_items(const Schedule& s, int p, int q, int modulus, int residue);

// Per processor 0..P-1: how many receptions it has at steps <= step (source: 0).
std::vector<int> receptions_by_step(const Schedule& s, int step);

// Messages ordered by send step, then sender (the order of engine/schedule.hpp).
void sort_messages(Schedule& s);

}  // namespace blockcast
