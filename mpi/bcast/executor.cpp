// The executor of one rank's program (executor.hpp). Why this pacing: a schedule of the
// postal model (Bar-Noy and Kipnis 1994; Karp, Sahay, Santos and Schauser 1993) assumes each
// rank hands one segment per step to the network. Posting every receive first lets a segment
// land in place whenever it arrives (no unexpected-message copies); issuing the sends in step
// order with a bounded number in flight keeps a rank from flooding its link with segments the
// schedule meant for later steps, which would delay the early ones every other rank waits
// for. The window's default is the measured best (docs/mpi-component.md, "Window").
#include "executor.hpp"

#include <cstdlib>
#include <vector>

#include "tags.hpp"

namespace blockcast::bcast {

namespace {

// The best of 1, 2, 4, ..., 64 and no limit in interleaved runs of tests/mpi/bcast_window.c
// (P = 4, 6, 8; 64 KiB to 8 MiB): best or within 10% of the best in 10 of 15 cases, and the
// best geometric mean (docs/mpi-component.md, "Window").
constexpr int kDefaultWindow = 16;

int world_peer(std::int64_t relative, int root, int P) { return static_cast<int>((relative + root) % P); }

}  // namespace

int window_from_environment(std::string& error) {
  const char* text = std::getenv("BLOCKCAST_BCAST_WINDOW");
  if (text == nullptr || *text == '\0') return kDefaultWindow;
  char* end = nullptr;
  const long w = std::strtol(text, &end, 10);
  if (*end != '\0' || w < 0 || w > 1 << 20) {
    error = std::string("BLOCKCAST_BCAST_WINDOW: '") + text + "' is not an integer 0..1048576; using " +
            std::to_string(kDefaultWindow);
    return kDefaultWindow;
  }
  return static_cast<int>(w);
}

int execute(const api::RankProgram& program, const Segments& segments, unsigned char* data, int root, int P,
            MPI_Comm comm, int window) {
  std::vector<MPI_Request> recvs(program.recvs.size(), MPI_REQUEST_NULL);
  std::vector<MPI_Request> sends(program.sends.size(), MPI_REQUEST_NULL);
  // recv_of[segment]: the receive that brings it, or none (the root holds every segment).
  std::vector<std::size_t> recv_of(static_cast<std::size_t>(segments.count), recvs.size());
  int status = MPI_SUCCESS;
  for (std::size_t n = 0; n < recvs.size() && status == MPI_SUCCESS; ++n) {
    const api::Transfer& r = program.recvs[n];
    recv_of[static_cast<std::size_t>(r.item)] = n;
    status = PMPI_Irecv(data + segments.begin(r.item), segments.length(r.item), MPI_BYTE,
                        world_peer(r.peer, root, P), segment_tag(r.item), comm, &recvs[n]);
  }
  for (std::size_t n = 0; n < sends.size() && status == MPI_SUCCESS; ++n) {
    const api::Transfer& s = program.sends[n];
    if (window > 0 && n >= static_cast<std::size_t>(window))
      status = PMPI_Wait(&sends[n - static_cast<std::size_t>(window)], MPI_STATUS_IGNORE);
    if (const std::size_t r = recv_of[static_cast<std::size_t>(s.item)]; r < recvs.size() && status == MPI_SUCCESS)
      status = PMPI_Wait(&recvs[r], MPI_STATUS_IGNORE);  // a no-op once completed
    if (status == MPI_SUCCESS)
      status = PMPI_Isend(data + segments.begin(s.item), segments.length(s.item), MPI_BYTE,
                          world_peer(s.peer, root, P), segment_tag(s.item), comm, &sends[n]);
  }
  // Complete every request, also after a failure, so none outlives the call.
  const int recv_status = PMPI_Waitall(static_cast<int>(recvs.size()), recvs.data(), MPI_STATUSES_IGNORE);
  const int send_status = PMPI_Waitall(static_cast<int>(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
  if (status == MPI_SUCCESS) status = recv_status;
  if (status == MPI_SUCCESS) status = send_status;
  return status;
}

}  // namespace blockcast::bcast
