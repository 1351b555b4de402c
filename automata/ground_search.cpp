// Ground-state orders of a throw multiset (see ground_search.hpp; SPEC Sec. 7).
#include "ground_search.hpp"

#include <algorithm>

namespace blockcast {

namespace {

std::uint64_t mix(std::uint64_t z) {  // splitmix64 finalizer: the memo's per-item keys
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Failed states by a 128-bit key (open addressing, linear probing). Slots carry the
// generation that wrote them, so clearing between calls is O(1) and the table's memory is
// reused. A full table stops remembering (answers stay exact, only slower).
class FailMemo {
 public:
  void clear() {
    if (++gen_ == 0) {  // wrapped: really clear once every 2^32 calls
      for (Slot& s : slots_) s.gen = 0;
      gen_ = 1;
    }
    size_ = 0;
  }
  bool contains(std::uint64_t a, std::uint64_t b) const {
    if (slots_.empty()) return false;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t p = a & mask;; p = (p + 1) & mask) {
      const Slot& s = slots_[p];
      if (s.gen != gen_) return false;
      if (s.a == a && s.b == b) return true;
    }
  }
  void insert(std::uint64_t a, std::uint64_t b) {
    if (size_ >= kCap) return;
    if (2 * (size_ + 1) > slots_.size()) grow();
    put(a, b);
  }

 private:
  struct Slot {
    std::uint64_t a = 0, b = 0;
    std::uint32_t gen = 0;
  };
  static constexpr std::size_t kCap = std::size_t{1} << 20;  // entries (about 48 MiB of slots)
  std::vector<Slot> slots_;
  std::uint32_t gen_ = 1;
  std::size_t size_ = 0;

  void put(std::uint64_t a, std::uint64_t b) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t p = a & mask;; p = (p + 1) & mask) {
      Slot& s = slots_[p];
      if (s.gen != gen_) {
        s = {a, b, gen_};
        ++size_;
        return;
      }
      if (s.a == a && s.b == b) return;
    }
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(std::max<std::size_t>(1024, 2 * old.size()), Slot{});
    const std::uint32_t g = gen_;
    gen_ = 1, size_ = 0;
    for (const Slot& s : old)
      if (s.gen == g) put(s.a, s.b);
  }
};

// Luby's restart sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i >= 1).
std::int64_t luby(std::int64_t i) {
  for (;;) {
    int k = 1;
    while ((std::int64_t{1} << k) - 1 < i) ++k;
    if (i == (std::int64_t{1} << k) - 1) return std::int64_t{1} << (k - 1);
    i -= (std::int64_t{1} << (k - 1)) - 1;
  }
}

// One search's state; one instance per thread, its vectors reused across calls.
struct Ground {
  int r = 0, x = 0, V = 0;
  std::vector<std::int32_t> left;  // throws still to place, by value
  std::vector<char> free;          // landing time c (< x + r) still free
  std::vector<int> seq, cand;      // throws by position; candidate lists of the open nodes
  FailMemo memo;
  std::uint64_t ha = 0, hb = 0;    // incremental key of (free times, throws left)
  std::int64_t nodes = 0, limit = 0;  // this run's nodes and budget (0 = unlimited)
  bool out = false, random = false;
  std::uint64_t rng = 0;

  static std::uint64_t time_a(int c) { return mix(2 * static_cast<std::uint64_t>(c) + 1); }
  static std::uint64_t time_b(int c) { return mix(2 * static_cast<std::uint64_t>(c) + 0x51ed27); }
  static std::uint64_t value_a(int v) { return mix(0x7f4a7c15ULL * (static_cast<std::uint64_t>(v) + 7)); }
  static std::uint64_t value_b(int v) { return mix(0x2545f491ULL * (static_cast<std::uint64_t>(v) + 3)); }

