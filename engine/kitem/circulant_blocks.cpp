// Receive and send blocks of one processor of the circulant schedule in O(log P)
// (see circulant_blocks.hpp; Träff 2023, 2024).
#include "kitem/circulant_blocks.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace blockcast {

namespace {

// The receive search of one processor. Positions are shifted by P (the processor is `top`
// = P + r), so that round j's window (top - skip[j+1], top - skip[j]] lies in 1..2P-1 and the
// source is position P = skip[q]. Indices still to be received form a list in decreasing
// order (next/prev, with -1 as both ends' sentinel, stored at offset 1).
struct ReceiveSearch {
  const CirculantSkips& s;
  i64 top = 0;
  std::vector<int> next, prev;
  std::vector<int>& out;  // out[round] = index received (q: the base block)

  ReceiveSearch(const CirculantSkips& skips, i64 r, std::vector<int>& row)
      : s(skips), top(skips.P + r), next(static_cast<size_t>(skips.q) + 2), prev(static_cast<size_t>(skips.q) + 2),
        out(row) {
    for (int e = -1; e <= s.q; ++e) link(e) = e - 1, back(e) = e + 1;
    link(-1) = s.q, back(s.q) = -1;
  }
  int& link(int e) { return next[static_cast<size_t>(e + 1)]; }
  int& back(int e) { return prev[static_cast<size_t>(e + 1)]; }
  void remove(int e) { link(back(e)) = link(e), back(link(e)) = back(e); }
  i64 skip(int j) const { return s.skip[static_cast<size_t>(j)]; }

  // Sums prefix + skip[e'] for the listed e' <= e, largest first, each extended the same way
  // while it stays at or below the lower end of the current window; a sum inside the window
  // (and below `bound`, the last one taken) is round `round`'s block. Returns the next round.
  int visit(i64 prefix, i64 bound, int e, int round) {
    for (; e != -1 && round < s.q; e = link(e)) {
      const i64 sum = prefix + skip(e);
      if (sum > top - skip(round) || sum >= bound) continue;
      if (sum <= top - skip(round + 1)) {
        round = visit(sum, bound, e, round);
        if (round >= s.q) return round;
      }
      if (prefix > top - skip(round + 1)) return round;  // the window moved below this prefix
      bound = sum;
      out[static_cast<size_t>(round++)] = e;
      remove(e);
    }
    return round;
  }
};

}  // namespace

CirculantSkips circulant_skips(i64 P) {
  if (P < 2 || P > INT32_MAX) throw InputError("circulant schedule: P must be in 2..2^31-1, got " + std::to_string(P));
  CirculantSkips s;
  s.P = P;
  while ((i64{1} << s.q) < P) ++s.q;
  s.skip.assign(static_cast<size_t>(s.q) + 1, P);
  for (int j = s.q - 1; j >= 0; --j) s.skip[static_cast<size_t>(j)] = (s.skip[static_cast<size_t>(j) + 1] + 1) / 2;
  return s;
}

int circulant_base(const CirculantSkips& s, i64 r) {
  if (r == 0) return s.q;
  for (int j = s.q - 1;; --j)
    if (r >= s.skip[static_cast<size_t>(j)]) {
      r -= s.skip[static_cast<size_t>(j)];
      if (r == 0) return j;
    }
}

std::vector<int> circulant_recv_blocks(const CirculantSkips& s, i64 r) {
  std::vector<int> row(static_cast<size_t>(s.q), -1);
  const int b = circulant_base(s, r);
  ReceiveSearch search(s, r, row);
  search.remove(b);  // the base block arrives as "the source's block" (index q)
  if (search.visit(0, 2 * s.P, s.q, 0) != s.q)
    throw std::logic_error("circulant: the receive search ends early for rank " + std::to_string(r) +
                           " (P=" + std::to_string(s.P) + ")");
  for (int& e : row) e = e == s.q ? b : e - s.q;
  return row;
}

// Rank r's target in round i is r + skip[i]. Walking r's greedy decomposition from the top
// index down (rest: what is left of r; held: the block r got at the last index used, b at
// first; room: how far the region below the current index reaches), the target's block is
// `held` except where the target sits at a region boundary; those rounds (at most 4 seen for
// any P < 2^31) are answered by the target's own receive search.
std::vector<int> circulant_send_blocks(const CirculantSkips& s, i64 r) {
  const int q = s.q;
  std::vector<int> send(static_cast<size_t>(q), 0);
  if (r == 0) {
    for (int i = 0; i < q; ++i) send[static_cast<size_t>(i)] = i;  // the source sends block i in round i
    return send;
  }
  auto skip = [&](int i) { return s.skip[static_cast<size_t>(i)]; };
  auto look_up = [&](int i) {
    const i64 t = (r + skip(i)) % s.P;
    send[static_cast<size_t>(i)] = circulant_recv_blocks(s, t)[static_cast<size_t>(i)];
  };
  const int b = circulant_base(s, r);
  i64 rest = r, room = s.P;
  int held = b;
  for (int i = q - 1; i > 0; --i) {
    if (rest < skip(i)) {  // index i is not in r's decomposition
      if (rest + skip(i) < room || room < skip(i - 1) || (i == 1 && b > 0))
        send[static_cast<size_t>(i)] = held;
      else
        look_up(i);
      room = std::min(room, skip(i));
    } else {  // index i is in r's decomposition: r holds block i - q of the previous phase
      held = i - q;
      room -= skip(i);
      if (rest > skip(i) || rest <= room || i == 1 || room < skip(i - 1))
        send[static_cast<size_t>(i)] = held;
      else
        look_up(i);
      rest -= skip(i);
    }
  }
  send[0] = b - q;  // r + 1 receives r's base block of the previous phase in round 0
  return send;
}

}  // namespace blockcast
