// Greedy ASAP message placement for the k-item baselines (see baseline_builder.hpp).
#include "kitem/baseline_builder.hpp"

#include <algorithm>
#include <utility>
#include <stdexcept>
#include <string>

namespace blockcast {

BaselineBuilder::BaselineBuilder(int L, std::int64_t P, std::int64_t k)
    : L_(L), P_(P), k_(k), held_(static_cast<size_t>(P * k), -1), send_busy_(static_cast<size_t>(P)),
      recv_busy_(static_cast<size_t>(P)), first_free_send_(static_cast<size_t>(P), 0) {
  for (std::int64_t i = 0; i < k; ++i) held_[static_cast<size_t>(i)] = static_cast<std::int32_t>(i);  // source
}

std::int64_t BaselineBuilder::held(std::int64_t proc, std::int64_t item) const {
  return held_[static_cast<size_t>(proc * k_ + item)];
}

bool BaselineBuilder::free(std::vector<std::vector<bool>>& busy, std::int64_t proc, std::int64_t step) {
  std::vector<bool>& b = busy[static_cast<size_t>(proc)];
  if (static_cast<std::int64_t>(b.size()) <= step) b.resize(static_cast<size_t>(std::max<std::int64_t>(step + 1, 2 * static_cast<std::int64_t>(b.size()))), false);
  return !b[static_cast<size_t>(step)];
}

std::int64_t BaselineBuilder::send(std::int64_t sender, std::int64_t receiver, std::int64_t item, std::int64_t not_before,
                                   int parity) {
  const std::int64_t h = held(sender, item);
  if (h < 0)
    throw std::logic_error("baseline: processor " + std::to_string(sender) + " asked to send item " + std::to_string(item) +
                           " it never receives");
  if (held(receiver, item) >= 0)
    throw std::logic_error("baseline: processor " + std::to_string(receiver) + " would receive item " + std::to_string(item) + " twice");
  std::int64_t s = std::max({h, not_before, first_free_send_[static_cast<size_t>(sender)]});
  while ((parity >= 0 && s % 2 != parity) || !free(send_busy_, sender, s) || !free(recv_busy_, receiver, s + L_)) ++s;
  send_busy_[static_cast<size_t>(sender)][static_cast<size_t>(s)] = true;
  recv_busy_[static_cast<size_t>(receiver)][static_cast<size_t>(s + L_)] = true;
  std::int64_t& f = first_free_send_[static_cast<size_t>(sender)];
  while (!free(send_busy_, sender, f)) ++f;
  held_[static_cast<size_t>(receiver * k_ + item)] = static_cast<std::int32_t>(s + L_);
  messages_.push_back({static_cast<std::int32_t>(s), static_cast<std::int32_t>(s + L_), static_cast<std::int32_t>(sender),
                       static_cast<std::int32_t>(receiver), static_cast<std::int32_t>(item)});
  return s + L_;
}

Schedule BaselineBuilder::finish() && {
  Schedule out;
  out.P = P_;
  out.L = L_;
  out.items = static_cast<std::int32_t>(k_);
  std::sort(messages_.begin(), messages_.end(), [](const Message& a, const Message& b) {
    return a.send_step != b.send_step ? a.send_step < b.send_step : a.sender < b.sender;
  });
  out.messages = std::move(messages_);
  std::int64_t d = 0;  // expected_delay: the largest item delay
  std::vector<std::int64_t> last(static_cast<size_t>(k_), 0);
  for (const Message& m : out.messages) last[static_cast<size_t>(m.item)] = std::max<std::int64_t>(last[static_cast<size_t>(m.item)], m.recv_step);
  for (std::int64_t i = 0; i < k_; ++i) d = std::max(d, last[static_cast<size_t>(i)] - i);
  out.expected_delay = d;
  return out;
}

void send_down_tree(BaselineBuilder& b, const Children& children, std::int64_t root, std::int64_t item) {
  std::vector<std::int64_t> queue{root};
  for (size_t at = 0; at < queue.size(); ++at)
    for (std::int64_t c : children[static_cast<size_t>(queue[at])]) {
      b.send(queue[at], c, item);
      queue.push_back(c);
    }
}

std::vector<std::int64_t> subtree_sizes(const Children& children, std::int64_t root) {
  std::vector<std::int64_t> order{root}, size(children.size(), 1);
  for (size_t at = 0; at < order.size(); ++at)
    for (std::int64_t c : children[static_cast<size_t>(order[at])]) order.push_back(c);
  for (size_t at = order.size(); at-- > 0;)
    for (std::int64_t c : children[static_cast<size_t>(order[at])]) size[static_cast<size_t>(order[at])] += size[static_cast<size_t>(c)];
  return size;
}

std::int64_t last_reception(const Schedule& s) {
  std::int64_t t = 0;
  for (const Message& m : s.messages) t = std::max<std::int64_t>(t, m.recv_step);
  return t;
}

}  // namespace blockcast
