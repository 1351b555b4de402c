// Optimal k-item broadcast for latency L = 1 at every P: the
// circulant-graph schedule of J. L. Träff ("round-optimal n-block broadcast schedules",
// SPAA 2022; ACM TOPC 2025, doi 10.1145/3735139; MPICH's `circ_graph` broadcast), which
// reaches the lower bound k - 1 + ceil(log2 P) of Bar-Noy, Kipnis, Schieber (2000). SPEC
// Sec. 1-2 (postal model); docs/kbroadcast.md Sec. 1 (time convention).
//
// The structure (Träff): q = ceil(log2 P) and skips skip[q] = P, skip[j] = ceil(skip[j+1]/2),
// so skip[0] = 1. In round i, with j = i mod q, every processor r sends to r + skip[j] and
// receives from r - skip[j] (mod P). The rounds come in phases of q; in phase 0 every
// processor r != 0 receives its base block b(r) (the smallest index of the greedy decomposition
// r = skip[e1] + skip[e2] + ... + skip[b], e1 > e2 > ... > b) and q - 1 blocks of the
// previous phase (block e - q for every e in 0..q-1 other than b); phase h shifts every block
// by h*q. The source (b = q) sends block j in round j.
//
// Which block r receives in round j of a phase (our rule, checked by the simulator rather than
// taken from the paper): the largest base block, not yet received in this phase and other than
// b(r), among the processors of the window (r - skip[j+1], r - skip[j]] (the source counts as
// q, meaning "b(r) itself"); if every base block of the window is taken, the base block of
// processor r - skip[j+1]. Base block e < q stands for block e - q of the previous phase.
// Computed for every processor in O(P q) with sliding-window ORs of base-block bit masks.
// The same blocks come out of Träff's per-processor receive search (2023, 2024) in O(q) per
// processor (circulant_blocks.hpp; equal for every P tested, see there), which one rank's
// program uses (circulant_rank.hpp).
//
// k items: x = (q - (k-1) mod q) mod q virtual rounds are skipped at the start, so that the
// source sends item i at step i (the simulator's convention: the source holds item i from
// step i); blocks below 0 are no message; blocks above k - 1 become k - 1 and a processor
// that already holds k - 1 gets no second copy. Time: k - 1 + q (last reception step).
#pragma once
#include <cstdint>
#include <vector>

#include "checked.hpp"
#include "schedule.hpp"

namespace blockcast {

// The explicit message list of a circulant schedule is built up to this many messages
// ((P - 1) * k); above it only the implicit form (phase table and k) exists.
inline constexpr i64 kExplicitCirculantLimit = 2'000'000;

// One phase of the circulant schedule for P processors.
struct CirculantPhase {
  i64 P = 0;
  int q = 0;                        // ceil(log2 P): rounds per phase
  std::vector<i64> skip;            // skip[0..q], skip[0] = 1, skip[q] = P
  std::vector<std::int8_t> base;    // base block of each processor (source: q)
  std::vector<std::int8_t> recv;    // recv[j*P + r]: block r receives in round j of phase 0
                                    // (b(r), or e - q < 0 for block e of the previous phase);
                                    // round-major, so that a round is one sequential pass
  int received(i64 r, int j) const { return recv[static_cast<size_t>(j * P + r)]; }
  std::int8_t& at(i64 r, int j) { return recv[static_cast<size_t>(j * P + r)]; }
};

// InputError unless 2 <= P <= 2^31 - 1. std::logic_error if the receive rule finds no block
// (never seen; the tests replay every P <= 300 and samples up to 10^5).
CirculantPhase circulant_phase(i64 P);

// The explicit L = 1 schedule of k items (engine/schedule.hpp), messages ordered by send step,
// then sender; (P - 1) * k messages. InputError for P < 2, k < 1 or a schedule over
// kMaxScheduleEvents messages (engine/expand.hpp).
Schedule circulant_schedule(i64 P, i64 k);

// k - 1 + ceil(log2 P): the schedule's time, equal to the lower bound for L = 1.
i64 circulant_time(i64 P, i64 k);

// The implicit form: the phase table and k; every message follows from
// them (circulant_step_messages). Memory P * q bytes, independent of k.
struct CirculantSchedule {
  CirculantPhase phase;
  i64 k = 0;
  i64 skipped = 0;  // virtual rounds before step 0: (q - (k-1) mod q) mod q
  i64 time() const { return k - 1 + phase.q; }  // last reception step; steps 0..time-1 send
  i64 messages() const { return (phase.P - 1) * k; }
};

// InputError for P < 2, k < 1 or P > 2^31 - 1.
CirculantSchedule circulant_implicit(i64 P, i64 k);

// The message generator: the messages sent at `step` (0 <= step < time()), in sender
// order, appended to `out` (cleared first). `has_last` (P entries, all 0 before step 0)
// records who already holds item k - 1 and is updated; call the steps in order 0, 1, ...
// Memory O(P): the whole schedule is never stored.
void circulant_step_messages(const CirculantSchedule& s, i64 step, std::vector<std::uint8_t>& has_last,
                             std::vector<Message>& out);

}  // namespace blockcast
