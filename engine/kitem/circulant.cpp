// Träff's circulant-graph k-item broadcast for L = 1 (see circulant.hpp; issue 23).
#include "kitem/circulant.hpp"

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

// Greedy decomposition r = skip[e1] + ... + skip[b] from the largest skip down; the last
// index used is r's base block. skip[j+1] <= 2 skip[j] makes the remainder drop below skip[j]
// after index j, so the greedy always ends at 0.
int base_block(i64 r, const std::vector<i64>& skip, int q) {
  if (r == 0) return q;
  for (int j = q - 1; j >= 0; --j) {
    if (r < skip[static_cast<size_t>(j)]) continue;
    r -= skip[static_cast<size_t>(j)];
    if (r == 0) return j;
  }
  throw std::logic_error("circulant: greedy decomposition of a rank does not end at 0");
}

// or_from[a] = OR of mask[(a + t) mod P] for t in 0..w-1, for every a in 0..P-1: the window
// is cut by the blocks of w consecutive positions into a suffix of one block and a prefix of
// the next, each precomputed (O(P + w) instead of O(P w)).
std::vector<std::uint64_t> window_or(const std::vector<std::uint64_t>& mask, i64 w) {
  const i64 P = static_cast<i64>(mask.size());
  const i64 n = P + w - 1;
  auto at = [&](i64 i) { return mask[static_cast<size_t>(i % P)]; };
  std::vector<std::uint64_t> pre(static_cast<size_t>(n)), suf(static_cast<size_t>(n));
  for (i64 i = 0; i < n; ++i) pre[static_cast<size_t>(i)] = (i % w == 0 ? 0 : pre[static_cast<size_t>(i - 1)]) | at(i);
  for (i64 i = n - 1; i >= 0; --i)
    suf[static_cast<size_t>(i)] = (i % w == w - 1 || i == n - 1 ? 0 : suf[static_cast<size_t>(i + 1)]) | at(i);
  std::vector<std::uint64_t> out(static_cast<size_t>(P));
  for (i64 a = 0; a < P; ++a) out[static_cast<size_t>(a)] = suf[static_cast<size_t>(a)] | pre[static_cast<size_t>(a + w - 1)];
  return out;
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
  c.base.resize(static_cast<size_t>(P));
  std::vector<std::uint64_t> mask(static_cast<size_t>(P)), used(static_cast<size_t>(P));
  for (i64 r = 0; r < P; ++r) {
    const int b = base_block(r, c.skip, q);
    c.base[static_cast<size_t>(r)] = static_cast<std::int8_t>(b);
    mask[static_cast<size_t>(r)] = used[static_cast<size_t>(r)] = std::uint64_t{1} << b;
  }
  c.recv.assign(static_cast<size_t>(P * q), 0);
  for (int j = 0; j < q; ++j) {
    const i64 lo = c.skip[static_cast<size_t>(j) + 1], hi = c.skip[static_cast<size_t>(j)];  // window r-lo+1 .. r-hi
    const std::vector<std::uint64_t> win = window_or(mask, lo - hi);
    for (i64 r = 1; r < P; ++r) {
      std::uint64_t& u = used[static_cast<size_t>(r)];
      const std::uint64_t fresh = win[static_cast<size_t>((r - lo + 1 + P) % P)] & ~u;
      int e = fresh ? std::bit_width(fresh) - 1 : c.base[static_cast<size_t>((r - lo + P) % P)];
      if (u >> e & 1)
        throw std::logic_error("circulant: no block for rank " + std::to_string(r) + " in round " + std::to_string(j) +
                               " (P=" + std::to_string(P) + ")");
      u |= std::uint64_t{1} << e;
      c.recv[static_cast<size_t>(r * q + j)] =
          static_cast<std::int8_t>(e == q ? c.base[static_cast<size_t>(r)] : e - q);
    }
  }
  return c;
}

i64 circulant_time(i64 P, i64 k) {
  require_pk(P, k);
  return k - 1 + ceil_log2(P);
}

Schedule circulant_schedule(i64 P, i64 k) {
  require_pk(P, k);
  if ((P - 1) > kMaxScheduleEvents / k)
    throw InputError("circulant schedule: (P-1)*k = " + std::to_string(P - 1) + "*" + std::to_string(k) +
                     " messages exceed the explicit-schedule limit " + std::to_string(kMaxScheduleEvents));
  const CirculantPhase c = circulant_phase(P);
  const int q = c.q;
  Schedule s;
  s.P = P, s.L = 1, s.items = static_cast<std::int32_t>(k);
  s.expected_delay = 0;  // items have different delays: no single delay is claimed
  s.messages.reserve(static_cast<size_t>((P - 1) * k));
  std::vector<bool> has_last(static_cast<size_t>(P), false);  // holds item k-1 (capped blocks repeat it)
  const i64 skipped = (q - (k - 1) % q) % q;  // virtual rounds before step 0
  for (i64 round = skipped; round < k - 1 + q + skipped; ++round) {
    const int j = static_cast<int>(round % q);
    const i64 shift = round / q * q - skipped;  // phase offset of every block, in items
    const i64 step = round - skipped;
    for (i64 sender = 0; sender < P; ++sender) {
      const i64 r = (sender + c.skip[static_cast<size_t>(j)]) % P;
      if (r == 0) continue;  // nobody sends to the source
      i64 item = c.received(r, j) + shift;
      if (item < 0) continue;  // a block before item 0: no message
      if (item >= k - 1) {
        if (has_last[static_cast<size_t>(r)]) continue;
        has_last[static_cast<size_t>(r)] = true;
        item = k - 1;
      }
      s.messages.push_back(Message{static_cast<std::int32_t>(step), static_cast<std::int32_t>(step + 1),
                                   static_cast<std::int32_t>(sender), static_cast<std::int32_t>(r),
                                   static_cast<std::int32_t>(item)});
    }
  }
  return s;
}

}  // namespace blockcast
