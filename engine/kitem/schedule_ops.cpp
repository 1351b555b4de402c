// Transformations and counts of explicit k-item schedules (see schedule_ops.hpp).
#include "kitem/schedule_ops.hpp"

#include <algorithm>

namespace blockcast {

Schedule swap_in_items(const Schedule& s, int p, int q, int modulus, int residue) {
  Schedule out = s;
  for (Message& m : out.messages) {
    if (m.item % modulus != residue) continue;
    auto swap_id = [p, q](std::int32_t& x) { x = x == p ? q : x == q ? p : x; };
    swap_id(m.sender);
    swap_id(m.receiver);
  }
  sort_messages(out);
  return out;
}

std::vector<int> receptions_by_step(const Schedule& s, int step) {
  std::vector<int> n(static_cast<size_t>(s.P), 0);
  for (const Message& m : s.messages)
    if (m.recv_step <= step && m.receiver >= 0 && m.receiver < s.P) ++n[static_cast<size_t>(m.receiver)];
  return n;
}

void sort_messages(Schedule& s) {
  std::sort(s.messages.begin(), s.messages.end(), [](const Message& a, const Message& b) {
    if (a.send_step != b.send_step) return a.send_step < b.send_step;
    if (a.sender != b.sender) return a.sender < b.sender;
    return a.receiver < b.receiver;
  });
}

}  // namespace blockcast
