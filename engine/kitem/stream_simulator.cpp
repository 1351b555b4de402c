// Streaming postal-model replay (see stream_simulator.hpp; SPEC Sec. 1-2).
// Per step: receptions that have arrived by the step are applied first (a processor may
// forward an item in the step it arrives), then the step's sends are checked against what
// each sender holds; their receptions wait in a queue ordered by arrival step (steps never
// decrease and L is fixed, so appending keeps it ordered).
#include "kitem/stream_simulator.hpp"

#include <algorithm>
#include <bit>

#include "checked.hpp"

namespace blockcast {

StreamSimulator::StreamSimulator(std::int64_t P, int L, std::int64_t items) : P_(P), items_(items), L_(L) {
  if (P < 2 || L < 1 || items < 1 || items > INT32_MAX || P > INT32_MAX)
    throw InputError("stream simulator: needs 2 <= P < 2^31, L >= 1, 1 <= items < 2^31");
  low_.assign(static_cast<size_t>(P), 0);
  window_.assign(static_cast<size_t>(P), 0);
  last_send_.assign(static_cast<size_t>(P), -1);
  last_recv_.assign(static_cast<size_t>(P), -1);
}

void StreamSimulator::fail(const std::string& rule, std::int64_t step, std::int64_t p, std::int64_t item,
                           const std::string& why) {
  if (!res_.ok) return;
  res_.ok = false;
  res_.violation = rule + " at step " + std::to_string(step) + ", processor " + std::to_string(p) + ", item " +
                   std::to_string(item) + ": " + why;
}

void StreamSimulator::arrive_until(std::int64_t step) {
  while (pending_head_ < pending_.size() && pending_[pending_head_].step <= step) {
    const Pending& m = pending_[pending_head_++];
    const auto r = static_cast<size_t>(m.receiver);
    const std::int64_t off = m.item - static_cast<std::int64_t>(low_[r]);
    if (off < 0 || (off < 64 && (window_[r] >> off & 1))) {
      fail("received-twice", m.step, m.receiver, m.item, "the processor already holds it");
      return;
    }
    if (off >= 64) {
      fail("window", m.step, m.receiver, m.item,
           "more than 64 items ahead of the first item it lacks (" + std::to_string(low_[r]) +
               "): beyond this checker's window, not a schedule error");
      return;
    }
    std::uint64_t w = window_[r] | std::uint64_t{1} << off;
    const int n = std::countr_one(w);
    window_[r] = n == 64 ? 0 : w >> n;
    low_[r] += n;
    res_.last_step = std::max(res_.last_step, m.step);
  }
  // Drop the applied prefix now and then so the queue stays O(L P).
  if (pending_head_ > 4096 && pending_head_ * 2 > pending_.size()) {
    pending_.erase(pending_.begin(), pending_.begin() + static_cast<std::ptrdiff_t>(pending_head_));
    pending_head_ = 0;
  }
}

bool StreamSimulator::holds(std::int64_t p, std::int64_t item, std::int64_t step) const {
  if (p == 0) return item <= step;  // the source creates item i at step i
  const std::int64_t off = item - static_cast<std::int64_t>(low_[static_cast<size_t>(p)]);
  return off < 0 || (off < 64 && (window_[static_cast<size_t>(p)] >> off & 1));
}

bool StreamSimulator::feed(std::int64_t send_step, const Message* ms, std::size_t n) {
  if (!res_.ok) return false;
  if (send_step < prev_step_ || send_step < 0) {
    fail("bad-message", send_step, 0, 0, "send steps must come in non-decreasing order from 0");
    return false;
  }
  prev_step_ = send_step;
  arrive_until(send_step);
  for (const Message* m = ms, *e = ms + n; m != e && res_.ok; ++m) {
    const std::int64_t s = m->sender, r = m->receiver, x = m->item;
    if (s < 0 || s >= P_ || r < 1 || r >= P_ || x < 0 || x >= items_ || m->send_step != send_step) {
      fail("bad-message", send_step, s, x,
           "message " + std::to_string(s) + " -> " + std::to_string(r) + " at step " + std::to_string(m->send_step) +
               " is outside processors, items or this step");
      break;
    }
    if (m->recv_step != send_step + L_) {
      fail("latency", send_step, s, x, "received at step " + std::to_string(m->recv_step) + " (L=" + std::to_string(L_) + ")");
      break;
    }
    std::int64_t& ls = last_send_[static_cast<size_t>(s)];
    if (ls == send_step) fail("two-sends-in-one-step", send_step, s, x, "a second send in this step");
    ls = send_step;
    std::int64_t& lr = last_recv_[static_cast<size_t>(r)];
    if (lr == m->recv_step) fail("two-receives-in-one-step", m->recv_step, r, x, "a second reception in this step");
    lr = m->recv_step;
    if (!holds(s, x, send_step)) fail("sends-item-not-held", send_step, s, x, "the sender does not hold it");
    pending_.push_back(Pending{static_cast<std::int32_t>(r), static_cast<std::int32_t>(x), m->recv_step});
  }
  res_.messages += static_cast<std::int64_t>(n);
  return res_.ok;
}

StreamResult StreamSimulator::finish() {
  if (res_.ok) arrive_until(INT64_MAX);
  for (std::int64_t p = 1; p < P_ && res_.ok; ++p)
    if (low_[static_cast<size_t>(p)] < items_)
      fail("not-received", res_.last_step, p, low_[static_cast<size_t>(p)], "never received");
  return res_;
}

}  // namespace blockcast
