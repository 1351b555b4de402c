// libblockcast_pmpi: the MPI profiling interface (MPI 3.1 Sec. 14.2) for blockcast_bcast. An
// unmodified program's MPI_Bcast resolves to this definition when the library is loaded
// before the MPI library (LD_PRELOAD with Open MPI, or linked ahead of -lmpi); the component
// calls only PMPI_*, so there is no recursion (docs/mpi-component.md).
#include <blockcast/mpi.h>

extern "C" int MPI_Bcast(void* buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  return blockcast_bcast(buf, count, datatype, root, comm);
}
