// Network parameters for the plan (calibrate.hpp): the LogGP model of Alexandrov, Ionescu,
// Schauser and Scheiman (1995) measured the way its authors suggest, by ping-pong: half the
// round trip of a small message is the latency (the overheads included: overhead stays 0),
// the extra time per byte of a larger message is gap_per_byte, and the time per message of a
// stream of back-to-back small messages is the gap. Two ranges (api::Network::ranges), because
// MPI libraries (and SimGrid's SMPI) send small messages eagerly and large ones with a
// rendezvous that costs a round trip more: below kEager bytes latency and gap_per_byte come
// from 8 bytes and kEager / 2 bytes, from kEager on from the line through kEager and 1 MiB.
// Minima over a few repetitions, because noise (other processes, the scheduler) only ever
// adds time.
#include "calibrate.hpp"

#include <algorithm>
#include <blockcast/blockcast.hpp>
#include <cstdlib>
#include <vector>

#include "tags.hpp"

namespace blockcast::bcast {

std::optional<api::Network> parse_network(const std::string& text, std::string& error) {
  try {
    return api::parse_network(text);  // the one parser, shared with `blockcast plan --network`
  } catch (const api::InvalidInput& e) {
    error = std::string("BLOCKCAST_NETWORK: ") + e.what();
    return std::nullopt;
  }
}

std::optional<api::Network> network_from_environment(std::string& error) {
  const char* text = std::getenv("BLOCKCAST_NETWORK");
  if (text == nullptr || *text == '\0') return std::nullopt;
  return parse_network(text, error);
}

namespace {

constexpr int kSmallReps = 10, kLargeReps = 3, kStreamReps = 3, kStream = 32;
constexpr int kLarge = 1 << 20;
// The second range starts here: SMPI's default eager/rendezvous switch, and a common eager
// limit of MPI libraries over a network (on others the switch is lower and the first range
// averages both protocols).
constexpr int kEager = 1 << 16;

// The least round-trip time of `reps` exchanges of `bytes` (the root's view; the partner
// echoes).
double round_trip(MPI_Comm comm, int peer, bool root, int bytes, int reps, std::vector<char>& buf, int& status) {
  double best = 1e30;
  for (int r = 0; r < reps && status == MPI_SUCCESS; ++r) {
    const double t0 = PMPI_Wtime();
    if (root) {
      status = PMPI_Send(buf.data(), bytes, MPI_BYTE, peer, kCalibrationTag, comm);
      if (status == MPI_SUCCESS)
        status = PMPI_Recv(buf.data(), bytes, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE);
    } else {
      status = PMPI_Recv(buf.data(), bytes, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE);
      if (status == MPI_SUCCESS) status = PMPI_Send(buf.data(), bytes, MPI_BYTE, peer, kCalibrationTag, comm);
    }
    best = std::min(best, PMPI_Wtime() - t0);
  }
  return best;
}

// The least time of `kStream` back-to-back 8-byte messages and a 1-byte acknowledgement.
double stream(MPI_Comm comm, int peer, bool root, std::vector<char>& buf, int& status) {
  double best = 1e30;
  for (int r = 0; r < kStreamReps && status == MPI_SUCCESS; ++r) {
    const double t0 = PMPI_Wtime();
    for (int m = 0; m < kStream && status == MPI_SUCCESS; ++m)
      status = root ? PMPI_Send(buf.data(), 8, MPI_BYTE, peer, kCalibrationTag, comm)
                    : PMPI_Recv(buf.data(), 8, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE);
    if (status == MPI_SUCCESS)
      status = root ? PMPI_Recv(buf.data(), 1, MPI_BYTE, peer, kCalibrationTag, comm, MPI_STATUS_IGNORE)
                    : PMPI_Send(buf.data(), 1, MPI_BYTE, peer, kCalibrationTag, comm);
    best = std::min(best, PMPI_Wtime() - t0);
  }
  return best;
}

}  // namespace

api::Network calibrate(MPI_Comm comm, int root, int partner, int& status) {
  status = MPI_SUCCESS;
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  if (rank != root && rank != partner) return {};
  const bool is_root = rank == root;
  const int peer = is_root ? partner : root;
  std::vector<char> buf(kLarge, 0);
  const double small = round_trip(comm, peer, is_root, 8, kSmallReps, buf, status);
  const double below = round_trip(comm, peer, is_root, kEager / 2, kSmallReps, buf, status);
  const double from = round_trip(comm, peer, is_root, kEager, kSmallReps, buf, status);
  const double large = round_trip(comm, peer, is_root, kLarge, kLargeReps, buf, status);
  const double streamed = stream(comm, peer, is_root, buf, status);
  api::Network net;
  net.latency = small / 2;
  net.gap_per_byte = std::max(0.0, (below - small) / 2 / (kEager / 2 - 8));
  net.gap = std::max(0.0, (streamed - small) / (kStream - 1));
  api::NetworkRange eager_off{kEager, 0, 0, net.gap, 0};
  eager_off.gap_per_byte = std::max(0.0, (large - from) / 2 / (kLarge - kEager));
  eager_off.latency = std::max(0.0, from / 2 - kEager * eager_off.gap_per_byte);
  net.ranges = {eager_off};
  return net;
}

}  // namespace blockcast::bcast
