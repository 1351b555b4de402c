// Expansion of a block-cyclic assignment into an explicit schedule for items 0..k-1
// (SPEC Sec. 2-4; Karp et al. 1993, Sec. 3.2, Fig. 2). It follows the assignment's pattern
// literally and never consults the word-legality rules, so that the simulator
// (engine/simulator.hpp) is an independent check of check_assignment.
//
// Processor layout: 0 is the source; then one group of r consecutive processors per block
// (a BlockWord with count c is c separate blocks, in the assignment's order); the
// receive-only processor is last. At step tau letter j (or block index u) names item
// tau + j - L - T. Processor q of block (r, u, w) receives index u at steps tau = q (mod r)
// and sends that item at tau .. tau+r-1; at tau = q + k (mod r) it receives w_k. The
// receive-only processor receives its letter every step. The senders of item i at step s
// (the source at s = i; every upper-case holder during its r sending steps) are matched
// to the receivers of item i at step s + L in processor-id order.
#pragma once
#include <functional>
#include <vector>

#include "assignment.hpp"
#include "schedule.hpp"

namespace blockcast {

// P * (k + L + T) bound on the explicit window (messages plus per-item bookkeeping).
inline constexpr i64 kMaxScheduleEvents = 50'000'000;

// Number of processors the assignment's layout uses (source and receive-only included).
i64 layout_processors(const Assignment& a);

// How the messages are produced (the result is the same): step by step in their final
// order, or item by item and then sorted. automatic picks step by step unless the
// assignment's offsets are spread much wider than one period (hand-made input); the two
// others exist so that tests can compare them.
enum class ExpandOrder { automatic, by_step, by_item };

// Messages ordered by (send step, sender); a processor sends at most once per step here.
// InputError if k < 1, the window exceeds kMaxScheduleEvents, a word's length is not r-1,
// P disagrees with the layout, a step of the window does not fit 32 bits, or some item has
// a different number of senders at step s than receivers at s + L (an inconsistent
// assignment).
Schedule expand_assignment(const Assignment& a, i64 k, ExpandOrder order = ExpandOrder::automatic);

// The same messages in the same order, handed to `batch` one send step at a time instead of
// stored (the witness replay checks 1.3 M messages without a 25 MB list: engine/replay.hpp).
// `header` gets P, L, items and expected_delay (no messages) before the first batch; batch
// returns false to stop early. The by-item order hands everything over in one batch.
void expand_assignment_batches(const Assignment& a, i64 k, Schedule& header,
                               const std::function<bool(const std::vector<Message>&)>& batch,
                               ExpandOrder order = ExpandOrder::automatic);

}  // namespace blockcast