  void reset(const std::vector<std::int32_t>& throws) {
    left.assign(throws.begin(), throws.end());
    free.assign(x + r, 0);
    std::fill(free.begin() + x, free.end(), 1);
    seq.clear(), cand.clear();
    ha = hb = 0;
    for (int c = x; c < x + r; ++c) ha ^= time_a(c), hb ^= time_b(c);
    for (int v = 0; v < V; ++v)
      ha += value_a(v) * static_cast<std::uint64_t>(left[v]), hb += value_b(v) * static_cast<std::uint64_t>(left[v]);
  }
  void place(int i, int s, bool undo) {
    const int c = i + s;
    left[s] += undo ? 1 : -1, free[c] = undo;
    ha ^= time_a(c), hb ^= time_b(c);
    if (undo) ha += value_a(s), hb += value_b(s);
    else ha -= value_a(s), hb -= value_b(s);
  }
  std::uint64_t next_random() {  // xorshift64
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
  }

  // The relaxation at position i: remaining throws (descending) against free landing
  // times (descending); the k-th pair needs c - r + 1 <= s <= c - i.
  bool relaxation(int i) const {
    int v = V - 1;
    while (v >= 0 && left[v] == 0) --v;
    std::int32_t cnt = v >= 0 ? left[v] : 0;
    for (int c = x + r - 1; c >= i; --c) {
      if (!free[c]) continue;
      if (v < 0 || v > c - i || v < c - r + 1) return false;
      if (--cnt == 0) {
        do --v;
        while (v >= 0 && left[v] == 0);
        cnt = v >= 0 ? left[v] : 0;
      }
    }
    return v < 0;  // every throw matched
  }

  bool run(int i) {
    if (i == r) return true;
    if (out || (limit > 0 && nodes >= limit)) {
      out = true;
      return false;
    }
    ++nodes;
    const std::uint64_t ka = ha ^ (static_cast<std::uint64_t>(i) * 0x632be59bd9b4e019ULL), kb = hb + static_cast<std::uint64_t>(i);
    if (memo.contains(ka, kb) || !relaxation(i)) return false;
    // Landing time i free (i >= x): nothing later reaches it, so this position throws 0.
    // Otherwise a ball lands now and is thrown to a free time i+s <= x+r-1, s >= 1.
    const std::size_t base = cand.size();
    if (i >= x && free[i]) {
      if (left[0] > 0) cand.push_back(0);
    } else {
      for (int s = std::min(V - 1, x + r - 1 - i); s >= 1; --s)
        if (left[s] > 0 && free[i + s]) cand.push_back(s);
      if (random)
        for (std::size_t k = cand.size() - base; k > 1; --k)
          std::swap(cand[base + k - 1], cand[base + next_random() % k]);
    }
    for (std::size_t k = base; k < cand.size(); ++k) {
      const int s = cand[k];
      place(i, s, false), seq.push_back(s);
      if (run(i + 1)) return true;
      place(i, s, true), seq.pop_back();
      if (out) break;
    }
    cand.resize(base);
    if (!out) memo.insert(ka, kb);
    return false;
  }
};


