// Greedy "as soon as possible" placement of messages in the postal model (SPEC Sec. 1), the
// common tool of the k-item baselines (engine/kitem/baselines.hpp). A processor sends at most
// one and receives at most one message per step, a message sent at s arrives at s + L, item i
// exists at the source (processor 0) from step i, and a processor may forward an item from
// the step it receives it. The MPI algorithms the baselines model are written for a
// different model (LogP/Hockney, blocking or non-blocking point-to-point calls), so each
// baseline states *which* messages travel and in which order they are asked for; this
// builder gives every message the earliest step at which its sender holds the item and both
// ports are free. Messages asked for earlier keep their steps (no back-filling that would
// move them), so a baseline's schedule is determined by its message order.
#pragma once
#include <cstdint>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

class BaselineBuilder {
 public:
  BaselineBuilder(int L, std::int64_t P, std::int64_t k);
  // Place sender -> receiver for `item` at the earliest step >= not_before at which the
  // sender holds the item, its send port is free and the receiver's port is free at arrival.
  // std::logic_error if the sender never gets the item (a baseline's ordering bug) or the
  // receiver already holds it. Returns the arrival step.
  // parity 0 or 1: only send steps of that parity (an edge colour of a 2-coloured schedule).
  std::int64_t send(std::int64_t sender, std::int64_t receiver, std::int64_t item, std::int64_t not_before = 0,
                    int parity = -1);
  // The step from which `proc` holds `item`, -1 if it does not (yet) hold it.
  std::int64_t held(std::int64_t proc, std::int64_t item) const;
  // The schedule: messages ordered by send step, then sender.
  Schedule finish() &&;

 private:
  bool free(std::vector<std::vector<bool>>& busy, std::int64_t proc, std::int64_t step);
  int L_;
  std::int64_t P_, k_;
  std::vector<std::int32_t> held_;  // P * k, item major per processor: held_[proc * k + item]
  std::vector<std::vector<bool>> send_busy_, recv_busy_;
  std::vector<std::int64_t> first_free_send_;  // every earlier send step of the processor is busy
  std::vector<Message> messages_;
};

// Children of each processor in the order it serves them (a rooted tree or forest).
using Children = std::vector<std::vector<std::int64_t>>;
// One item down the tree below `root` (which must hold it), breadth first: a processor's
// sends to its children are asked for in the order listed, so they go out one per step.
void send_down_tree(BaselineBuilder& b, const Children& children, std::int64_t root, std::int64_t item);
// Number of processors in the subtree below (and including) each processor.
std::vector<std::int64_t> subtree_sizes(const Children& children, std::int64_t root);

// Last reception step of a schedule (the k-item time, docs/kbroadcast.md); 0 if it has no message.
std::int64_t last_reception(const Schedule& s);

}  // namespace blockcast
