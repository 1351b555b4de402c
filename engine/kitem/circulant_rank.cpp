// One rank's program of the circulant schedule (see circulant_rank.hpp; issue 23, part 2).
// The receive rule is the one of circulant.cpp (largest fresh base block in the window
// (t - skip[j+1], t - skip[j]], else the base block of t - skip[j+1]), evaluated for the
// rank itself and for each of its q targets only, round by round.
#include "kitem/circulant_rank.hpp"

#include <bit>
#include <stdexcept>
#include <string>

#include "checked.hpp"

namespace blockcast {

namespace {

struct Circulant {
  i64 P = 0;
  int q = 0;
  std::vector<i64> skip;          // skip[0] = 1 .. skip[q] = P
  std::vector<std::int8_t> base;  // base block of every processor (source: q)
  i64 mod(i64 x) const { return ((x % P) + P) % P; }
};

// Base blocks by the greedy decomposition r = skip[e1] + ... + skip[b]: the first term is the
// largest skip <= r, and the rest r - skip[e1] < skip[e1] decomposes the same way, so
// base[r] = base[r - skip[e1]] (or e1 when that is 0). O(P).
Circulant make_circulant(i64 P) {
  Circulant c;
  c.P = P;
  while ((i64{1} << c.q) < P) ++c.q;
  c.skip.assign(static_cast<size_t>(c.q) + 1, P);
  for (int j = c.q - 1; j >= 0; --j) c.skip[static_cast<size_t>(j)] = (c.skip[static_cast<size_t>(j) + 1] + 1) / 2;
  c.base.assign(static_cast<size_t>(P), static_cast<std::int8_t>(c.q));
  int e = 0;
  for (i64 r = 1; r < P; ++r) {
    while (c.skip[static_cast<size_t>(e) + 1] <= r) ++e;
    const i64 rest = r - c.skip[static_cast<size_t>(e)];
    c.base[static_cast<size_t>(r)] = rest == 0 ? static_cast<std::int8_t>(e) : c.base[static_cast<size_t>(rest)];
  }
  return c;
}

// The blocks processor t != 0 receives in rounds 0..last of a phase (phase-relative: its base
// block b, or e - q < 0 for block e of the previous phase).
std::vector<int> receive_row(const Circulant& c, i64 t, int last) {
  const int q = c.q;
  std::vector<int> row;
  std::uint64_t used = std::uint64_t{1} << c.base[static_cast<size_t>(t)];
  for (int j = 0; j <= last; ++j) {
    const i64 lo = c.skip[static_cast<size_t>(j) + 1], hi = c.skip[static_cast<size_t>(j)];
    std::uint64_t win = 0;
    i64 a = c.mod(t - lo + 1);
    for (i64 n = lo - hi; n > 0; --n) {
      win |= std::uint64_t{1} << c.base[static_cast<size_t>(a)];
      if (++a == c.P) a = 0;
    }
    const std::uint64_t fresh = win & ~used;
    const int e = fresh ? std::bit_width(fresh) - 1 : c.base[static_cast<size_t>(c.mod(t - lo))];
    if (used >> e & 1)
      throw std::logic_error("circulant rank: no block for rank " + std::to_string(t) + " in round " + std::to_string(j));
    used |= std::uint64_t{1} << e;
    row.push_back(e == q ? c.base[static_cast<size_t>(t)] : e - q);
  }
  return row;
}

// Item of phase-relative block v received in round j of a phase by a processor that got a
// block >= k-1 before (had_last), for the message at `round`; -1: no message.
i64 item_of(i64 v, i64 round, int q, i64 k, i64 skipped, bool had_last) {
  const i64 item = v + round / q * q - skipped;
  if (item < 0) return -1;
  if (item >= k - 1) return had_last ? -1 : k - 1;
  return item;
}

}  // namespace

CirculantRankProgram circulant_rank_program(i64 P, i64 k, i64 rank) {
  if (P < 2 || P > INT32_MAX || k < 1 || rank < 0 || rank >= P)
    throw InputError("circulant rank program: needs 2 <= P < 2^31, k >= 1, 0 <= rank < P (P=" + std::to_string(P) +
                     ", k=" + std::to_string(k) + ", rank=" + std::to_string(rank) + ")");
  const Circulant c = make_circulant(P);
  const int q = c.q;
  const i64 skipped = (q - (k - 1) % q) % q;
  // Per round j of a phase: what the rank receives, and what its target t_j receives
  // (with whether t_j got a block >= 0, i.e. k-1 in the last phase, in an earlier round).
  std::vector<int> own = rank == 0 ? std::vector<int>() : receive_row(c, rank, q - 1);
  std::vector<int> target_block(static_cast<size_t>(q), 0);
  std::vector<bool> target_had(static_cast<size_t>(q), false), target_none(static_cast<size_t>(q), false);
  for (int j = 0; j < q; ++j) {
    const i64 t = c.mod(rank + c.skip[static_cast<size_t>(j)]);
    if (t == 0) {
      target_none[static_cast<size_t>(j)] = true;
      continue;
    }
    const std::vector<int> row = receive_row(c, t, j);
    target_block[static_cast<size_t>(j)] = row.back();
    for (int jj = 0; jj < j; ++jj) target_had[static_cast<size_t>(j)] = target_had[static_cast<size_t>(j)] || row[static_cast<size_t>(jj)] >= 0;
  }
  CirculantRankProgram out;
  out.P = P, out.k = k, out.rank = rank, out.time = k - 1 + q;
  bool had_last = false;
  const i64 last_phase = (k - 1 + skipped) / q;  // blocks >= k-1 arrive in this phase only
  for (i64 step = 0; step < out.time; ++step) {
    const i64 round = step + skipped;
    const int j = static_cast<int>(round % q);
    const bool in_last = round / q == last_phase;
    if (rank != 0) {
      const i64 item = item_of(own[static_cast<size_t>(j)], round, q, k, skipped, had_last);
      if (item >= 0) out.receives.push_back({step, c.mod(rank - c.skip[static_cast<size_t>(j)]), item});
      had_last = had_last || item == k - 1;
    }
    if (!target_none[static_cast<size_t>(j)]) {
      const i64 item = item_of(target_block[static_cast<size_t>(j)], round, q, k, skipped,
                               in_last && target_had[static_cast<size_t>(j)]);
      if (item >= 0) out.sends.push_back({step, c.mod(rank + c.skip[static_cast<size_t>(j)]), item});
    }
  }
  return out;
}

}  // namespace blockcast
