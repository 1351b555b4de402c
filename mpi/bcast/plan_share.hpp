// The plan protocol on a cache miss (docs/mpi-component.md, "Plan protocol"): the root makes
// the plan for the message's exact size (with the network from BLOCKCAST_NETWORK or calibrated once per
// communicator) and its schedule, sends both to every rank with PMPI_Bcast, and every rank
// reads the plan back and computes its own root-relative program, once.
#pragma once
#include <cstdint>

#include "plan_cache.hpp"

namespace blockcast::bcast {

// The cache entry of exactly `bytes` bytes and this rank's program for `root`, made
// collectively on a miss (every rank misses in the same call: the cache evolves identically
// on all ranks). `program` is null when the entry is not usable. Returns an MPI error code.
int lookup(CommState& state, int root, std::int64_t bytes, const SizeEntry*& entry, const api::RankProgram*& program);

}  // namespace blockcast::bcast