// Min-conflicts local search (as for n queens): throws sit at positions, each position's
// landing time is p + s_p; the cost counts landing times hit more than once plus landings
// outside x..x+r-1, and a solution is a state of cost 0 (the landing times are then exactly
// x..x+r-1). Each step takes a random conflicted position and swaps its throw with the
// position that lowers the cost most (random ties, a random swap now and then to leave
// plateaus). It finds the orders that the depth-first search needs 10^5 - 10^6 nodes for
// (conjecture base cases, L = 100-130) in a few hundred steps, but it never proves "no".
//
// A step evaluates only the swaps that can be among the best. Swapping the throws of p and q
// removes the landings p + s_p, q + s_q and adds p + s_q, q + s_p; neither added landing
// equals a removed one (q != p, s_q != s_p). Removing p's landing gains 1 (p is conflicted),
// removing q's gains 1 or nothing, and an added landing costs 1 unless it is on a free time
// (in x..x+r-1, not hit). So a swap with neither added landing free (q != c - s_p and
// s_q != c - p for every free time c) changes the cost by 0 when q is conflicted and by at
// least +1 otherwise. Hence when some swap with a free-time candidate or a conflicted q
// changes the cost by <= 0, the best swaps over all q are exactly the best of those, taken in
// ascending q as the full scan lists them: the same random choice, the same orders, for
// the free times' and conflicted positions' candidates instead of r swap evaluations (the
// full scan stays for steps whose best is +1). conjecture --L 250: the local search was a
// third of the CPU, three quarters of its steps do not lower the cost.
struct Local {
  std::vector<int> s, hits, conf, best, free_times, slot;
  std::vector<std::vector<int>> at;  // positions by throw value (slot[p]: p's index in at[s[p]])
  std::uint64_t rng = 0;
  std::uint64_t next() {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
  }
  // Returns true with s the order; `steps` counts the steps taken.
  bool run(const std::vector<std::int32_t>& throws, int r, int x, std::int64_t max_steps, std::int64_t& steps) {
    s.clear();
    for (int v = static_cast<int>(throws.size()) - 1; v >= 0; --v) s.insert(s.end(), throws[v], v);
    hits.assign(r + throws.size() + 1, 0);
    at.resize(throws.size());
    for (auto& a : at) a.clear();
    slot.assign(r, 0);
    for (int p = 0; p < r; ++p) slot[p] = static_cast<int>(at[s[p]].size()), at[s[p]].push_back(p);
    auto pen = [&](int c, int h) { return c < x || c >= x + r ? h : std::max(0, h - 1); };
    std::int64_t cost = 0;
    for (int p = 0; p < r; ++p) ++hits[p + s[p]];
    for (std::size_t c = 0; c < hits.size(); ++c) cost += pen(static_cast<int>(c), hits[c]);
    // The cost change of moving one hit from landing a to landing b (and back).
    auto change = [&](int c, int dh, std::int64_t& d) {
      d -= pen(c, hits[c]);
      hits[c] += dh;
      d += pen(c, hits[c]);
    };
    auto swap_delta = [&](int p, int q) {
      const int a1 = p + s[p], b1 = q + s[q], a2 = p + s[q], b2 = q + s[p];
      std::int64_t d = 0;
      change(a1, -1, d), change(b1, -1, d), change(a2, 1, d), change(b2, 1, d);
      ++hits[a1], ++hits[b1], --hits[a2], --hits[b2];
      return d;
    };
    while (cost > 0 && steps < max_steps) {
      ++steps;
      conf.clear();
      for (int p = 0; p < r; ++p) {
        const int c = p + s[p];
        if (c < x || c >= x + r || hits[c] > 1) conf.push_back(p);
      }
      const int p = conf[next() % conf.size()];
      std::int64_t bd = likely_swaps(p, r, x, swap_delta);
      if (bd > 0) {  // every swap raises the cost: the best of all of them
        bd = INT64_MAX;
        best.clear();
        for (int q = 0; q < r; ++q) {
          if (s[q] == s[p]) continue;
          const std::int64_t d = swap_delta(p, q);
          if (d < bd) bd = d, best.clear();
          if (d == bd) best.push_back(q);
        }
      }
      if (best.empty()) return false;  // every throw equal: nothing to swap
      int q = best[next() % best.size()];
      if (bd >= 0 && next() % 10 == 0) {
        q = static_cast<int>(next() % r);
        if (s[q] == s[p]) continue;
        bd = swap_delta(p, q);
      }
      --hits[p + s[p]], --hits[q + s[q]];
      std::swap(at[s[p]][slot[p]], at[s[q]][slot[q]]);
      std::swap(slot[p], slot[q]);
      std::swap(s[p], s[q]);
      ++hits[p + s[p]], ++hits[q + s[q]];
      cost += bd;
    }
    return cost == 0;
  }

