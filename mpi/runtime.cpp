// MPI start-up (see runtime.hpp).
#include "runtime.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace blockcast::mpi {

bool launched_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

Session::Session() {
  int flag = 0;
  MPI_Initialized(&flag);
  if (flag) throw std::logic_error("MPI initialised twice");
  MPI_Init(nullptr, nullptr);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() {
  // A rank that is done waits for the others here, sleeping: MPI_Finalize's own wait
  // busy-polls and would take a core from the ranks still working.
  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  for (int done = 0; MPI_Test(&r, &done, MPI_STATUS_IGNORE), !done;)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  MPI_Finalize();
}

std::string Session::broadcast(const std::string& text) const {
  unsigned long long n = text.size();
  MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = rank_ == 0 ? text : std::string(n, '\0');
  // Chunks below INT_MAX bytes (MPI counts are int).
  for (unsigned long long off = 0; off < n; off += 1u << 30) {
    const int len = static_cast<int>(std::min<unsigned long long>(n - off, 1u << 30));
    MPI_Bcast(out.data() + off, len, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  return out;
}

}  // namespace blockcast::mpi
