// The explicit expansion as it was before the template rewrite of engine/expand.cpp
// (commit 49643de): per item, every sender and receiver slot is generated, sorted by
// (step, processor) and paired in order; then all messages are sorted by (send step,
// sender). Slow but literal; tests require the fast expansion to reproduce it message for
// message (tests/test_replay.cpp).
#pragma once
#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "expand.hpp"

namespace blockcast::reference {


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

inline i64 mod(i64 v, i64 r) { return ((v % r) + r) % r; }

// Stable counting sort of `v` by key(v) in [lo, hi], or std::stable_sort when the range is
// much wider than the data (hand-written assignments). Expansion is on the simulator's path
// for every printed witness, so it must stay linear: the sorts below were 60% of a replay.
template <class T, class Key>
void counting_sort(std::vector<T>& v, std::vector<T>& buf, std::vector<std::uint32_t>& cnt, Key key) {
  if (v.size() < 2) return;
  i64 lo = INT64_MAX, hi = INT64_MIN;
  for (const T& e : v) lo = std::min<i64>(lo, key(e)), hi = std::max<i64>(hi, key(e));
  if (hi - lo > 4 * static_cast<i64>(v.size()) + 1024) {
    std::stable_sort(v.begin(), v.end(), [&](const T& a, const T& b) { return key(a) < key(b); });
    return;
  }
  cnt.assign(static_cast<size_t>(hi - lo + 2), 0);
  for (const T& e : v) ++cnt[static_cast<size_t>(key(e) - lo + 1)];
  for (size_t b = 1; b < cnt.size(); ++b) cnt[b] += cnt[b - 1];
  buf.resize(v.size());
  for (const T& e : v) buf[cnt[static_cast<size_t>(key(e) - lo)]++] = e;
  v.swap(buf);
}

// Slots by (step, proc): by step (stable), then each step's run by processor. Runs are
// almost sorted already (blocks are visited in processor order), so the second pass is
// mostly a check.
inline void sort_slots(std::vector<Slot>& v, std::vector<Slot>& buf, std::vector<std::uint32_t>& cnt) {
  counting_sort(v, buf, cnt, [](const Slot& s) { return s.step; });
  for (size_t a = 0; a < v.size();) {
    size_t b = a + 1;
    while (b < v.size() && v[b].step == v[a].step) ++b;
    if (!std::is_sorted(v.begin() + static_cast<std::ptrdiff_t>(a), v.begin() + static_cast<std::ptrdiff_t>(b)))
      std::sort(v.begin() + static_cast<std::ptrdiff_t>(a), v.begin() + static_cast<std::ptrdiff_t>(b));
    a = b;
  }
}

inline std::vector<BlockLayout> layout(const Assignment& a) {
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
inline void require_matching(const std::vector<Slot>& send, const std::vector<Slot>& recv, i64 item,
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

inline Schedule old_expand(const Assignment& a, i64 k) {
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

  std::vector<Slot> send, recv, buf;
  std::vector<std::uint32_t> cnt;
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
    sort_slots(send, buf, cnt);
    sort_slots(recv, buf, cnt);
    require_matching(send, recv, i, a.L);
    for (size_t n = 0; n < send.size(); ++n)
      sched.messages.push_back({static_cast<std::int32_t>(send[n].step),
                                static_cast<std::int32_t>(recv[n].step + a.L),
                                static_cast<std::int32_t>(send[n].proc),
                                static_cast<std::int32_t>(recv[n].proc),
                                static_cast<std::int32_t>(i)});
  }
  // Order by (send step, sender): sender first, then step, each pass stable. A sender has
  // one message per step in a consistent assignment; ties (an inconsistent one) keep the
  // generation order (item, then receiver).
  std::vector<Message> mbuf;
  counting_sort(sched.messages, mbuf, cnt, [](const Message& m) { return static_cast<i64>(m.sender); });
  counting_sort(sched.messages, mbuf, cnt, [](const Message& m) { return static_cast<i64>(m.send_step); });
  return sched;
}

}  // namespace blockcast::reference
