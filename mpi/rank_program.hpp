// What one MPI rank does in a real broadcast (issue 13, part 2): the ordered list of its
// point-to-point sends and receives. Derived from an explicit postal-model schedule
// (engine/expand.hpp, already replayed by engine/simulator.hpp) or, for the baseline, from
// a pipelined binary tree. Pure data, no MPI: the executor (broadcast_run.hpp) only follows
// these lists, so the block-cyclic program and the baseline share one code path.
//
// Logical time is dropped on purpose: a rank issues its sends in step order and waits for
// an item only when it is about to forward it. Since every message is sent L >= 1 steps
// before it is received, waiting in step order cannot deadlock (induction on the step).
#pragma once
#include <cstdint>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

struct Transfer {
  std::int32_t peer = 0;  // destination of a send, source of a receive
  std::int32_t item = 0;
  friend bool operator==(const Transfer&, const Transfer&) = default;
};

struct RankProgram {
  std::vector<Transfer> sends;  // in the order they are issued (send step, then receiver)
  std::vector<Transfer> recvs;  // in the order they arrive (receive step)
};

// The program of processor `rank` of the schedule (processor 0, the source, holds every item).
RankProgram block_cyclic_program(const Schedule& s, std::int64_t rank);

// Pipelined binary tree on P ranks rooted at 0 (children 2q+1, 2q+2): every rank receives
// item i from its parent and forwards it to its children, item after item.
RankProgram binary_tree_program(std::int64_t P, std::int64_t items, std::int64_t rank);

}  // namespace blockcast