  // The best swaps of p among the free-time candidates and the conflicted positions (see
  // above) into `best`, ascending q, when their cost change is <= 0; returns it (1 otherwise).
  template <class Delta>
  std::int64_t likely_swaps(int p, int r, int x, Delta& swap_delta) {
    free_times.clear();
    for (int c = x; c < x + r; ++c)
      if (hits[c] == 0) free_times.push_back(c);
    best.clear();
    std::int64_t bd = 1;
    auto offer = [&](int q) {
      if (q < 0 || q >= r || s[q] == s[p]) return;
      const std::int64_t d = swap_delta(p, q);
      if (d < bd) bd = d, best.clear();
      if (d == bd && d <= 0) best.push_back(q);
    };
    for (int c : free_times) {
      offer(c - s[p]);
      const int v = c - p;
      if (v >= 0 && v < static_cast<int>(at.size()))
        for (int q : at[v]) offer(q);
    }
    for (int q : conf) offer(q);
    std::sort(best.begin(), best.end());
    best.erase(std::unique(best.begin(), best.end()), best.end());
    return bd;
  }
};

}  // namespace

bool ground_relaxation_ok(const std::vector<std::int32_t>& throws_by_value, int r, int x) {
  if (r <= 0 || x < 0) return false;
  thread_local Ground g;
  g.r = r, g.x = x, g.V = static_cast<int>(throws_by_value.size());
  g.reset(throws_by_value);
  return g.relaxation(0);
}

GroundOrder ground_state_order(const std::vector<std::int32_t>& throws_by_value, int r, int x,
                               std::int64_t max_nodes, bool randomized) {
  GroundOrder res;
  if (r <= 0 || x < 0) return res;
  std::int64_t n = 0, sum = 0;
  for (std::size_t v = 0; v < throws_by_value.size(); ++v) {
    if (throws_by_value[v] < 0) return res;
    n += throws_by_value[v], sum += static_cast<std::int64_t>(v) * throws_by_value[v];
  }
  if (n != r || sum != static_cast<std::int64_t>(x) * r) return res;  // every state has x balls
  if (!ground_relaxation_ok(throws_by_value, r, x)) return res;
  if (randomized) {
    // Local search first, on at most 10 r + 200 steps and half of the budget (a step costs
    // O(r), more than a node: the type search asks 10^4 mostly hopeless roots at 5,000).
    thread_local Local ls;
    ls.rng = 0x9c0ffee5a1d2b3c4ULL;
    const std::int64_t cap = 10 * static_cast<std::int64_t>(r) + 200;
    const std::int64_t steps = max_nodes > 0 ? std::min(max_nodes / 2, cap) : cap;
    if (ls.run(throws_by_value, r, x, steps, res.nodes)) {
      res.seq = ls.s;
      return res;
    }
  }
  thread_local Ground g;
  g.r = r, g.x = x, g.V = static_cast<int>(throws_by_value.size());
  g.memo.clear();
  g.rng = 0x5eed0f9a3c1b2d47ULL;
  const std::int64_t unit = std::max(16, 2 * r);
  for (std::int64_t run = 1;; ++run) {
    std::int64_t per = randomized ? unit * luby(run) : 0;
    if (max_nodes > 0) {
      const std::int64_t left = max_nodes - res.nodes;
      if (left <= 0) {
        res.exhausted = false;
        return res;
      }
      per = per > 0 ? std::min(per, left) : left;
    }
    g.reset(throws_by_value);
    g.limit = per, g.nodes = 0, g.out = false, g.random = randomized && run > 1;
    const bool ok = g.run(0);
    res.nodes += g.nodes;
    if (ok) {
      res.seq = g.seq;
      return res;
    }
    if (!g.out) return res;  // a run that never hit its budget searched everything: no order
  }
}

}  // namespace blockcast
