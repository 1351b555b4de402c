// The blocks one processor receives and sends in each round of a phase of the circulant
// L = 1 schedule (engine/kitem/circulant.hpp), computed for that processor alone in
// O(log P) time and space, following J. L. Träff's recvblock/sendblock computation
// ("Optimal broadcast schedules in logarithmic time with applications to broadcast,
// all-broadcast, reduction and all-reduction", arXiv 2407.18004, 2024; also "Round-optimal
// n-block broadcast schedules in logarithmic time", arXiv 2312.11236, 2023).
//
// Why this is our schedule and not another one: Träff's receive search visits sums
// r' = skip[e1] + skip[e2] + ... of indices not yet received, largest first, and takes in
// each round the first one inside the round's window. On every P we tried this picks exactly
// the block of the window rule of circulant.cpp (largest base block not yet received in the
// window, else the base block just below it), so the per-rank programs and the full schedule
// stay one schedule. The equality is checked, not proved here:
// tests/test_kbroadcast_circulant_logp.cpp compares every row with the table of
// circulant_phase for every P <= 1000, and with the rule evaluated by counting
// (circulant_window.hpp) for sampled processors at P up to 2^31 - 1.
//
// The send side uses that processor r's target t = r + skip[j] receives in round j a block
// that follows from r's own greedy decomposition in all but a few rounds (at most 4 seen for
// any P < 2^31); those few rounds are answered by t's receive search (O(log P) each).
//
// Blocks are phase-relative as in CirculantPhase::recv: the processor's base block b >= 0, or
// e - q < 0 for block e of the previous phase.
#pragma once
#include <cstdint>
#include <vector>

#include "checked.hpp"

namespace blockcast {

// The skips of the circulant graph for P processors: skip[0] = 1, skip[q] = P,
// skip[j] = ceil(skip[j+1] / 2), q = ceil(log2 P). InputError unless 2 <= P <= 2^31 - 1.
struct CirculantSkips {
  i64 P = 0;
  int q = 0;
  std::vector<i64> skip;  // q + 1 entries
};
CirculantSkips circulant_skips(i64 P);

// Base block of processor r (0 <= r < P): the last index of the greedy decomposition
// r = skip[e1] + ... + skip[b]; the source (r = 0) has q. O(log P).
int circulant_base(const CirculantSkips& s, i64 r);

// recv[j], j = 0..q-1: the block processor r (1 <= r < P) receives in round j of a phase,
// from r - skip[j]. O(log P) time. std::logic_error if the search ends early (never seen).
std::vector<int> circulant_recv_blocks(const CirculantSkips& s, i64 r);

// send[j], j = 0..q-1: the block processor r (0 <= r < P) sends in round j to r + skip[j],
// i.e. circulant_recv_blocks(s, r + skip[j])[j]; meaningless (but defined) when the target
// is the source. O(log P) time.
std::vector<int> circulant_send_blocks(const CirculantSkips& s, i64 r);

}  // namespace blockcast
