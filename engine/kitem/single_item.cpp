// The optimal single-item tree as a k = 1 schedule (see single_item.hpp).
#include "kitem/single_item.hpp"

#include <algorithm>

#include "kitem/bounds.hpp"
#include "logp_tree.hpp"

namespace blockcast {

i64 single_item_time(int L, i64 P) {
  require_pk(P, 1);
  return broadcast_time(LogP{L, 0, 1}, P);
}

Schedule single_item_schedule(int L, i64 P) {
  require_pk(P, 1);
  const std::vector<TreeNode> tree = optimal_tree(LogP{L, 0, 1}, P);
  Schedule s;
  s.P = P, s.L = L, s.items = 1;
  s.expected_delay = completion_time(tree);
  for (size_t v = 1; v < tree.size(); ++v) {
    const TreeNode& n = tree[v];
    const i64 send = n.label - L;  // the parent sends at label - L, it arrives at label
    s.messages.push_back({static_cast<std::int32_t>(send), static_cast<std::int32_t>(n.label),
                          static_cast<std::int32_t>(n.parent), static_cast<std::int32_t>(v), 0});
  }
  std::sort(s.messages.begin(), s.messages.end(), [](const Message& a, const Message& b) {
    return a.send_step != b.send_step ? a.send_step < b.send_step : a.sender < b.sender;
  });
  return s;
}

}  // namespace blockcast
