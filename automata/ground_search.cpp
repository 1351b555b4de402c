// Ground-state orders of a throw multiset (see ground_search.hpp; SPEC Sec. 7).
#include "ground_search.hpp"

#include "ground_local.hpp"

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
    thread_local GroundLocalSearch ls;
    const std::int64_t cap = 10 * static_cast<std::int64_t>(r) + 200;
    const std::int64_t steps = max_nodes > 0 ? std::min(max_nodes / 2, cap) : cap;
    if (ls.run(throws_by_value, r, x, steps, res.nodes, 0x9c0ffee5a1d2b3c4ULL)) {
      res.seq = ls.order();
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
