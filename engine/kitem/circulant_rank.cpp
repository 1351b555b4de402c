// One rank's program of the circulant schedule (see circulant_rank.hpp): the rank's receive
// blocks and send blocks of one phase (circulant_blocks.hpp, O(log P) each), unrolled over the
// phases of k items with the truncation of circulant.cpp.
#include "kitem/circulant_rank.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

#include "checked.hpp"
#include "kitem/circulant_blocks.hpp"

namespace blockcast {

namespace {

// Item of phase-relative block v received in round j of a phase by a processor that got a
// block >= k-1 before (had_last), for the message at `round`; -1: no message.
i64 item_of(i64 v, i64 round, int q, i64 k, i64 skipped, bool had_last) {
  const i64 item = v + round / q * q - skipped;
  if (item < 0) return -1;
  if (item >= k - 1) return had_last ? -1 : k - 1;
  return item;
}

// The round of a phase in which processor t != 0 receives its base block (its only block
// >= 0 of the phase): the round j with skip[j] <= t < skip[j+1], when the source lies in its
// window (t - skip[j+1], t - skip[j]]. With skip[j] = ceil(P / 2^(q-j)), skip[j] <= t iff
// P <= t 2^(q-j): j = q - m for the least m with t 2^m >= P.
// O(1): the bit widths give m or m - 1.
int base_round(const CirculantSkips& s, i64 t) {
  int m = std::max(0, static_cast<int>(std::bit_width(static_cast<std::uint64_t>(s.P))) -
                          static_cast<int>(std::bit_width(static_cast<std::uint64_t>(t))) - 1);
  while ((t << m) < s.P) ++m;  // t >= 1, m <= q <= 31: no overflow in 64 bits
  return s.q - m;
}

}  // namespace

api::RankProgram circulant_rank_program(i64 P, i64 k, i64 rank) {
  if (P < 2 || P > INT32_MAX || k < 1 || rank < 0 || rank >= P)
    throw InputError("circulant rank program: needs 2 <= P < 2^31, k >= 1, 0 <= rank < P (P=" + std::to_string(P) +
                     ", k=" + std::to_string(k) + ", rank=" + std::to_string(rank) + ")");
  const CirculantSkips s = circulant_skips(P);
  const int q = s.q;
  auto skip = [&](int j) { return s.skip[static_cast<size_t>(j)]; };
  const i64 skipped = (q - (k - 1) % q) % q;
  const std::vector<int> own = rank == 0 ? std::vector<int>() : circulant_recv_blocks(s, rank);
  const std::vector<int> send = circulant_send_blocks(s, rank);
  // Per round j: the round in which rank + skip[j] receives its base block (q: never, the
  // target is the source and gets no message).
  std::vector<int> target_base_round(static_cast<size_t>(q), q);
  for (int j = 0; j < q; ++j)
    if (const i64 t = (rank + skip(j)) % P; t != 0) target_base_round[static_cast<size_t>(j)] = base_round(s, t);
  api::RankProgram out;
  out.rank = rank, out.L = 1;
  const i64 time = k - 1 + q;
  bool had_last = false;
  const i64 last_phase = (k - 1 + skipped) / q;  // blocks >= k-1 arrive in this phase only
  for (i64 step = 0; step < time; ++step) {
    const i64 round = step + skipped;
    const int j = static_cast<int>(round % q);
    if (rank != 0) {
      const i64 item = item_of(own[static_cast<size_t>(j)], round, q, k, skipped, had_last);
      if (item >= 0) out.recvs.push_back({step + 1, (rank - skip(j) + P) % P, item});
      had_last = had_last || item == k - 1;
    }
    const i64 target = (rank + skip(j)) % P;
    if (target == 0) continue;  // nobody sends to the source
    // The target already holds k - 1 in the last phase iff its base block came earlier.
    const bool target_had = round / q == last_phase && target_base_round[static_cast<size_t>(j)] < j;
    const i64 item = item_of(send[static_cast<size_t>(j)], round, q, k, skipped, target_had);
    if (item >= 0) out.sends.push_back({step, target, item});
  }
  return out;
}

}  // namespace blockcast
