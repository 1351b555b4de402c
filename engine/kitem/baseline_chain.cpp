// Chain pipeline: the linear pipeline 0 -> 1 -> ... -> P-1, item after item.
// What MPICH and Open MPI run as the pipelined chain broadcast (Open MPI
// ompi_coll_base_bcast_intra_chain with one chain, segment = item; Traff, "A simple, pipelined
// algorithm for large, irregular all-gather problems", and the textbook linear pipeline).
// Postal model: processor p receives item i at step i + pL and forwards it in the same step,
// so nobody ever waits for a port and the greedy builder reproduces the textbook schedule:
// time = (k - 1) + (P - 1) L (L = 1: P - 2 + k).
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"

namespace blockcast {

Schedule chain_pipeline(int L, std::int64_t P, std::int64_t k) {
  BaselineBuilder b(L, P, k);
  for (std::int64_t i = 0; i < k; ++i)
    for (std::int64_t p = 0; p + 1 < P; ++p) b.send(p, p + 1, i);
  return std::move(b).finish();
}

}  // namespace blockcast
