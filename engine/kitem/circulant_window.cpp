// The window rule evaluated by counting (see circulant_window.hpp). Base blocks come from
// the greedy decomposition r = skip[e1] + ... + skip[b]; which of them occur in a window is
// counted from the numeration of the skips (CirculantWindowCounts), never by visiting processors.
#include "kitem/circulant_window.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace blockcast {

i64 CirculantWindowCounts::count(i64 X, int e) const {
  i64 n = 0;
  int j = q - 1;
  while (X >= 1) {
    while (skip[static_cast<size_t>(j)] > X) --j;
    n += F[static_cast<size_t>(j)][static_cast<size_t>(e)] + (e == j);
    X -= skip[static_cast<size_t>(j)];
  }
  return n;
}

int CirculantWindowCounts::base(i64 r) const {
  if (r == 0) return q;  // the source
  int j = q - 1;
  for (;;) {
    while (skip[static_cast<size_t>(j)] > r) --j;
    r -= skip[static_cast<size_t>(j)];
    if (r == 0) return j;
  }
}

// Whether some processor in lo..hi (0 <= lo <= hi < P) has base block e (source: q).
bool CirculantWindowCounts::present(i64 lo, i64 hi, int e) const {
  if (e == q) return lo == 0;
  return count(hi, e) - (lo >= 1 ? count(lo - 1, e) : 0) > 0;
}

bool CirculantWindowCounts::in_window(i64 a, i64 len, int e) const {
  if (a + len <= P) return present(a, a + len - 1, e);
  return present(a, P - 1, e) || present(0, a + len - 1 - P, e);
}

CirculantWindowCounts circulant_window_counts(i64 P) {
  if (P < 2 || P > INT32_MAX) throw InputError("circulant window rule: P must be in 2..2^31-1, got " + std::to_string(P));
  CirculantWindowCounts c;
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

std::vector<int> circulant_window_recv_blocks(const CirculantWindowCounts& c, i64 t, int rounds) {
  if (t < 1 || t >= c.P || rounds < 0 || rounds > c.q)
    throw InputError("circulant window rule: needs 1 <= t < P and 0 <= rounds <= q (P=" + std::to_string(c.P) +
                     ", t=" + std::to_string(t) + ", rounds=" + std::to_string(rounds) + ")");
  const int q = c.q;
  const int own = c.base(t);
  std::vector<int> row;
  std::uint64_t used = std::uint64_t{1} << own;
  for (int j = 0; j < rounds; ++j) {
    const i64 lo = c.skip[static_cast<size_t>(j) + 1], hi = c.skip[static_cast<size_t>(j)];
    int e = -1;
    for (int b = q; b >= 0 && e < 0; --b)
      if (!(used >> b & 1) && c.in_window(c.mod(t - lo + 1), lo - hi, b)) e = b;
    if (e < 0) e = c.base(c.mod(t - lo));
    if (used >> e & 1)
      throw std::logic_error("circulant window rule: no block for rank " + std::to_string(t) + " in round " +
                             std::to_string(j));
    used |= std::uint64_t{1} << e;
    row.push_back(e == q ? own : e - q);
  }
  return row;
}

std::vector<int> circulant_window_recv_blocks(i64 P, i64 t) {
  const CirculantWindowCounts c = circulant_window_counts(P);
  return circulant_window_recv_blocks(c, t, c.q);
}

}  // namespace blockcast
