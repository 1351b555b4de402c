// Balanced repacking of a block-cyclic assignment for the coloured endgame
// (SPEC Sec. 4; docs/kbroadcast.md Sec. 8.2).
//
// The coloured endgame (colored_endgame.hpp) reaches the k-item lower bound with K = k*
// endgame items only if every processor meets at least K virtual trees in the window of the
// bound. A processor of block (r, u) with word w meets exactly (u + w_1 + ... + w_{r-1}) / r of
// them and the receive-only processor x (docs/kbroadcast.md Sec. 8). Those counts add up to
// k*(P-1) plus less than P-1 over all processors, so almost every processor must meet exactly
// K: the packing has to be balanced. The packers of the continuous search choose words for
// the delay only and rarely give that.
//
// This keeps the assignment's block types and letter multiset (so the continuous schedule stays
// legal at the same delay) and moves letter sum between blocks until every block has
// u + sum(w) >= K r (and, if possible, the receive-only letter is >= K). A move swaps a letter
// multiset A of block X for a multiset B of block Y with |A| = |B| and sum(B) - sum(A) = d,
// d a multiple of lcm(r_X, r_Y): both blocks keep u + sum = 0 (mod r), which by Hall's theorem
// (automata/word_construction.hpp) is all a letter multiset needs to be a legal word. Where no
// single donor can give such a d (the surplus sits in small blocks: lcm(7, 3) = 21 > 3), X
// takes d_i from up to four donor blocks, each d_i a multiple of its r_i, sum d_i a multiple
// of r_X (3 + 4 for an r = 7 block). Blocks of one type with one word move together
// (multiplicities, never one object per processor). The exact swaps come from bounded-knapsack
// tables (count, sum) over the letter kinds.
//
// Incomplete: a local search. A failure says nothing about other assignments.
#pragma once
#include <cstdint>
#include <optional>

#include "assignment.hpp"
#include "limits.hpp"

namespace blockcast {

struct BalanceStats {
  std::int64_t moves = 0;       // swaps applied (each to a group of equal blocks)
  std::int64_t deficit = 0;     // sum over blocks of the missing trees per processor, left at the end
  bool receive_only_ok = false; // x meets K trees in the result
  // Proved: the blocks with letters hold less letter sum than they need in total, so no
  // repacking of these letters exists (the r = 1 blocks' surplus cannot move). Else a failure
  // is the local search's.
  bool impossible = false;
};

// The words of the repacked blocks: Hall's construction of each block's letters (seed 0), or
// the same construction on the letters in a random order drawn from `seed`, another legal word
// with the same letters. The trees per processor depend only on the letter sum, the colouring
// on the order.
struct BalanceOptions {
  std::uint64_t seed = 0;
};
// Word orders the k-item commands try per continuous schedule: seeds 0..kBalanceSeeds-1.
inline constexpr std::uint64_t kBalanceSeeds = 4;

// The endgame size K the repacking aims at: the smallest K >= k* whose bound window
// kitem_lower_bound(L, P, K) already has the slope of every larger K (lower bound - K constant),
// so that an endgame of K items at its bound gives the lower bound for every k >= K. (For
// K = k* the exact bound of docs/reports.md can be a step shorter than the printed formula.)
int endgame_items_at_bound(int L, std::int64_t P);

// Every block of the result gives its processors at least K trees in the endgame window of
// the bound for K items, W = L + T - 1 + j: u + sum(w) >= (K - j) r, and x >= K - j if the
// letters allow (else the rotation of colored_endgame.hpp may help); nullopt if the
// moves could not get there (or the deadline passed). The result passes check_assignment
// against a's listed instance. `stats`, if given, is filled either way.
std::optional<Assignment> balance_for_endgame(const Assignment& a, int K, const Limits& limits,
                                              BalanceStats* stats = nullptr, const BalanceOptions& options = {});

}  // namespace blockcast
