// Public API (blockcast::api): what one rank does in a broadcast schedule. A value type
// with no dependency beyond the standard library, shared by every schedule form (block-cyclic
// continuous, k-item, circulant) and by the MPI executor (mpi/broadcast_run.cpp): the one
// definition of a per-rank program in the code base.
//
// Time is the postal model's (SPEC Sec. 1): a message sent at step s arrives at s + L. A
// rank sends at most one and receives at most one message per step, so each list is
// ordered by step with at most one entry per step.
#pragma once
#include <cstdint>
#include <vector>

namespace blockcast::api {

struct Transfer {
  std::int64_t step = 0;  // send step (in sends) or arrival step (in recvs)
  std::int64_t peer = 0;  // receiver of a send, sender of a receive
  std::int64_t item = 0;  // item id; item i is created at the source (rank 0) at step i
  friend bool operator==(const Transfer&, const Transfer&) = default;
};

struct RankProgram {
  std::int64_t rank = 0;
  std::int64_t L = 0;               // latency of the schedule it belongs to
  std::vector<Transfer> sends;      // by step
  std::vector<Transfer> recvs;      // by step
  friend bool operator==(const RankProgram&, const RankProgram&) = default;
};

}  // namespace blockcast::api
