// Per-rank programs (see rank_program.hpp).
#include "rank_program.hpp"

#include <algorithm>
#include <tuple>

namespace blockcast {

RankProgram block_cyclic_program(const Schedule& s, std::int64_t rank) {
  std::vector<Message> sends, recvs;
  for (const Message& m : s.messages) {
    if (m.sender == rank) sends.push_back(m);
    if (m.receiver == rank) recvs.push_back(m);
  }
  std::stable_sort(sends.begin(), sends.end(), [](const Message& a, const Message& b) {
    return std::tie(a.send_step, a.receiver) < std::tie(b.send_step, b.receiver);
  });
  std::stable_sort(recvs.begin(), recvs.end(),
                   [](const Message& a, const Message& b) { return a.recv_step < b.recv_step; });
  RankProgram p;
  for (const Message& m : sends) p.sends.push_back({m.receiver, m.item});
  for (const Message& m : recvs) p.recvs.push_back({m.sender, m.item});
  return p;
}

RankProgram binary_tree_program(std::int64_t P, std::int64_t items, std::int64_t rank) {
  RankProgram p;
  for (std::int64_t i = 0; i < items; ++i) {
    const auto item = static_cast<std::int32_t>(i);
    if (rank > 0) p.recvs.push_back({static_cast<std::int32_t>((rank - 1) / 2), item});
    for (std::int64_t c = 2 * rank + 1; c <= 2 * rank + 2 && c < P; ++c)
      p.sends.push_back({static_cast<std::int32_t>(c), item});
  }
  return p;
}

}  // namespace blockcast
