// The per-communicator cache (docs/mpi-component.md, "Size class and cache"), kept as an MPI
// attribute of the caller's communicator (MPI 3.1 Sec. 6.7): a private duplicate of the
// communicator for the component's messages, the network the plans were made for, and per
// message size (exact byte count; the kMaxPlans most recently used) the plan, its schedule
// text and this rank's root-relative programs. No global
// state: only the keyval is per process, created once. SMPI runs the ranks as threads of one
// process and shares one communicator object (MPI_COMM_WORLD) among them, so the attribute
// holds one state per rank of the communicator; under Open MPI it holds just the caller's.
#pragma once
#include <mpi.h>

#include <blockcast/plan.hpp>
#include <blockcast/program.hpp>
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <optional>
#include <string>

namespace blockcast::bcast {

// One message size: the plan for exactly `bytes` bytes, shared by the root of the call that
// first needed it; the programs are this rank's, keyed by its root-relative rank (a new root
// only computes a new program, locally).
struct SizeEntry {
  std::int64_t bytes = 0;
  bool usable = false;  // false: no plan could be made; every rank then uses PMPI_Bcast
  api::Plan plan;
  std::string schedule;
  std::map<std::int64_t, api::RankProgram> programs;
};

// Plans kept per communicator, least recently used dropped first (docs/mpi-component.md, "Plan
// cache"): the bound the 64 power-of-two size classes gave before, now for exact sizes, so a
// program that cycles through at most 64 message sizes plans each once.
inline constexpr std::size_t kMaxPlans = 64;

struct CommState {
  MPI_Comm comm = MPI_COMM_NULL;        // PMPI_Comm_dup of the caller's communicator
  std::optional<api::Network> network;  // known on every rank once the first plan arrived
  int window = 0;                       // BLOCKCAST_BCAST_WINDOW at creation
  bool verbose = false;                 // BLOCKCAST_BCAST_VERBOSE=1 at creation
  double plan_time_limit = 0;           // BLOCKCAST_BCAST_PLAN_TIME_LIMIT (0: the plan's default)
  std::list<SizeEntry> plans;           // most recently used first, at most kMaxPlans
};

// The state cached on `comm`, created (collectively: it duplicates `comm`) on the first call.
// Returns an MPI error code; `state` is then owned by the attribute, freed with `comm`.
int comm_state(MPI_Comm comm, CommState*& state);

}  // namespace blockcast::bcast
