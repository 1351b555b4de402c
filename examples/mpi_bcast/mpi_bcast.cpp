// An MPI broadcast with blockcast's component (docs/mpi-component.md):
//   mpirun -np P mpi_bcast [BYTES...]
// Every rank calls blockcast_bcast (include/blockcast/mpi.h) exactly as it would call
// MPI_Bcast: the component plans the broadcast once per communicator and size class (family,
// segment count K, postal latency L, from the network it calibrated or BLOCKCAST_NETWORK) and
// follows the schedule. For each message size the broadcast is timed against MPI_Bcast, from
// root 0 and from the last rank, and every rank verifies every byte it received.
//
// On one machine with more ranks than cores this measures protocol overhead and scheduling
// noise, not a network: read the numbers as a correctness run with timings attached.
#include <blockcast/mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

unsigned char byte_of(std::int64_t offset, int root) {
  return static_cast<unsigned char>((offset * 131 + 7 + root) % 251);
}

// Median over `reps` of the slowest rank's time; `bad` counts ranks with a wrong byte.
template <class Run>
double timed(int reps, std::vector<unsigned char>& buf, int root, int rank, long long& bad, Run run) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = rank == root ? byte_of(static_cast<std::int64_t>(i), root) : 0;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    const int rc = run();
    double mine = MPI_Wtime() - t0, slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t.push_back(slowest);
    long long wrong = rc != MPI_SUCCESS, sum = 0;
    for (std::size_t i = 0; i < buf.size(); ++i) wrong |= buf[i] != byte_of(static_cast<std::int64_t>(i), root);
    MPI_Allreduce(&wrong, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    bad += sum;
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, P = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  std::vector<long long> sizes;
  for (int a = 1; a < argc; ++a) sizes.push_back(std::atoll(argv[a]));
  if (sizes.empty()) sizes = {1 << 10, 1 << 16, 1 << 20, 1 << 24};
  if (std::any_of(sizes.begin(), sizes.end(), [](long long s) { return s < 0 || s > (1LL << 30); })) {
    if (rank == 0) std::fprintf(stderr, "mpi_bcast: message sizes must be 0..2^30 bytes\n");
    MPI_Finalize();
    return 2;
  }
  if (rank == 0) std::printf("%12s %5s %16s %14s %8s\n", "bytes", "root", "blockcast [s]", "MPI_Bcast [s]", "ratio");
  long long bad = 0;
  for (const long long size : sizes)
    for (const int root : {0, P - 1}) {
      std::vector<unsigned char> buf(static_cast<std::size_t>(size));
      const int n = static_cast<int>(size);
      const double ours = timed(5, buf, root, rank, bad, [&] { return blockcast_bcast(buf.data(), n, MPI_BYTE, root, MPI_COMM_WORLD); });
      const double bcast = timed(5, buf, root, rank, bad, [&] { return MPI_Bcast(buf.data(), n, MPI_BYTE, root, MPI_COMM_WORLD); });
      if (rank == 0)
        std::printf("%12lld %5d %16.6f %14.6f %8.2f\n", size, root, ours, bcast, bcast > 0 ? ours / bcast : 0.0);
    }
  if (rank == 0) std::printf(bad ? "FAILED: %lld rank-runs with wrong data\n" : "verified: every rank got every byte\n", bad);
  MPI_Finalize();
  return bad ? 1 : 0;
}
