// Replay of a planned schedule when latency varies (Subramonian and Venkatasubramanian 1993, Sec. 2 and 7).
// Subramonian and Venkatasubramanian (1993) refine the postal model: a message sent at step s joins the receiver's pool
// of outstanding messages and becomes available at s + lambda; each step a processor receives
// one available message, the one with the lowest arrival step (ties: adversary). Here every
// latency lambda lies in [max(1, L-d), L+d] (Subramonian and Venkatasubramanian 1993, Sec. 7 lets an adversary pick
// 1..L; d generalises it both ways).
//
// The plan is an explicit schedule (engine/schedule.hpp: who sends which item to whom at
// which step). Each processor performs its planned sends in plan order, a send no earlier
// than its planned step, only once the item has been received (delays ripple through the
// tree), at most one per step. The source holds item i from step i. With d = 0 and a
// schedule the strict simulator accepts, every message is received on arrival and the
// replay equals the plan (tests check this against engine/simulator.hpp).
//
// Latency models: fixed (L), seeded random (uniform), and a heuristic adversary that tries
// to maximise the largest item delay: propagating messages (the receiver forwards the item)
// take L+d, the others are timed to arrive together with, or just before, the receiver's
// next propagating message and win ties against it (Subramonian and Venkatasubramanian 1993, Sec. 7's construction); 20
// seeded random draws (ties against forwarded items) are tried too; a seeded local search
// then perturbs three latencies at a time from the worst so far and keeps changes that do
// not lower the largest delay. It gives a lower bound on the worst case, not the worst case.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

enum class LatencyKind { fixed, random, adversary };
std::string latency_kind_name(LatencyKind k);

struct LatencyModel {
  LatencyKind kind = LatencyKind::fixed;
  int d = 0;                     // latencies in [max(1, L-d), L+d]
  std::uint64_t seed = 1;        // random: the draw; adversary: the local search
  int adversary_iterations = 200;  // local-search replays (adversary only)
};

struct LatencyReplay {
  bool ok = true;                 // false: a processor waits for an item it never receives
  std::string problem;
  std::int64_t completion = 0;    // last reception step
  std::vector<std::int64_t> delay;  // per item: last reception - item
  std::int64_t max_delay = 0;
  std::vector<int> buffer;        // per processor: most messages waiting (arrived, not received) after a step
  int max_buffer = 0;
  std::int64_t late_sends = 0;    // sends later than planned
  std::vector<int> latency;       // per message of the plan (plan order): the latency used
};

// Among messages that arrived in the same step, which one a processor receives first:
// plan order; items it must forward first (a sensible receiver, the default); or last (the
// adversary's choice; Subramonian and Venkatasubramanian 1993, Sec. 2: "an adversary is allowed to specify which one").
enum class TieRule { plan_order, propagating_first, propagating_last };

// Replay under explicit per-message latencies (latency[m] for plan message m).
LatencyReplay replay_with_latencies(const Schedule& plan, const std::vector<int>& latency,
                                    TieRule tie = TieRule::propagating_first);
// Replay under a model (draws the latencies, or searches them for the adversary).
LatencyReplay replay(const Schedule& plan, const LatencyModel& model);

}  // namespace blockcast
