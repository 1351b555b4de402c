// A segmented MPI broadcast that follows a blockcast schedule (docs/library.md, issue 25):
//   mpirun -np P mpi_bcast [L] [K] [BYTES...]
// Rank 0 asks the library for the best continuous schedule for (L, P) and sends its JSON to
// every rank; each rank reads it back (the library checks it again) and computes its own
// program for the schedule cut after K items: from whom it receives which segment, to whom
// it forwards it. For each message size the broadcast is timed against MPI_Bcast of the whole
// message, and every rank verifies every byte it received.
//
// On one machine with more ranks than cores this measures protocol overhead and scheduling
// noise, not a network: read the numbers as a correctness run with timings attached.
#include <mpi.h>

#include <algorithm>
#include <blockcast/blockcast.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bc = blockcast::api;

namespace {

unsigned char byte_of(std::int64_t offset) { return static_cast<unsigned char>((offset * 131 + 7) % 251); }

// The schedule, decided on rank 0 and shared as JSON so every rank follows the same one.
bc::ContinuousSchedule shared_schedule(int L, int P, int rank) {
  std::string json;
  if (rank == 0) json = bc::solve(L, P).to_json();
  long long n = static_cast<long long>(json.size());
  MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  json.resize(static_cast<std::size_t>(n));
  MPI_Bcast(json.data(), static_cast<int>(n), MPI_CHAR, 0, MPI_COMM_WORLD);
  return bc::read_continuous(json);
}

// Segment i of the message is bytes [i * seg, min((i + 1) * seg, size)).
struct Segments {
  std::int64_t size, k, seg;
  std::int64_t begin(std::int64_t i) const { return std::min(size, i * seg); }
  int length(std::int64_t i) const { return static_cast<int>(std::min(size, (i + 1) * seg) - begin(i)); }
};

// Post every receive, then the sends in step order; a send waits for the receive of the
// segment it forwards. Items are message tags.
void follow(const bc::RankProgram& p, const Segments& s, std::vector<unsigned char>& buf, MPI_Comm comm) {
  std::vector<MPI_Request> recv(p.recvs.size()), send(p.sends.size());
  std::vector<std::size_t> recv_of(static_cast<std::size_t>(s.k), p.recvs.size());
  for (std::size_t n = 0; n < p.recvs.size(); ++n) {
    const auto& r = p.recvs[n];
    recv_of[static_cast<std::size_t>(r.item)] = n;
    MPI_Irecv(buf.data() + s.begin(r.item), s.length(r.item), MPI_BYTE, static_cast<int>(r.peer),
              static_cast<int>(r.item), comm, &recv[n]);
  }
  for (std::size_t n = 0; n < p.sends.size(); ++n) {
    const auto& t = p.sends[n];
    if (const std::size_t r = recv_of[static_cast<std::size_t>(t.item)]; r < recv.size())
      MPI_Wait(&recv[r], MPI_STATUS_IGNORE);
    MPI_Isend(buf.data() + s.begin(t.item), s.length(t.item), MPI_BYTE, static_cast<int>(t.peer),
              static_cast<int>(t.item), comm, &send[n]);
  }
  MPI_Waitall(static_cast<int>(recv.size()), recv.data(), MPI_STATUSES_IGNORE);
  MPI_Waitall(static_cast<int>(send.size()), send.data(), MPI_STATUSES_IGNORE);
}

// Median over reps of the slowest rank's time; `bad` counts ranks with a wrong byte.
template <class Run>
double timed(int reps, std::vector<unsigned char>& buf, int rank, long long& bad, Run run) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = rank == 0 ? byte_of(static_cast<std::int64_t>(i)) : 0;
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    run();
    double mine = MPI_Wtime() - t0, slowest = 0;
    MPI_Allreduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    t.push_back(slowest);
    long long wrong = 0, sum = 0;
    for (std::size_t i = 0; i < buf.size(); ++i) wrong |= buf[i] != byte_of(static_cast<std::int64_t>(i));
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
  const int L = argc > 1 ? std::atoi(argv[1]) : 2;
  const std::int64_t k = argc > 2 ? std::atoll(argv[2]) : 16;
  std::vector<std::int64_t> sizes;
  for (int a = 3; a < argc; ++a) sizes.push_back(std::atoll(argv[a]));
  if (sizes.empty()) sizes = {1 << 10, 1 << 16, 1 << 20, 1 << 24};
  long long bad = 0;
  try {
    if (P < 2 || k < 1) throw bc::InvalidInput("needs at least 2 ranks and K >= 1");
    const bc::ContinuousSchedule s = shared_schedule(L, P, rank);
    const bc::RankProgram mine = s.rank_program_items(rank, k);
    if (rank == 0)
      std::printf("blockcast %s: L=%d P=%d delay %lld (lower bound %lld), %lld segments: postal time %lld steps\n"
                  "%12s %14s %14s %8s\n", bc::version().c_str(), L, P, static_cast<long long>(s.delay()),
                  static_cast<long long>(s.lower_bound()), static_cast<long long>(k),
                  static_cast<long long>(s.delay() + k - 1), "bytes", "schedule [s]", "MPI_Bcast [s]", "ratio");
    for (const std::int64_t size : sizes) {
      const Segments seg{size, k, (size + k - 1) / k};
      std::vector<unsigned char> buf(static_cast<std::size_t>(size));
      const double ours = timed(5, buf, rank, bad, [&] { follow(mine, seg, buf, MPI_COMM_WORLD); });
      const double bcast = timed(5, buf, rank, bad, [&] {
        MPI_Bcast(buf.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD);
      });
      if (rank == 0) std::printf("%12lld %14.6f %14.6f %8.2f\n", static_cast<long long>(size), ours, bcast, ours / bcast);
    }
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "mpi_bcast: %s\n", e.what());
    MPI_Finalize();
    return 2;
  }
  if (rank == 0) std::printf(bad ? "FAILED: %lld rank-runs with wrong data\n" : "verified: every rank got every byte\n", bad);
  MPI_Finalize();
  return bad ? 1 : 0;
}
