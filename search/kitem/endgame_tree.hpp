// A continuous schedule chosen for the endgame: the ties tree that wastes the fewest free
// receive slots (SPEC Sec. 6 "ties", docs/kbroadcast.md Sec. 8.4).
//
// Why. In the endgame window of the bound, a processor of block (r, u) with word w meets
// (u + w_1 + ... + w_{r-1}) / r virtual trees and needs K of them (balanced_packing.hpp). An
// r = 1 block has no letters: it meets L trees whatever the packing, and its surplus L - K is
// lost, since no repacking can move it. Where the r = 1 blocks hold the surplus the other blocks
// lack, no repacking exists (BalanceStats::impossible). For P - 1 < f_t the tree of delay L + t
// is not fixed: the ties shape drops D = f_t - (P - 1) label-t leaves, one child of D internal
// nodes, and which nodes is free. A 1-child node that loses its child becomes a leaf with letter
// L (one r = 1 block less, and its lost 'a' leaf replaced by the largest letter); a node with
// r0 >= 3 children becomes block (r0 - 1, L - 1 + r0), whose need (K - 1)(r0 - 1) - L is K
// below the untrimmed block's. So the 1-child nodes go first, then the largest nodes (or the
// smallest: the packings differ and either may repack where the other does not), and 2-child
// nodes last (they would become r = 1 blocks with surplus L + 1 - K).
//
// The every-P table and `solve --P` pick whichever ties tree packs first; here the tree is picked
// for the endgame and then packed by the constructive methods (constructive.hpp: repair, then
// bulk), with the receive-only letter as large as the letters allow. The result is checked like
// every witness (check_assignment against the trimmed instance).
#pragma once
#include <array>
#include <cstdint>
#include <optional>

#include "assignment.hpp"
#include "limits.hpp"
#include "trim.hpp"

namespace blockcast {

// Which nodes with r0 >= 3 children lose a leaf after the 1-child nodes.
enum class TrimOrder { largest_first, smallest_first };

// Both orders, the one that more often reaches the bound first: smallest first for L <= 4, else
// largest first (kbroadcast-table --ranges --P 2001..3000: at L = 4 the largest-first tree
// alone gave 75.6 % of the cells at the bound, both 88.3 %; at L = 6..8 the largest-first one
// repacked and routed at 127, 137, 123 of 143 sampled P against 124, 137, 123).
std::array<TrimOrder, 2> trim_orders(int L);

// The ties profile of (L, P) described above; nullopt when P - 1 = f_t (nothing to drop).
std::optional<TrimProfile> endgame_profile(int L, std::int64_t P, TrimOrder order);

// A block-cyclic schedule of delay L + B(P - 1) on that tree, checked; nullopt when the profile
// does not exist, the constructive methods find no packing, or the deadline passed.
std::optional<Assignment> endgame_tree_schedule(int L, std::int64_t P, TrimOrder order, const Limits& limits);

}  // namespace blockcast
