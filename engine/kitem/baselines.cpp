// The list of k-item baselines and the dispatch to their generators (baselines.hpp).
#include "kitem/baselines.hpp"

#include <string>

#include "checked.hpp"
#include "kitem/bounds.hpp"

namespace blockcast {

const std::vector<BaselineInfo>& baselines() {
  static const std::vector<BaselineInfo> kList = {
      {BaselineKind::chain, "chain", "linear pipeline (MPICH/Open MPI pipelined chain bcast)"},
      {BaselineKind::binomial, "binomial", "segmented binomial tree (MPICH binomial, Open MPI bcast_intra_binomial)"},
      {BaselineKind::split_binary, "split-binary", "split binary tree (Open MPI bcast_intra_split_bintree)"},
      {BaselineKind::scatter_allgather, "scatter-allgather", "binomial scatter + ring allgather (van de Geijn; MPICH scatter_ring_allgather)"},
      {BaselineKind::two_tree, "two-tree", "two binary trees (Sanders, Speck, Traff 2009)"},
  };
  return kList;
}

Schedule baseline_schedule(BaselineKind kind, int L, std::int64_t P, std::int64_t k) {
  if (L < 1) throw InputError("L must be >= 1");
  require_pk(P, k);
  switch (kind) {
    case BaselineKind::chain: return chain_pipeline(L, P, k);
    case BaselineKind::binomial: return binomial_pipeline(L, P, k);
    case BaselineKind::split_binary: return split_binary_tree(L, P, k);
    case BaselineKind::scatter_allgather: return scatter_allgather(L, P, k);
    case BaselineKind::two_tree: return two_tree(L, P, k);
  }
  throw InputError("unknown baseline");
}

}  // namespace blockcast
