// The per-communicator cache (docs/mpi-component.md, "Size class and cache"), kept as an MPI
// attribute of the caller's communicator (MPI 3.1 Sec. 6.7): a private duplicate of the
// communicator for the component's messages, the network the plans were made for, and per
// size class the plan, its schedule text and this rank's root-relative programs. No global
// state: only the keyval is per process, created once. SMPI runs the ranks as threads of one
// process and shares one communicator object (MPI_COMM_WORLD) among them, so the attribute
// holds one state per rank of the communicator; under Open MPI it holds just the caller's.
#pragma once
#include <mpi.h>

#include <blockcast/plan.hpp>
#include <blockcast/program.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace blockcast::bcast {

// One size class: the plan for its representative size, shared by the root of the call that
// first needed it; the programs are this rank's, keyed by its root-relative rank (a new root
// only computes a new program, locally).
struct ClassEntry {
  bool usable = false;  // false: no plan could be made; every rank then uses PMPI_Bcast
  api::Plan plan;
  std::string schedule;
  std::map<std::int64_t, api::RankProgram> programs;
};

struct CommState {
  MPI_Comm comm = MPI_COMM_NULL;        // PMPI_Comm_dup of the caller's communicator
  std::optional<api::Network> network;  // known on every rank once the first plan arrived
  int window = 0;                       // BLOCKCAST_BCAST_WINDOW at creation
  bool verbose = false;                 // BLOCKCAST_BCAST_VERBOSE=1 at creation
  double plan_time_limit = 0;           // BLOCKCAST_BCAST_PLAN_TIME_LIMIT (0: the plan's default)
  std::map<int, ClassEntry> classes;    // by size class (size_class.hpp)
};

// The state cached on `comm`, created (collectively: it duplicates `comm`) on the first call.
// Returns an MPI error code; `state` is then owned by the attribute, freed with `comm`.
int comm_state(MPI_Comm comm, CommState*& state);

}  // namespace blockcast::bcast
