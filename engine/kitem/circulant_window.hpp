// The window rule of the circulant schedule (engine/kitem/circulant.hpp) evaluated for one
// processor by counting, without the P x q phase table: a slow, independent reference for
// the O(log P) receive search of circulant_blocks.hpp at P too large for the table.
//
// Rule (circulant.hpp): in round j processor t receives the largest base block, not yet
// received in this phase and other than its own, among processors t - skip[j+1] + 1 ..
// t - skip[j] (the source counts as q), else the base block of t - skip[j+1]. Which base
// blocks occur in a window is counted from the numeration of the skips (O(log P) per count),
// so one row costs O(log^3 P) time and O(log^2 P) memory. Used by the tests and the bench
// (the former per-rank cost), never by the schedule itself.
#pragma once
#include <vector>

#include "checked.hpp"

namespace blockcast {

// The skips and, for counting base blocks over intervals without a table of all P
// processors, F[j][e] = #{r in 1..skip[j]-1 : base(r) = e}.
//
// Base blocks come from the greedy decomposition r = skip[e1] + ... + skip[b] (the last index
// is the base block): e1 is the largest skip <= r, and the rest t = r - skip[e1] is below
// skip[e1+1] - skip[e1] <= skip[e1], so it decomposes the same way and base(r) = base(t), or
// e1 when t = 0. Hence the numbers 1..X split into 1..skip[j]-1, skip[j] itself (base j) and
// skip[j] + (1..X-skip[j]) (the bases of 1..X-skip[j]), with j the largest skip <= X: the
// count of base e in 1..X is F[j][e] + [e = j] + the count in 1..X-skip[j], q levels deep.
struct CirculantWindowCounts {
  i64 P = 0;
  int q = 0;
  std::vector<i64> skip;             // skip[0] = 1 .. skip[q] = P
  std::vector<std::vector<i64>> F;   // F[j][e], j = 0..q, e = 0..q-1

  i64 mod(i64 x) const { return ((x % P) + P) % P; }
  i64 count(i64 X, int e) const;  // #{r in 1..X : base(r) = e}, 0 <= X < P; O(log P)
  int base(i64 r) const;          // base block of r (the source: q)
  bool present(i64 lo, i64 hi, int e) const;  // some r in lo..hi (0 <= lo <= hi < P) has base e
  // Whether some processor of the cyclic window a, a+1, ..., a+len-1 (mod P) has base e.
  bool in_window(i64 a, i64 len, int e) const;
};

// The counts for P processors, O(log^3 P). InputError unless 2 <= P <= 2^31 - 1.
CirculantWindowCounts circulant_window_counts(i64 P);

// recv[j], j = 0..rounds-1, of processor t (1 <= t < P), 0 <= rounds <= q. InputError
// otherwise; std::logic_error if the rule finds no block.
std::vector<int> circulant_window_recv_blocks(const CirculantWindowCounts& c, i64 t, int rounds);

// recv[j], j = 0..q-1, for processor t (1 <= t < P, 2 <= P <= 2^31 - 1), phase-relative
// as CirculantPhase::recv. InputError on bad P or t; std::logic_error if the rule finds no block.
std::vector<int> circulant_window_recv_blocks(i64 P, i64 t);

}  // namespace blockcast
