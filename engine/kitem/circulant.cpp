// Träff's circulant-graph k-item broadcast for L = 1 (see circulant.hpp).
#include "kitem/circulant.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "expand.hpp"
#include "kitem/bounds.hpp"

namespace blockcast {

namespace {

int ceil_log2(i64 P) {
  int q = 0;
  while ((i64{1} << q) < P) ++q;
  return q;
}

// Base blocks of every processor by the greedy decomposition r = skip[e1] + ... + skip[b]
// from the largest skip down (the last index used is r's base block): the first term is the
// largest skip <= r, and the rest r - skip[e1] < skip[e1+1] - skip[e1] <= skip[e1] decomposes
// the same way, so base[r] = base[r - skip[e1]], or e1 when that is 0. O(P).
std::vector<std::int8_t> base_blocks(i64 P, const std::vector<i64>& skip, int q) {
  std::vector<std::int8_t> base(static_cast<size_t>(P), static_cast<std::int8_t>(q));
  int e = 0;
  for (i64 r = 1; r < P; ++r) {
    while (skip[static_cast<size_t>(e) + 1] <= r) ++e;
    const i64 rest = r - skip[static_cast<size_t>(e)];
    base[static_cast<size_t>(r)] = rest == 0 ? static_cast<std::int8_t>(e) : base[static_cast<size_t>(rest)];
  }
  return base;
}

// out[a] = OR of mask[(a + t) mod P] for t in 0..w-1, for every a in 0..P-1: the window
// is cut by the blocks of w consecutive positions into a suffix of one block and a prefix of
// the next, each precomputed (O(P + w) instead of O(P w)). pre and suf are scratch.
void window_or(const std::vector<std::uint32_t>& mask, i64 w, std::vector<std::uint32_t>& pre,
               std::vector<std::uint32_t>& suf, std::vector<std::uint32_t>& out) {
  const i64 P = static_cast<i64>(mask.size());
  const i64 n = P + w - 1;
  auto at = [&](i64 i) { return mask[static_cast<size_t>(i < P ? i : i - P)]; };
  pre.resize(static_cast<size_t>(n)), suf.resize(static_cast<size_t>(n)), out.resize(static_cast<size_t>(P));
  // Blocks [b w, b w + w) of 0..n-1: pre is the OR from a block's start, suf to its end
  // (or to n - 1 in the last, partial block).
  for (i64 b = 0; b < n; b += w) {
    const i64 e = std::min(n, b + w);
    std::uint32_t acc = 0;
    for (i64 i = b; i < e; ++i) pre[static_cast<size_t>(i)] = acc |= at(i);
    acc = 0;
    for (i64 i = e - 1; i >= b; --i) suf[static_cast<size_t>(i)] = acc |= at(i);
  }
  for (i64 a = 0; a < P; ++a) out[static_cast<size_t>(a)] = suf[static_cast<size_t>(a)] | pre[static_cast<size_t>(a + w - 1)];
}

}  // namespace

CirculantPhase circulant_phase(i64 P) {
  if (P < 2 || P > INT32_MAX) throw InputError("circulant schedule: P must be in 2..2^31-1, got " + std::to_string(P));
  CirculantPhase c;
  c.P = P;
  c.q = ceil_log2(P);
  const int q = c.q;
  c.skip.assign(static_cast<size_t>(q) + 1, 0);
  c.skip[static_cast<size_t>(q)] = P;
  for (int j = q - 1; j >= 0; --j) c.skip[static_cast<size_t>(j)] = (c.skip[static_cast<size_t>(j) + 1] + 1) / 2;
  c.base = base_blocks(P, c.skip, q);
  // q <= 31: the masks of blocks 0..q fit 32 bits.
  std::vector<std::uint32_t> mask(static_cast<size_t>(P)), used(static_cast<size_t>(P)), win, pre, suf;
  for (i64 r = 0; r < P; ++r) mask[static_cast<size_t>(r)] = used[static_cast<size_t>(r)] = std::uint32_t{1} << c.base[static_cast<size_t>(r)];
  c.recv.assign(static_cast<size_t>(P * q), 0);
  for (int j = 0; j < q; ++j) {
    const i64 lo = c.skip[static_cast<size_t>(j) + 1], hi = c.skip[static_cast<size_t>(j)];  // window r-lo+1 .. r-hi
    window_or(mask, lo - hi, pre, suf, win);
    for (i64 r = 1; r < P; ++r) {
      std::uint32_t& u = used[static_cast<size_t>(r)];
      const i64 first = r - lo + 1 >= 0 ? r - lo + 1 : r - lo + 1 + P;  // r - lo + 1 > -P
      const std::uint32_t fresh = win[static_cast<size_t>(first)] & ~u;
      int e = fresh ? std::bit_width(fresh) - 1 : c.base[static_cast<size_t>(first == 0 ? P - 1 : first - 1)];
      if (u >> e & 1)
        throw std::logic_error("circulant: no block for rank " + std::to_string(r) + " in round " + std::to_string(j) +
                               " (P=" + std::to_string(P) + ")");
      u |= std::uint32_t{1} << e;
      c.recv[static_cast<size_t>(j * P + r)] =
          static_cast<std::int8_t>(e == q ? c.base[static_cast<size_t>(r)] : e - q);
    }
  }
  return c;
}

i64 circulant_time(i64 P, i64 k) {
  require_pk(P, k);
  return k - 1 + ceil_log2(P);
}

CirculantSchedule circulant_implicit(i64 P, i64 k) {
  require_pk(P, k);
  CirculantSchedule s;
  s.phase = circulant_phase(P);
  s.k = k;
  s.skipped = (s.phase.q - (k - 1) % s.phase.q) % s.phase.q;
  return s;
}

void circulant_step_messages(const CirculantSchedule& s, i64 step, std::vector<std::uint8_t>& has_last,
                             std::vector<Message>& out) {
  out.clear();
  const CirculantPhase& c = s.phase;
  const i64 P = c.P, q = c.q, k = s.k;
  const i64 round = step + s.skipped;
  const int j = static_cast<int>(round % q);
  const i64 shift = round / q * q - s.skipped;  // phase offset of every block, in items
  const i64 skip = c.skip[static_cast<size_t>(j)];
  const auto send = static_cast<std::int32_t>(step);
  const std::int8_t* row = c.recv.data() + static_cast<size_t>(j) * static_cast<size_t>(P);
  // Receivers skip..P-1, then 1..skip-1: their senders 0..P-1-skip, then P-skip+1..P-1, in order.
  auto emit = [&](i64 r) {
    i64 item = row[r] + shift;
    if (item < 0) return;  // a block before item 0: no message
    if (item >= k - 1) {
      if (has_last[static_cast<size_t>(r)]) return;
      has_last[static_cast<size_t>(r)] = 1;
      item = k - 1;
    }
    const i64 sender = r >= skip ? r - skip : r - skip + P;
    out.push_back(Message{send, send + 1, static_cast<std::int32_t>(sender), static_cast<std::int32_t>(r),
                          static_cast<std::int32_t>(item)});
  };
  for (i64 r = skip; r < P; ++r) emit(r);
  for (i64 r = 1; r < skip; ++r) emit(r);  // nobody sends to the source
}

Schedule circulant_schedule(i64 P, i64 k) {
  require_pk(P, k);
  if ((P - 1) > kMaxScheduleEvents / k)
    throw InputError("circulant schedule: (P-1)*k = " + std::to_string(P - 1) + "*" + std::to_string(k) +
                     " messages exceed the explicit-schedule limit " + std::to_string(kMaxScheduleEvents));
  const CirculantSchedule c = circulant_implicit(P, k);
  Schedule s;
  s.P = P, s.L = 1, s.items = static_cast<std::int32_t>(k);
  s.expected_delay = 0;  // items have different delays: no single delay is claimed
  s.messages.reserve(static_cast<size_t>((P - 1) * k));
  std::vector<std::uint8_t> has_last(static_cast<size_t>(P), 0);  // holds item k-1 (capped blocks repeat it)
  std::vector<Message> batch;
  for (i64 step = 0; step < c.time(); ++step) {
    circulant_step_messages(c, step, has_last, batch);
    s.messages.insert(s.messages.end(), batch.begin(), batch.end());
  }
  return s;
}

}  // namespace blockcast
