// Scatter + allgather: van de Geijn's long-message broadcast (Barnett,
// Gupta, Payne, Shuler, van de Geijn, Watts, "Interprocessor collective communication
// library (InterCom)", SHPCC 1994), as MPICH's MPIR_Bcast_intra_scatter_ring_allgather runs it:
// a binomial-tree scatter of the message, then a ring allgather.
// Items to blocks, as MPICH maps bytes: block size b = ceil(k / P), processor r owns items
// [r b, min((r+1) b, k)); when k < P (or P does not divide k) the last processors own fewer
// or no items, and an empty block costs no message.
// Scatter: the binomial tree of the binomial baseline (children r + 2^j, largest first); a
// processor sends each child the items of the blocks of the child's subtree, item by item.
// Allgather: P - 1 ring rounds; in round j processor r sends block (r - j) mod P to r + 1.
// Postal model: greedy ASAP placement (baseline_builder.hpp), scatter messages asked for
// first, then the ring round by round. Two departures, both only faster than MPI: a message
// may leave as soon as its item has arrived (MPI waits for the whole block), and the ring
// skips messages to the root and items the receiver already holds from the scatter (MPI
// sends them again; the postal model forbids receiving an item twice).
#include <algorithm>

#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"

namespace blockcast {

Schedule scatter_allgather(int L, std::int64_t P, std::int64_t k) {
  BaselineBuilder b(L, P, k);
  const std::int64_t block = (k + P - 1) / P;
  auto first = [&](std::int64_t r) { return std::min(r * block, k); };  // block r: [first(r), first(r+1))
  std::int64_t top = 1;
  while (top < P) top *= 2;
  // Scatter, breadth first over the binomial tree so every sender already holds its items.
  std::vector<std::int64_t> queue{0};
  for (size_t at = 0; at < queue.size(); ++at) {
    const std::int64_t r = queue[at];
    for (std::int64_t m = (r == 0 ? top : (r & -r)) / 2; m >= 1; m /= 2) {
      const std::int64_t c = r + m;
      if (c >= P) continue;
      for (std::int64_t i = first(c); i < first(std::min(c + m, P)); ++i) b.send(r, c, i);
      queue.push_back(c);
    }
  }
  // Ring allgather.
  for (std::int64_t j = 0; j + 1 < P; ++j)
    for (std::int64_t r = 0; r < P; ++r) {
      const std::int64_t x = ((r - j) % P + P) % P, to = (r + 1) % P;
      if (to == 0) continue;
      for (std::int64_t i = first(x); i < first(x + 1); ++i)
        if (b.held(to, i) < 0) b.send(r, to, i);
    }
  return std::move(b).finish();
}

}  // namespace blockcast
