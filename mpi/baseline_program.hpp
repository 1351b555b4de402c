// The baseline program of `mpi-run`: a pipelined binary tree, in the
// per-rank program type of the library (include/blockcast/program.hpp), so that the executor
// (broadcast_run.hpp) runs it and the schedules' programs (engine/per_rank.hpp) on one code
// path. Pure data, no MPI.
//
// Logical time is not a postal-model time here: the executor issues a rank's sends in list
// order and waits for an item only when it is about to forward it; since a rank receives an
// item before it forwards it, waiting in that order cannot deadlock (induction on the item).
#pragma once
#include <blockcast/program.hpp>
#include <cstdint>

namespace blockcast {

// Pipelined binary tree on P ranks rooted at 0 (children 2q+1, 2q+2): every rank receives
// item i from its parent and forwards it to its children, item after item. `step` is the
// item's round i (the tree is not a postal-model schedule).
api::RankProgram binary_tree_program(std::int64_t P, std::int64_t items, std::int64_t rank);

}  // namespace blockcast
