// The executor of one rank's program (executor.hpp). Why this pacing: a schedule of the
// postal model (Bar-Noy and Kipnis 1994; Karp, Sahay, Santos and Schauser 1993) assumes each
// rank hands one segment per step to the network. Posting every receive first lets a segment
// land in place whenever it arrives (no unexpected-message copies); issuing the sends in step
// order with a bounded number in flight keeps a rank from flooding its link with segments the
// schedule meant for later steps, which would delay the early ones every other rank waits
// for. A rank that is behind the schedule has several segments ready at once; starting their
// sends together makes them share the link (every one finishes late), so a send starts no
// sooner than one segment's time on the link (o + s G of LogGP, Alexandrov et al. 1995) after
// the previous one. Both defaults are measured (docs/mpi-component.md, "Window", "Spacing").
#include "executor.hpp"

#include <time.h>

#include <cstdlib>
#include <vector>

#include "tags.hpp"

namespace blockcast::bcast {

namespace {

// The best of 1, 2, 4, ..., 64 and no limit in interleaved runs of tests/mpi/bcast_window.c
// (P = 4, 6, 8; 64 KiB to 8 MiB): best or within 10% of the best in 10 of 15 cases, and the
// best geometric mean (docs/mpi-component.md, "Window"). With the spacing, 16 is also the
// best or within 1% of it in SMPI (docs/mpi-component.md, "Spacing").
constexpr int kDefaultWindow = 16;

int world_peer(std::int64_t relative, int root, int P) { return static_cast<int>((relative + root) % P); }

// Lets time pass until `deadline` (PMPI_Wtime seconds). Under SMPI (its helpers header is
// forced into every source) nanosleep is the simulated clock's sleep: a busy loop would spin
// at one simulated instant. Under a real MPI the wait is a few microseconds, shorter than a
// sleep's timer slack, so it spins, testing `progress` so that transfers keep moving.
void wait_until(double deadline, std::vector<MPI_Request>& progress) {
#ifdef SMPI_HELPERS_H
  (void)progress;
  const double rest = deadline - PMPI_Wtime();
  if (rest <= 0) return;
  const auto whole = static_cast<time_t>(rest);
  const timespec span{whole, static_cast<long>((rest - static_cast<double>(whole)) * 1e9)};
  nanosleep(&span, nullptr);
#else
  int done = 0;
  while (PMPI_Wtime() < deadline)
    PMPI_Testall(static_cast<int>(progress.size()), progress.data(), &done, MPI_STATUSES_IGNORE);
#endif
}

}  // namespace

Pacing pacing_of(const api::Network& network, const Segments& segments, int window) {
  // The parameters of this segment size: with a size-dependent network (an eager range below a
  // rendezvous one) the small range's G would space large segments too far apart.
  const api::NetworkRange r = network.range_for(segments.segment_bytes);
  return {window, r.overhead + static_cast<double>(segments.segment_bytes) * r.gap_per_byte};
}

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
            MPI_Comm comm, const Pacing& pacing) {
  std::vector<MPI_Request> recvs(program.recvs.size(), MPI_REQUEST_NULL);
  std::vector<MPI_Request> sends(program.sends.size(), MPI_REQUEST_NULL);
  // recv_of[segment]: the receive that brings it, or none (the root holds every segment).
  std::vector<std::size_t> recv_of(static_cast<std::size_t>(segments.count), recvs.size());
  int status = MPI_SUCCESS;
  for (std::size_t n = 0; n < recvs.size() && status == MPI_SUCCESS; ++n) {
    const api::Transfer& r = program.recvs[n];
    recv_of[static_cast<std::size_t>(r.item)] = n;
    status = PMPI_Irecv(data + segments.begin(r.item), segments.length(r.item), MPI_BYTE, world_peer(r.peer, root, P),
                        segment_tag(r.item), comm, &recvs[n]);
  }
  const auto window = static_cast<std::size_t>(pacing.window);
  double last_start = 0;
  for (std::size_t n = 0; n < sends.size() && status == MPI_SUCCESS; ++n) {
    const api::Transfer& s = program.sends[n];
    if (window > 0 && n >= window) status = PMPI_Wait(&sends[n - window], MPI_STATUS_IGNORE);
    if (const std::size_t r = recv_of[static_cast<std::size_t>(s.item)]; r < recvs.size() && status == MPI_SUCCESS)
      status = PMPI_Wait(&recvs[r], MPI_STATUS_IGNORE);  // a no-op once completed
    // Only waits for time: every request it waited for above is already complete.
    if (n > 0 && pacing.send_seconds > 0) wait_until(last_start + pacing.send_seconds, recvs);
    last_start = PMPI_Wtime();
    if (status == MPI_SUCCESS)
      status = PMPI_Isend(data + segments.begin(s.item), segments.length(s.item), MPI_BYTE, world_peer(s.peer, root, P),
                          segment_tag(s.item), comm, &sends[n]);
  }
  // Complete every request, also after a failure, so none outlives the call.
  const int recv_status = PMPI_Waitall(static_cast<int>(recvs.size()), recvs.data(), MPI_STATUSES_IGNORE);
  const int send_status = PMPI_Waitall(static_cast<int>(sends.size()), sends.data(), MPI_STATUSES_IGNORE);
  if (status == MPI_SUCCESS) status = recv_status;
  if (status == MPI_SUCCESS) status = send_status;
  return status;
}

}  // namespace blockcast::bcast
