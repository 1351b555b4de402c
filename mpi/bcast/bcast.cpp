// blockcast_bcast (include/blockcast/mpi.h): MPI_Bcast's contract on top of blockcast's plan
// (docs/mpi-component.md). Checks the arguments as MPI_Bcast does, finds the cached plan and
// program of the message's exact size (plan_share.hpp), and runs the program over the
// segments of the message (executor.hpp), packing derived datatypes (datatype.hpp). Only
// PMPI_* calls, so that libblockcast_pmpi's MPI_Bcast can call it without recursion.
#include <blockcast/mpi.h>

#include <climits>
#include <cstdint>
#include <memory>
#include <new>

#include "datatype.hpp"
#include "executor.hpp"
#include "plan_share.hpp"

namespace blockcast::bcast {

namespace {

// MPI_Bcast's argument checks (MPI 3.1 Sec. 5.4), reported as error codes. Sets P, rank and
// the message's byte count when the arguments are valid.
int check_arguments(int count, MPI_Datatype type, int root, MPI_Comm comm, int& P, int& rank, std::int64_t& bytes) {
  if (count < 0) return MPI_ERR_COUNT;
  if (type == MPI_DATATYPE_NULL) return MPI_ERR_TYPE;
  if (PMPI_Comm_size(comm, &P) != MPI_SUCCESS || PMPI_Comm_rank(comm, &rank) != MPI_SUCCESS) return MPI_ERR_COMM;
  if (root < 0 || root >= P) return MPI_ERR_ROOT;
  int size = 0;
  if (PMPI_Type_size(type, &size) != MPI_SUCCESS || size < 0) return MPI_ERR_TYPE;
  bytes = static_cast<std::int64_t>(count) * size;
  return MPI_SUCCESS;
}

// The broadcast of `bytes` > 0 bytes on P >= 2 ranks of an intra-communicator.
int broadcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm, int rank, int P, std::int64_t bytes) {
  CommState* state = nullptr;
  if (const int rc = comm_state(comm, state); rc != MPI_SUCCESS) return rc;
  const SizeEntry* entry = nullptr;
  const api::RankProgram* program = nullptr;
  if (const int rc = lookup(*state, root, bytes, entry, program); rc != MPI_SUCCESS) return rc;
  // Every rank takes the same branch: all know the same entry and the same byte count.
  if (program == nullptr) return PMPI_Bcast(buf, count, type, root, comm);
  const Segments segments = segments_of(bytes, entry->plan.segments);
  if (segments.segment_bytes > INT_MAX) return PMPI_Bcast(buf, count, type, root, comm);
  const Pacing pacing = pacing_of(entry->plan.network, segments, state->window);
  if (contiguous(type))
    return execute(*program, segments, static_cast<unsigned char*>(buf), root, P, state->comm, pacing);
  // Not value-initialised: every byte is packed (root) or received (others) before it is read.
  const std::unique_ptr<unsigned char[]> scratch(new unsigned char[static_cast<std::size_t>(bytes)]);
  if (rank == root)
    if (const int rc = pack(buf, count, type, state->comm, scratch.get(), bytes); rc != MPI_SUCCESS) return rc;
  if (const int rc = execute(*program, segments, scratch.get(), root, P, state->comm, pacing); rc != MPI_SUCCESS)
    return rc;
  return rank == root ? MPI_SUCCESS : unpack(scratch.get(), bytes, buf, count, type, state->comm);
}

}  // namespace

}  // namespace blockcast::bcast

extern "C" int blockcast_bcast(void* buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  namespace b = blockcast::bcast;
  if (comm == MPI_COMM_NULL) return MPI_ERR_COMM;
  int inter = 0;
  if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS) return MPI_ERR_COMM;
  if (inter) return PMPI_Bcast(buf, count, datatype, root, comm);  // MPI_ROOT/MPI_PROC_NULL roots
  int P = 1, rank = 0;
  std::int64_t bytes = 0;
  if (const int rc = b::check_arguments(count, datatype, root, comm, P, rank, bytes); rc != MPI_SUCCESS) return rc;
  if (bytes == 0 || P == 1) return MPI_SUCCESS;
  try {
    return b::broadcast(buf, count, datatype, root, comm, rank, P, bytes);
  } catch (const std::bad_alloc&) {
    return MPI_ERR_NO_MEM;
  } catch (...) {  // never let an exception cross into C
    return MPI_ERR_INTERN;
  }
}
