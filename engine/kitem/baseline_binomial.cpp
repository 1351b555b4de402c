// Binomial-tree pipeline: every item is broadcast along the binomial tree of
// MPICH's MPIR_Bcast_intra_binomial (processor r's children are r + 2^j for 2^j below r's
// lowest set bit, the root's for every 2^j < P), largest subtree first as MPICH sends them;
// the items are pipelined as in Open MPI's segmented ompi_coll_base_bcast_intra_binomial
// (segment = item, a processor serves all its children with one item before the next).
// Postal model: a processor's sends are serialised one per step and each message takes the
// earliest step with free ports (greedy, baseline_builder.hpp); receptions never collide
// (each processor has one parent). Single item: ceil(log2 P) steps for L = 1, and
// q L for P = 2^q. For P = 2^q every processor serves its <= q children within q steps, so
// items never wait for each other beyond the root's q sends: time = q (k - 1) + q L.
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"

namespace blockcast {

namespace {

Children binomial_children(std::int64_t P) {
  Children ch(static_cast<size_t>(P));
  std::int64_t top = 1;
  while (top < P) top *= 2;
  for (std::int64_t r = 0; r < P; ++r) {
    const std::int64_t low = r == 0 ? top : (r & -r);  // children below the lowest set bit
    for (std::int64_t m = low / 2; m >= 1; m /= 2)
      if (r + m < P) ch[static_cast<size_t>(r)].push_back(r + m);
  }
  return ch;
}

}  // namespace

Schedule binomial_pipeline(int L, std::int64_t P, std::int64_t k) {
  const Children ch = binomial_children(P);
  BaselineBuilder b(L, P, k);
  for (std::int64_t i = 0; i < k; ++i) send_down_tree(b, ch, 0, i);
  return std::move(b).finish();
}

}  // namespace blockcast
