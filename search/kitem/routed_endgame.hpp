// The endgame of a k-item schedule on free routes (Karp et al. 1993 Thm 3.2,
// docs/kbroadcast.md Sec. 8.3): the coloured endgame's slots, re-matched step by step.
//
// Cut a block-cyclic continuous schedule after m = k - K items. The send and receive slots it
// no longer uses are those of its virtual trees (colored_endgame.hpp). The coloured endgame
// gives each virtual tree one endgame item and keeps the trees' routes; in tight instances no
// colouring exists (docs Sec. 8.2 proves one). Here the routes are not kept: at each send step
// s, every processor with a free send slot at s that holds an endgame item may send to any
// processor with a free receive slot at s + L (the postal model is fully connected, so only the
// counts per step must agree, and the virtual trees make them agree). Which item goes where is
// chosen greedily: receivers with the least slack first (free receive slots left minus items
// missing), each given the item it lacks that has the fewest holders, from a sender holding it
// that holds the fewest items. Ties are broken by a seeded generator.
//
// Attempts learn from each other: squeaky-wheel optimisation (Joslin and Clements, "Squeaky
// Wheel" Optimization, JAIR 10, 1999). Attempt i uses seed i, and a processor that earlier
// attempts left short of an item is served before receivers of equal slack, by how often it
// was short (its priority lowers its slack key). Attempt 0 is the plain greedy. Where every
// processor has barely K free receive slots (a total slack of 8-48 slots over 360 processors
// at L = 8, P = 356..364), the plain greedy routes none of 4 seeds and the squeaky wheel routes
// most of them within 128 attempts (P = 360: attempt 60; docs/kbroadcast.md Sec. 8.3).
//
// One computation for every k, as for the colouring: the routing is computed once on the slots
// of m = 0 (the canonical frame). By the shift argument (SPEC Sec. 4) the slots of any m are
// those of m = 0 with the processors permuted, so processors are matched by their slot lists
// (equal lists: interchangeable for the routing) and the same routing, relabelled, is the
// endgame of every k >= K whose kept items fit the window.
//
// It is a heuristic: a failure says nothing about the instance (the output never calls it
// impossible). Every schedule it returns is a complete k-item schedule that the caller replays
// with the simulator. Endgame items are numbered by the source's first send of each, so item
// m + e is never sent before step m + e (the simulator's release rule).
#pragma once
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "assignment.hpp"
#include "kitem/colored_endgame.hpp"
#include "limits.hpp"
#include "schedule.hpp"

namespace blockcast {

// Items 0..m-1 as the continuous schedule sends them; items m..k-1 routed in the free slots of
// the window m .. m + window by attempt `attempt` (attempts 0..attempt replayed); nullopt if
// an earlier attempt routes or this one leaves a processor short of an item. InputError as
// colored_schedule (K in 1..min(k, 64), window >= D - 1 when m > 0).
std::optional<Schedule> routed_schedule(const Assignment& a, std::int64_t k, int K, int window, const Rotation& rotation,
                                        std::uint64_t attempt);

// The free slots of a frame, by step: who may send at s, who may receive at t. A smaller window
// W is a prefix of a larger window's slots (the receivers at t <= W, the senders at s <= W - L),
// with the same order in every list.
struct FrameSlots {
  std::vector<std::vector<std::int32_t>> senders;    // [s - m]
  std::vector<std::vector<std::int32_t>> receivers;  // [t - m]
};

// One continuous schedule's canonical frame (m = 0) expanded once, to the largest window asked
// for so far, and its free slots per rotation: the routed plans of the same schedule share it
// (the table routes at the bound and again above it; the expansion was about 40 % of the
// table's time above P = 2000). State: the caches; the schedule is a copy.
class RoutingFrame {
 public:
  explicit RoutingFrame(Assignment a) : a_(std::move(a)) {}
  const Assignment& assignment() const { return a_; }
  // The slots under `rotation` up to at least `window` (expanded again if it is larger than
  // any before). The reference lives until the next call with a larger window.
  const FrameSlots& slots(const Rotation& rotation, int window);

 private:
  Assignment a_;
  int last_ = -1;                  // the window expanded
  std::vector<Message> messages_;  // the frame's messages arriving by last_, roles not rotated
  std::deque<std::pair<std::vector<std::int64_t>, FrameSlots>> by_rotation_;  // by rotation ids
};

// As endgame_plan (colored_endgame.hpp), with routings instead of colourings: for each K =
// 1..max_K the smallest window in [lo_K + min_extra, lo_K + max_extra] that one of attempts
// 0..attempts-1 routes, only windows with W - K < below (time k - K + W below k + `below`: what
// the caller must beat). min_extra > 0: windows at the bound were searched before. limits: the
// whole call's deadline. The first form routes frame.assignment().
EndgamePlan routed_plan(RoutingFrame& frame, int max_K, int max_extra, std::uint64_t attempts, const Limits& limits,
                        int below = std::numeric_limits<int>::max(), int min_extra = 0);
EndgamePlan routed_plan(const Assignment& a, int max_K, int max_extra, std::uint64_t attempts, const Limits& limits,
                        int below = std::numeric_limits<int>::max(), int min_extra = 0);

// The k-item schedule of a plan's best entry for k (colour or routing); InputError if the plan
// has no entry that beats the cut schedule for k.
Schedule plan_schedule(const Assignment& a, const EndgamePlan& plan, std::int64_t k);

}  // namespace blockcast
