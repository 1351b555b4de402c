// Expansion of an assignment into explicit messages (see expand.hpp; SPEC Sec. 2-4).
// Work is item by item: for item i every block phase k holding letter l receives item i at
// the single step tau = i + L + T - l, on the block's processor q = (tau - k) mod r. That
// gives exactly P - 1 receptions per item without touching steps where nothing happens.
#include "expand.hpp"

#include <algorithm>
#include <string>
#include <tuple>

namespace blockcast {

namespace {

struct Slot {  // a processor sending or receiving item i, keyed by the send step
  i64 step;
  i64 proc;
  bool operator<(const Slot& o) const { return std::tie(step, proc) < std::tie(o.step, o.proc); }
};

struct BlockLayout {
  i64 first = 0;  // id of the block's processor q = 0
  int r = 1;
  std::vector<i64> phase_letter;  // phase 0: index u; phase k: w_k
};

i64 mod(i64 v, i64 r) { return ((v % r) + r) % r; }

std::vector<BlockLayout> layout(const Assignment& a) {
  std::vector<BlockLayout> out;
  i64 next = 1;
  for (const auto& b : a.blocks) {
    if (b.r < 1) throw InputError("block with r=" + std::to_string(b.r) + " cannot be expanded");
    if (static_cast<i64>(b.word.size()) != b.r - 1)
      throw InputError("block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) +
                       ") word '" + word_string(b.word) + "' must have r-1 letters to be expanded");
    BlockLayout l;
    l.r = b.r;
    l.phase_letter.push_back(b.u);
    for (Letter j : b.word) l.phase_letter.push_back(j);
    for (i64 c = 0; c < b.count; ++c) {
      l.first = next;
      out.push_back(l);
      next = checked_add(next, b.r, "processor count");
    }
  }
  return out;
}

// Senders at s and receivers (keyed by their send step s = recv - L) must pair up; report
// the first step where the counts differ.
void require_matching(const std::vector<Slot>& send, const std::vector<Slot>& recv, i64 item,
                      int L) {
  size_t a = 0, b = 0;
  while (a < send.size() || b < recv.size()) {
    i64 s = std::min(a < send.size() ? send[a].step : INT64_MAX,
                     b < recv.size() ? recv[b].step : INT64_MAX);
    i64 ns = 0, nr = 0;
    for (; a < send.size() && send[a].step == s; ++a) ++ns;
    for (; b < recv.size() && recv[b].step == s; ++b) ++nr;
    if (ns != nr)
      throw InputError("inconsistent assignment: item " + std::to_string(item) + " has " +
                       std::to_string(ns) + " sender(s) at step " + std::to_string(s) + " but " +
                       std::to_string(nr) + " receiver(s) at step " + std::to_string(s + L) +
                       " (blocks or letters do not fit the tree)");
  }
}

}  // namespace

i64 layout_processors(const Assignment& a) {
  i64 n = 2;  // source and receive-only processor
  for (const auto& b : a.blocks) n = checked_add(n, checked_mul(b.r, b.count, "processor count"));
  return n;
}

Schedule expand_assignment(const Assignment& a, i64 k) {
  if (k < 1) throw InputError("number of items must be >= 1, got " + std::to_string(k));
  const i64 P = layout_processors(a);
  if (a.P != 0 && a.P != P)
    throw InputError("assignment says P=" + std::to_string(a.P) + " but its blocks use " +
                     std::to_string(P) + " processors (with source and receive-only)");
  const i64 events = checked_mul(P, checked_add(k, a.L + a.T), "window size");
  if (events > kMaxScheduleEvents)
    throw InputError("explicit window too large: P*(k+L+T) = " + std::to_string(events) +
                     " exceeds " + std::to_string(kMaxScheduleEvents) + "; use fewer items");
  const auto blocks = layout(a);
  const i64 receive_only = P - 1;

  Schedule sched;
  sched.P = P;
  sched.L = a.L;
  sched.items = static_cast<std::int32_t>(k);
  sched.expected_delay = a.delay();
  sched.messages.reserve(static_cast<size_t>((P - 1) * k));

  std::vector<Slot> send, recv;
  for (i64 i = 0; i < k; ++i) {
    send.clear();
    recv.clear();
    const i64 end = i + a.L + a.T;  // step at which item i's broadcast ends
    send.push_back({i, 0});         // the source sends item i once, at creation
    for (const auto& bl : blocks)
      for (int ph = 0; ph < bl.r; ++ph) {
        const i64 tau = end - bl.phase_letter[ph];
        const i64 proc = bl.first + mod(tau - ph, bl.r);
        recv.push_back({tau - a.L, proc});
        if (ph == 0)  // upper case: forward to r children on r consecutive steps
          for (int m = 0; m < bl.r; ++m) send.push_back({tau + m, proc});
      }
    recv.push_back({end - a.receive_only - a.L, receive_only});
    std::sort(send.begin(), send.end());
    std::sort(recv.begin(), recv.end());
    require_matching(send, recv, i, a.L);
    for (size_t n = 0; n < send.size(); ++n)
      sched.messages.push_back({static_cast<std::int32_t>(send[n].step),
                                static_cast<std::int32_t>(recv[n].step + a.L),
                                static_cast<std::int32_t>(send[n].proc),
                                static_cast<std::int32_t>(recv[n].proc),
                                static_cast<std::int32_t>(i)});
  }
  std::sort(sched.messages.begin(), sched.messages.end(), [](const Message& x, const Message& y) {
    return std::tie(x.send_step, x.sender, x.receiver) < std::tie(y.send_step, y.sender, y.receiver);
  });
  return sched;
}

}  // namespace blockcast
