/* Public C API of blockcast's MPI broadcast component (docs/mpi-component.md): a drop-in
   MPI_Bcast that follows an optimal postal-model schedule (Bar-Noy and Kipnis 1994; for L = 1
   the circulant schedule of Traff and Ripke 2008, for L >= 2 the k-item schedules of Karp,
   Sahay, Santos and Schauser 1993) chosen per communicator and message size by blockcast's
   plan (include/blockcast/plan.hpp). Callable from C and C++; link libblockcast_bcast
   (CMake: find_package(blockcast_bcast), target blockcast::bcast). libblockcast_pmpi makes an
   unmodified program's MPI_Bcast call it (LD_PRELOAD with Open MPI). */
#ifndef BLOCKCAST_MPI_H
#define BLOCKCAST_MPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MPI_Bcast's signature and semantics (intra-communicators; an inter-communicator is passed
   to PMPI_Bcast). Returns MPI_SUCCESS or an MPI error code (MPI_ERR_COMM, MPI_ERR_COUNT,
   MPI_ERR_ROOT, MPI_ERR_TYPE, or the code of a failed point-to-point call);
   bad arguments are reported by the return value, never by aborting. */
int blockcast_bcast(void* buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* BLOCKCAST_MPI_H */
