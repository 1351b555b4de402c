// One rank's program of the circulant schedule (see circulant_rank.hpp).
// The receive rule is the one of circulant.cpp (largest fresh base block in the window
// (t - skip[j+1], t - skip[j]], else the base block of t - skip[j+1]), evaluated for the
// rank itself and for each of its q targets only, round by round; which base blocks occur in
// a window is counted from the numeration of the skips (struct Numeration), never by
// visiting its processors.
#include "kitem/circulant_rank.hpp"

#include <bit>
#include <stdexcept>
#include <string>

#include "checked.hpp"

namespace blockcast {

namespace {

// The skips and, for counting base blocks over intervals without a table of all P
// processors, F[j][e] = #{r in 1..skip[j]-1 : base(r) = e}.
//
// Base blocks come from the greedy decomposition r = skip[e1] + ... + skip[b] (the last index
// is the base block): e1 is the largest skip <= r, and the rest t = r - skip[e1] is below
// skip[e1+1] - skip[e1] <= skip[e1], so it decomposes the same way and base(r) = base(t), or
// e1 when t = 0. Hence the numbers 1..X split into 1..skip[j]-1, skip[j] itself (base j) and
// skip[j] + (1..X-skip[j]) (the bases of 1..X-skip[j]), with j the largest skip <= X: the
// count of base e in 1..X is F[j][e] + [e = j] + the count in 1..X-skip[j], q levels deep.
struct Numeration {
  i64 P = 0;
  int q = 0;
  std::vector<i64> skip;             // skip[0] = 1 .. skip[q] = P
  std::vector<std::vector<i64>> F;   // F[j][e], j = 0..q, e = 0..q-1

  i64 mod(i64 x) const { return ((x % P) + P) % P; }

  // #{r in 1..X : base(r) = e}, 0 <= X < P.
  i64 count(i64 X, int e) const {
    i64 n = 0;
    int j = q - 1;
    while (X >= 1) {
      while (skip[static_cast<size_t>(j)] > X) --j;
      n += F[static_cast<size_t>(j)][static_cast<size_t>(e)] + (e == j);
      X -= skip[static_cast<size_t>(j)];
    }
    return n;
  }

  int base(i64 r) const {
    if (r == 0) return q;  // the source
    int j = q - 1;
    for (;;) {
      while (skip[static_cast<size_t>(j)] > r) --j;
      r -= skip[static_cast<size_t>(j)];
      if (r == 0) return j;
    }
  }

  // Whether some processor in lo..hi (0 <= lo <= hi < P) has base block e (source: q).
  bool present(i64 lo, i64 hi, int e) const {
    if (e == q) return lo == 0;
    return count(hi, e) - (lo >= 1 ? count(lo - 1, e) : 0) > 0;
  }

  // Whether some processor of the cyclic window a, a+1, ..., a+len-1 (mod P) has base e.
  bool in_window(i64 a, i64 len, int e) const {
    if (a + len <= P) return present(a, a + len - 1, e);
    return present(a, P - 1, e) || present(0, a + len - 1 - P, e);
  }
};

Numeration make_numeration(i64 P) {
  Numeration c;
  c.P = P;
  while ((i64{1} << c.q) < P) ++c.q;
  c.skip.assign(static_cast<size_t>(c.q) + 1, P);
  for (int j = c.q - 1; j >= 0; --j) c.skip[static_cast<size_t>(j)] = (c.skip[static_cast<size_t>(j) + 1] + 1) / 2;
  c.F.assign(static_cast<size_t>(c.q) + 1, std::vector<i64>(static_cast<size_t>(c.q), 0));
  // F[j+1] counts 1..skip[j+1]-1 = 1..skip[j]-1, skip[j], skip[j] + (1..skip[j+1]-1-skip[j]);
  // the last part only needs F[0..j] (its numbers are below skip[j]).
  for (int j = 0; j < c.q; ++j)
    for (int e = 0; e < c.q; ++e)
      c.F[static_cast<size_t>(j) + 1][static_cast<size_t>(e)] =
          c.F[static_cast<size_t>(j)][static_cast<size_t>(e)] + (e == j) +
          c.count(c.skip[static_cast<size_t>(j) + 1] - 1 - c.skip[static_cast<size_t>(j)], e);
  return c;
}

// The blocks processor t != 0 receives in rounds 0..last of a phase (phase-relative: its base
// block b, or e - q < 0 for block e of the previous phase), by the rule of circulant.cpp:
// the largest base block not yet received among processors t - skip[j+1] + 1 .. t - skip[j],
// else the base block of t - skip[j+1]. O(q^2) counts of O(q) each per round at most.
std::vector<int> receive_row(const Numeration& c, i64 t, int last) {
  const int q = c.q;
  const int own = c.base(t);
  std::vector<int> row;
  std::uint64_t used = std::uint64_t{1} << own;
  for (int j = 0; j <= last; ++j) {
    const i64 lo = c.skip[static_cast<size_t>(j) + 1], hi = c.skip[static_cast<size_t>(j)];
    int e = -1;
    for (int b = q; b >= 0 && e < 0; --b)
      if (!(used >> b & 1) && c.in_window(c.mod(t - lo + 1), lo - hi, b)) e = b;
    if (e < 0) e = c.base(c.mod(t - lo));
    if (used >> e & 1)
      throw std::logic_error("circulant rank: no block for rank " + std::to_string(t) + " in round " + std::to_string(j));
    used |= std::uint64_t{1} << e;
    row.push_back(e == q ? own : e - q);
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

api::RankProgram circulant_rank_program(i64 P, i64 k, i64 rank) {
  if (P < 2 || P > INT32_MAX || k < 1 || rank < 0 || rank >= P)
    throw InputError("circulant rank program: needs 2 <= P < 2^31, k >= 1, 0 <= rank < P (P=" + std::to_string(P) +
                     ", k=" + std::to_string(k) + ", rank=" + std::to_string(rank) + ")");
  const Numeration c = make_numeration(P);
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
  api::RankProgram out;
  out.rank = rank, out.L = 1;
  const i64 time = k - 1 + q;
  bool had_last = false;
  const i64 last_phase = (k - 1 + skipped) / q;  // blocks >= k-1 arrive in this phase only
  for (i64 step = 0; step < time; ++step) {
    const i64 round = step + skipped;
    const int j = static_cast<int>(round % q);
    const bool in_last = round / q == last_phase;
    if (rank != 0) {
      const i64 item = item_of(own[static_cast<size_t>(j)], round, q, k, skipped, had_last);
      if (item >= 0) out.recvs.push_back({step + 1, c.mod(rank - c.skip[static_cast<size_t>(j)]), item});
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
