// Times one broadcast method per message size on the simulated cluster and verifies every
// byte on every rank (tests/bench/smpi, docs/mpi-smpi.md). SMPI's clock is the simulated
// one, so a time here is the broadcast on the platform file, not this machine's speed.
// A size's first call is timed apart (it plans and fills caches); then R repetitions, each
// between a barrier and the rank's completion, the slowest rank's time counting.
#include <mpi.h>
#include <smpi/smpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "driver.hpp"
#ifdef BLOCKCAST_SMPI_COMPONENT
#include <blockcast/mpi.h>
#endif

namespace blockcast::smpi_bench {
namespace {

// The root's byte i in repetition `salt`: period 251 (a prime), so a segment received at the
// wrong offset or from the wrong repetition differs from what is expected. Filled and checked
// one period at a time (memcpy, memcmp): 1024 ranks of 16 MiB are too many bytes for a loop
// with a division per byte.
constexpr std::int64_t period = 251;
std::vector<unsigned char> pattern_row(int salt) {
  std::vector<unsigned char> row(std::size_t(period) * 2);
  for (std::int64_t i = 0; i < period * 2; ++i) row[std::size_t(i)] = static_cast<unsigned char>(i % period + 17 * salt);
  return row;
}

void fill(unsigned char* data, std::int64_t bytes, int salt) {
  const std::vector<unsigned char> row = pattern_row(salt);
  for (std::int64_t at = 0; at < bytes; at += period)
    std::memcpy(data + at, row.data(), std::size_t(std::min(period, bytes - at)));
}

std::int64_t count_wrong(const unsigned char* data, std::int64_t bytes, int salt) {
  const std::vector<unsigned char> row = pattern_row(salt);
  std::int64_t wrong = 0;
  for (std::int64_t at = 0; at < bytes; at += period) {
    const std::size_t length = std::size_t(std::min(period, bytes - at));
    if (std::memcmp(data + at, row.data(), length) == 0) continue;
    for (std::size_t i = 0; i < length; ++i) wrong += data[at + std::int64_t(i)] != row[i];
  }
  return wrong;
}

// The buffer of one rank: its own memory while verification is on, else one block that SMPI
// shares between all ranks (SMPI_SHARED_MALLOC: the data are not copied, only timed).
struct Buffer {
  unsigned char* data = nullptr;
  bool shared = false;
  Buffer(std::int64_t bytes, bool shared_block) : shared(shared_block) {
    const std::size_t size = std::size_t(std::max<std::int64_t>(bytes, 1));
    data = static_cast<unsigned char*>(shared ? SMPI_SHARED_MALLOC(size) : std::malloc(size));
  }
  ~Buffer() {
    if (shared) SMPI_SHARED_FREE(data);
    else std::free(data);
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
};

struct CallResult {
  double seconds = 0;        // the slowest rank (valid on rank 0)
  std::int64_t wrong = 0;    // the most wrong bytes on one rank (valid on rank 0)
  bool failed = false;       // an MPI error code from some rank
};

int call(const Options& options, bool use_blockcast, unsigned char* data, std::int64_t bytes) {
  const int count = static_cast<int>(bytes);
  if (!use_blockcast) return MPI_Bcast(data, count, MPI_BYTE, options.root, MPI_COMM_WORLD);
#ifdef BLOCKCAST_SMPI_COMPONENT
  return blockcast_bcast(data, count, MPI_BYTE, options.root, MPI_COMM_WORLD);
#else
  return MPI_ERR_OTHER;
#endif
}

CallResult timed_call(const Options& options, bool use_blockcast, Buffer& buffer, std::int64_t bytes, int salt) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const bool verify = !buffer.shared;
  if (verify) {
    // The root holds the pattern; every other rank starts with a different byte everywhere.
    fill(buffer.data, bytes, rank == options.root ? salt : salt + 1);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double start = MPI_Wtime();
  const int code = call(options, use_blockcast, buffer.data, bytes);
  double elapsed = MPI_Wtime() - start;
  std::int64_t wrong = 0;
  if (verify) wrong = count_wrong(buffer.data, bytes, salt);
  // One reduction for the three figures (SMPI's default linear reduce costs seconds of
  // wall time per call at P = 1024): the slowest rank, the most wrong bytes on one rank, and
  // whether any rank got an error code.
  const double mine[3] = {elapsed, double(wrong), code != MPI_SUCCESS ? 1.0 : 0.0};
  double worst[3] = {0, 0, 0};
  MPI_Reduce(mine, worst, 3, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  CallResult result;
  result.seconds = worst[0];
  result.wrong = static_cast<std::int64_t>(worst[1]);
  result.failed = worst[2] != 0;
  return result;
}

// One method at one size: the CSV line on rank 0; the wrong bytes (or 1 for an error code).
std::int64_t time_method(const Options& options, bool use_blockcast, std::int64_t bytes, int P, bool shared) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  Buffer buffer(bytes, shared);
  const CallResult first = timed_call(options, use_blockcast, buffer, bytes, 0);
  std::vector<double> seconds;
  std::int64_t wrong = first.wrong + first.failed;
  for (int r = 1; r <= options.repetitions; ++r) {
    const CallResult again = timed_call(options, use_blockcast, buffer, bytes, r);
    seconds.push_back(again.seconds);
    wrong += again.wrong + again.failed;
  }
  if (rank != 0) return 0;
  std::sort(seconds.begin(), seconds.end());
  const std::string& method = use_blockcast ? options.blockcast_label : options.method;
  if (wrong != 0)
    std::fprintf(stderr, "bcast_driver: %s P=%d bytes=%lld: %lld wrong bytes or failed calls\n", method.c_str(), P,
                 static_cast<long long>(bytes), static_cast<long long>(wrong));
  // seconds = the median repetition (SMPI is deterministic: min and max agree in practice).
  std::printf("%s,%d,%lld,%s,%.9g,%.9g,%.9g,%d\n", options.platform.c_str(), P, static_cast<long long>(bytes),
              method.c_str(), seconds[seconds.size() / 2], first.seconds, seconds.back() - seconds.front(),
              wrong == 0 ? (shared ? 0 : 1) : -1);
  std::fflush(stdout);
  return wrong;
}

}  // namespace

std::int64_t run_bcast(const Options& options) {
  int rank = 0, P = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
#ifndef BLOCKCAST_SMPI_COMPONENT
  if (options.blockcast) {
    if (rank == 0) std::fprintf(stderr, "bcast_driver: built without the blockcast component (mpi/bcast)\n");
    return 1;
  }
#endif
  // The lines' header (run.sh writes it once per file): platform,P,bytes,method,seconds,
  // first_call_seconds,spread_seconds,verified (1 checked, 0 shared buffers, -1 wrong).
  std::int64_t wrong = 0;
  for (const std::int64_t bytes : options.sizes) {
    const bool shared = std::int64_t(P) * bytes > options.verify_budget;
    if (options.mpi) wrong += time_method(options, false, bytes, P, shared);
    if (options.blockcast) wrong += time_method(options, true, bytes, P, shared);
  }
  return wrong;
}

}  // namespace blockcast::smpi_bench
