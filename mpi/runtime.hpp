// MPI start-up for blockcast. MPI is initialised only when the process was
// launched by mpirun/mpiexec (detected from the launcher's environment), so a plain
// `blockcast ...` never touches MPI and stays fast. Callers include no MPI header.
#pragma once
#include <string>

namespace blockcast::mpi {

// True iff the launcher's environment is present (Open MPI, PMIx, MPICH/Hydra).
bool launched_by_mpirun();

// RAII MPI_Init / MPI_Finalize on MPI_COMM_WORLD; one per process.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Rank 0's `text` on every rank.
  std::string broadcast(const std::string& text) const;

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace blockcast::mpi
