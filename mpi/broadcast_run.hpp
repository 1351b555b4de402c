// Real broadcast over MPI point-to-point messages: every rank follows its
// own program (include/blockcast/program.hpp, computed for that rank alone by
// engine/per_rank.hpp), forwards what it
// received, and verifies that it got every item exactly once with the right payload
// (payload.hpp). On the same ranks and data the run is timed against MPI_Bcast of the whole
// message, MPI_Bcast of K segments and a pipelined binary tree.
//
// Collective over MPI_COMM_WORLD: every rank calls it with the same schedule; the report is
// complete on rank 0 (other ranks get their own verification result only).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <blockcast/program.hpp>

namespace blockcast::mpi {

struct MethodResult {
  std::string name;
  double median_seconds = 0;   // per repetition: the slowest rank's time
  double min_seconds = 0;
  std::int64_t messages = -1;  // point-to-point messages over all ranks (-1: inside MPI_Bcast)
  std::int64_t failures = 0;   // rank-repetitions whose data did not verify
};

struct BroadcastRunOptions {
  std::int64_t bytes = 1024;  // per item
  int reps = 5;
};

struct BroadcastRunReport {
  std::int64_t ranks = 0, items = 0, bytes = 0;
  int reps = 0;
  std::vector<MethodResult> methods;  // block-cyclic first, then the baselines
  bool verified() const;
};

// The largest message (items * bytes) a run accepts; each rank holds it in memory.
inline constexpr std::int64_t kMaxMessageBytes = std::int64_t{1} << 30;

// Collective over MPI_COMM_WORLD: returns on every rank once rank 0 has called it. Ranks
// other than 0 wait sleeping (an MPI_Ibarrier polled every 2 ms), not in a blocking
// collective's busy poll: on an oversubscribed node that would take the cores rank 0 needs
// while it checks the schedule and builds the k-item schedule (SAT endgames).
void wait_for_rank0();

// `mine` is this rank's program in a schedule of `items` items on P ranks. InputError (on
// every rank alike) if P differs from the number of ranks, the message exceeds
// kMaxMessageBytes or an item number exceeds the MPI tag bound.
BroadcastRunReport run_broadcast(const api::RankProgram& mine, std::int64_t P, std::int64_t items,
                                 const BroadcastRunOptions& opt);

}  // namespace blockcast::mpi
