// The pipelined binary tree baseline (see baseline_program.hpp).
#include "baseline_program.hpp"

namespace blockcast {

api::RankProgram binary_tree_program(std::int64_t P, std::int64_t items, std::int64_t rank) {
  api::RankProgram p;
  p.rank = rank;
  for (std::int64_t i = 0; i < items; ++i) {
    if (rank > 0) p.recvs.push_back({i, (rank - 1) / 2, i});
    for (std::int64_t c = 2 * rank + 1; c <= 2 * rank + 2 && c < P; ++c) p.sends.push_back({i, c, i});
  }
  return p;
}

}  // namespace blockcast
