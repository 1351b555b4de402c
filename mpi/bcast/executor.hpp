// Runs one rank's program of a broadcast schedule over the segments of a message
// (docs/mpi-component.md, "Executor"): the postal model's steps (Bar-Noy and Kipnis 1994)
// become an order, not a clock. Receives are all posted first; sends are issued in step
// order, each only after the receive of the segment it forwards completed, with at most
// `window` sends in flight (BLOCKCAST_BCAST_WINDOW) and at least one segment's time on the
// link between the starts of two sends. Every request is completed on return.
#pragma once
#include <mpi.h>

#include <algorithm>
#include <blockcast/plan.hpp>
#include <blockcast/program.hpp>
#include <cstdint>
#include <string>

namespace blockcast::bcast {

// Segment i of an n-byte message is bytes [i * segment_bytes, min((i + 1) * segment_bytes, n)).
struct Segments {
  std::int64_t bytes = 0, count = 1, segment_bytes = 0;
  std::int64_t begin(std::int64_t i) const { return std::min(bytes, i * segment_bytes); }
  int length(std::int64_t i) const { return static_cast<int>(std::min(bytes, (i + 1) * segment_bytes) - begin(i)); }
};

// The segments of `bytes` for `count` segments: ceil(bytes / count) bytes each.
inline Segments segments_of(std::int64_t bytes, std::int64_t count) {
  return {bytes, count, count > 0 ? (bytes + count - 1) / count : bytes};
}

// How one rank paces its sends: the same on every rank of a call.
struct Pacing {
  int window = 0;           // sends in flight at most; 0 = no limit
  double send_seconds = 0;  // least time between the starts of two sends; 0 = none
};

// The pacing for `segments` on the plan's network: send_seconds = o + s G, the time one
// segment of s bytes occupies the sender's link.
Pacing pacing_of(const api::Network& network, const Segments& segments, int window);

// Follows `program` (root-relative ranks: peer q is rank (q + root) % P of `comm`) on
// `data`, paced by `pacing`. Returns an MPI error code.
int execute(const api::RankProgram& program, const Segments& segments, unsigned char* data, int root, int P,
            MPI_Comm comm, const Pacing& pacing);

// BLOCKCAST_BCAST_WINDOW (an integer 0..2^20; 0 = no limit), or the measured default when
// unset or malformed (then `error` says why in one line).
int window_from_environment(std::string& error);

}  // namespace blockcast::bcast
