// Measures what the simulated network charges for messages (tests/bench/smpi,
// docs/mpi-smpi.md): between rank 0 and rank P-1, a ping-pong per size (one-way time = half
// the round trip), a stream of n back-to-back nonblocking messages (the time per extra message
// is the LogGP gap max(g, s G); Alexandrov, Ionescu, Schauser, Scheiman, SPAA 1995), the same
// stream with blocking sends, and how long a blocking send keeps the sender (the overhead o
// where the send is eager). fit_network.py turns these lines into BLOCKCAST_NETWORK.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "driver.hpp"

namespace blockcast::smpi_bench {
namespace {

constexpr int stream_length = 8;
constexpr int pingpong_rounds = 3;

struct Pair {
  int rank = 0;
  int first = 0;  // rank 0
  int last = 0;   // rank P-1: the farthest host in the hostfile's order
};

// Round 0 is not timed: it absorbs the ranks' skew after the barrier.
double pingpong(const Pair& pair, std::vector<char>& buffer, int bytes) {
  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  for (int round = 0; round <= pingpong_rounds; ++round) {
    if (round == 1) start = MPI_Wtime();
    if (pair.rank == pair.first) {
      MPI_Send(buffer.data(), bytes, MPI_BYTE, pair.last, 0, MPI_COMM_WORLD);
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, pair.last, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (pair.rank == pair.last) {
      MPI_Recv(buffer.data(), bytes, MPI_BYTE, pair.first, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buffer.data(), bytes, MPI_BYTE, pair.first, 0, MPI_COMM_WORLD);
    }
  }
  return (MPI_Wtime() - start) / (2.0 * pingpong_rounds);
}

// n messages from first to last, nonblocking (all in flight) or blocking one after another;
// the time from the sender's start to the last reception (one simulated clock for all ranks).
double stream(const Pair& pair, std::vector<char>& buffer, int bytes, int n, bool blocking) {
  std::vector<MPI_Request> requests(std::size_t(n), MPI_REQUEST_NULL);
  const std::size_t stride = std::size_t(bytes);
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  double end = start;
  if (pair.rank == pair.first) {
    for (int i = 0; i < n; ++i) {
      if (blocking) MPI_Send(buffer.data() + i * stride, bytes, MPI_BYTE, pair.last, i, MPI_COMM_WORLD);
      else MPI_Isend(buffer.data() + i * stride, bytes, MPI_BYTE, pair.last, i, MPI_COMM_WORLD, &requests[i]);
    }
    MPI_Waitall(n, requests.data(), MPI_STATUSES_IGNORE);
  } else if (pair.rank == pair.last) {
    for (int i = 0; i < n; ++i)
      MPI_Irecv(buffer.data() + i * stride, bytes, MPI_BYTE, pair.first, i, MPI_COMM_WORLD, &requests[i]);
    MPI_Waitall(n, requests.data(), MPI_STATUSES_IGNORE);
    end = MPI_Wtime();
  }
  double latest = 0;
  MPI_Reduce(&end, &latest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return latest - start;
}

// How long one blocking send of `bytes` keeps the sender (the receive is posted first).
double send_return(const Pair& pair, std::vector<char>& buffer, int bytes) {
  MPI_Request request = MPI_REQUEST_NULL;
  if (pair.rank == pair.last) MPI_Irecv(buffer.data(), bytes, MPI_BYTE, pair.first, 7, MPI_COMM_WORLD, &request);
  MPI_Barrier(MPI_COMM_WORLD);
  double seconds = 0;
  if (pair.rank == pair.first) {
    const double start = MPI_Wtime();
    MPI_Send(buffer.data(), bytes, MPI_BYTE, pair.last, 7, MPI_COMM_WORLD);
    seconds = MPI_Wtime() - start;
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE);
  return seconds;
}

}  // namespace

void run_probe(const Options& options) {
  Pair pair;
  int P = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &pair.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  pair.last = P - 1;
  std::vector<std::int64_t> sizes = options.sizes;
  if (sizes.empty())
    for (std::int64_t s = 1; s <= (std::int64_t(16) << 20); s *= 4) sizes.push_back(s);
  for (const std::int64_t size : sizes) {
    const int bytes = static_cast<int>(size);
    std::vector<char> buffer(std::size_t(size) * stream_length + 1, 'x');
    const double one_way = pingpong(pair, buffer, bytes);
    const double single = stream(pair, buffer, bytes, 1, false);
    const double many = stream(pair, buffer, bytes, stream_length, false);
    const double blocking = stream(pair, buffer, bytes, stream_length, true);
    const double sender = send_return(pair, buffer, bytes);
    if (pair.rank != 0) continue;
    const auto line = [&](const char* kind, double seconds) {
      std::printf("%s,%d,%lld,%s,%.9g\n", options.platform.c_str(), P, static_cast<long long>(size), kind, seconds);
    };
    line("one_way", one_way);
    line("stream_gap", (many - single) / (stream_length - 1));
    line("blocking_gap", (blocking - single) / (stream_length - 1));
    line("send_return", sender);
    std::fflush(stdout);
  }
}

}  // namespace blockcast::smpi_bench
