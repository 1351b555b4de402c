// Balanced repacking for the coloured endgame (see balanced_packing.hpp; issue 23 item 2).
#include "kitem/balanced_packing.hpp"

#include <algorithm>
#include <bitset>
#include <numeric>
#include <random>
#include <stdexcept>

#include "kitem/bounds.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

constexpr int kMaxSum = 1024;       // largest letter sum of one block the swap tables hold
constexpr i64 kMaxMoves = 200'000;  // a safety net: every move lowers the total deficit
using Bits = std::bitset<kMaxSum>;

// Equal blocks with one letter-count vector, or the receive-only processor (ro: one letter).
struct Group {
  int r = 1;
  i64 u = 0;
  i64 count = 0;
  bool ro = false;
  std::vector<i64> vec;  // letter counts
  i64 sum = 0;           // sum of the letters
  int slots() const { return ro ? 1 : r - 1; }
  int modulus() const { return ro ? 1 : r; }
};

// Smallest letter sum that gives every processor of g at least K trees: u + sum >= K r with
// u + sum = 0 (mod r) and sum >= 0; the receive-only processor needs x >= K (capped at the
// largest letter, where the rotation of colored_endgame.hpp has to help).
i64 need(const Group& g, int K, int A) {
  if (g.ro) return std::min<i64>(K, A - 1);
  const i64 per = std::max<i64>(K, (g.u + g.r - 1) / g.r);
  return per * g.r - g.u;
}

// Sums reachable with c letters of kinds 0..j-1: layer[j][c].
struct Knapsack {
  std::vector<std::vector<Bits>> layer;
};

Knapsack knapsack(const std::vector<i64>& cnt, int cmax) {
  Knapsack k;
  k.layer.assign(cnt.size() + 1, std::vector<Bits>(static_cast<size_t>(cmax) + 1));
  k.layer[0][0].set(0);
  for (size_t j = 0; j < cnt.size(); ++j)
    for (int c = 0; c <= cmax; ++c)
      for (i64 t = 0; t <= std::min<i64>(cnt[j], c); ++t)
        k.layer[j + 1][static_cast<size_t>(c)] |= k.layer[j][static_cast<size_t>(c - t)] << static_cast<size_t>(t * static_cast<i64>(j));
  return k;
}

// Counts per kind of c letters with sum s (precondition: reachable).
std::vector<i64> take(const Knapsack& k, const std::vector<i64>& cnt, int c, i64 s) {
  std::vector<i64> out(cnt.size(), 0);
  for (size_t j = cnt.size(); j-- > 0;)
    for (i64 t = 0; t <= std::min<i64>(cnt[j], c); ++t) {
      const i64 rest = s - t * static_cast<i64>(j);
      if (rest >= 0 && k.layer[j][static_cast<size_t>(c - t)].test(static_cast<size_t>(rest))) {
        out[j] = t, c -= static_cast<int>(t), s = rest;
        break;
      }
    }
  return out;
}

// A swap moving d of letter sum from y to x: (A taken from x, B taken from y), |A| = |B|.
// kx, ky: the knapsacks of x and y up to min(slots) letters.
std::optional<std::pair<std::vector<i64>, std::vector<i64>>> find_swap(const Group& x, const Group& y, const Knapsack& kx,
                                                                       const Knapsack& ky, i64 d) {
  const int cmax = std::min(x.slots(), y.slots());
  for (int c = 1; c <= cmax; ++c)
    for (i64 sa = 0; sa + d <= y.sum && sa <= x.sum; ++sa)
      if (kx.layer.back()[static_cast<size_t>(c)].test(static_cast<size_t>(sa)) &&
          ky.layer.back()[static_cast<size_t>(c)].test(static_cast<size_t>(sa + d)))
        return std::pair{take(kx, x.vec, c, sa), take(ky, y.vec, c, sa + d)};
  return std::nullopt;
}

Group moved(Group g, const std::vector<i64>& out, const std::vector<i64>& in, i64 count) {
  for (size_t j = 0; j < g.vec.size(); ++j) g.vec[j] += in[j] - out[j], g.sum += static_cast<i64>(j) * (in[j] - out[j]);
  g.count = count;
  return g;
}

void merge(std::vector<Group>& gs) {
  std::vector<Group> out;
  for (Group& g : gs) {
    if (g.count == 0) continue;
    auto same = std::find_if(out.begin(), out.end(), [&](const Group& h) {
      return h.r == g.r && h.u == g.u && h.ro == g.ro && h.vec == g.vec;
    });
    if (same != out.end()) same->count += g.count;
    else out.push_back(std::move(g));
  }
  gs = std::move(out);
}

// Each group's knapsack (all its letters), built on first use while gs does not change.
using KnapsackCache = std::vector<std::optional<Knapsack>>;
const Knapsack& cached(KnapsackCache& cache, const std::vector<Group>& gs, size_t i) {
  if (!cache[i]) cache[i] = knapsack(gs[i].vec, gs[i].slots());
  return *cache[i];
}

// One move that lowers x's deficit, taking sum from a group with surplus; false if none.
// cache: knapsacks of the groups of gs as they are (emptied when a move changes gs).
bool improve(std::vector<Group>& gs, size_t xi, int K, int A, KnapsackCache& cache) {
  const i64 deficit = need(gs[xi], K, A) - gs[xi].sum;
  std::vector<size_t> donors;
  for (size_t i = 0; i < gs.size(); ++i)
    if (i != xi && gs[i].sum > need(gs[i], K, A) && gs[i].slots() > 0) donors.push_back(i);
  std::stable_sort(donors.begin(), donors.end(), [&](size_t a, size_t b) {
    return gs[a].sum - need(gs[a], K, A) > gs[b].sum - need(gs[b], K, A);
  });
  if (gs[xi].sum >= kMaxSum) return false;
  const Knapsack& kx = cached(cache, gs, xi);
  for (size_t yi : donors) {
    const Group& x = gs[xi];
    const Group& y = gs[yi];
    const i64 l = std::lcm<i64>(x.modulus(), y.modulus());
    const i64 surplus = y.sum - need(y, K, A);
    if (l > surplus || y.sum >= kMaxSum) continue;
    const Knapsack& ky = cached(cache, gs, yi);
    for (i64 d = ((deficit + l - 1) / l) * l; d >= l; d -= l) {
      if (d > surplus) continue;
      const auto swap = find_swap(x, y, kx, ky, d);
      if (!swap) continue;
      const i64 c = std::min(x.count, y.count);
      Group xs = moved(x, swap->first, swap->second, c);  // both before the first push_back,
      Group ys = moved(y, swap->second, swap->first, c);  // which may move x and y
      gs.push_back(std::move(xs));
      gs.push_back(std::move(ys));
      gs[xi].count -= c, gs[yi].count -= c;
      merge(gs);
      cache.assign(gs.size(), std::nullopt);
      return true;
    }
  }
  return false;
}

// A legal word with these counts (see BalanceOptions).
Word word_for(const Group& g, const BalanceOptions& o, std::mt19937_64& rng) {
  if (o.seed == 0) {
    const Counts c(g.vec.begin(), g.vec.end());
    const std::optional<Word> w = word_with_counts(g.r, g.u, c);
    if (!w) throw std::logic_error("balance_for_endgame: a moved block lost its residue");
    return *w;
  }
  std::vector<i64> values;
  for (size_t j = 0; j < g.vec.size(); ++j) values.insert(values.end(), static_cast<size_t>(g.vec[j]), static_cast<i64>(j));
  std::shuffle(values.begin(), values.end(), rng);
  values.insert(values.begin(), g.u);  // index 0: the upper-case reception
  const std::vector<int> pos = hall_ordering(values);
  Word w(static_cast<size_t>(g.r - 1));
  for (int i = 1; i < g.r; ++i) w[static_cast<size_t>(floor_mod(pos[static_cast<size_t>(i)] - pos[0], g.r) - 1)] = static_cast<Letter>(values[static_cast<size_t>(i)]);
  return w;
}

}  // namespace

int endgame_items_at_bound(int L, i64 P) {
  i64 K = std::max<i64>(1, k_star(L, P));
  while (kitem_lower_bound(L, P, K) - K != kitem_lower_bound(L, P, K + 1) - (K + 1)) ++K;
  return static_cast<int>(K);
}

std::optional<Assignment> balance_for_endgame(const Assignment& a, int K, const Limits& limits, BalanceStats* stats,
                                              const BalanceOptions& options) {
  const Instance inst = listed_instance(a);
  const int A = inst.alphabet();
  // Trees per processor in the bound's window for K items: (u + sum w) / r + j.
  const int j = static_cast<int>(kitem_lower_bound(a.L, a.P, K) - (a.L + a.T - 1));
  const int kt = K - j;
  std::vector<Group> gs;
  std::vector<BlockWord> constant;  // r = 1 blocks: no letters to move
  for (const BlockWord& b : a.blocks) {
    if (b.r == 1) {
      constant.push_back(b);
      continue;
    }
    Group g{b.r, b.u, b.count, false, letter_counts(b.word, A), 0};
    for (const Letter l : b.word) g.sum += l;
    gs.push_back(std::move(g));
  }
  Group ro{1, 0, 1, true, std::vector<i64>(static_cast<size_t>(A), 0), a.receive_only};
  ro.vec[static_cast<size_t>(a.receive_only)] = 1;
  gs.push_back(std::move(ro));
  merge(gs);

  BalanceStats st;
  for (bool progress = true; progress && st.moves < kMaxMoves && !limits.expired();) {
    progress = false;
    // Blocks before the receive-only processor (its deficit has the rotation as a fallback);
    // larger blocks first: they have the fewest partners.
    KnapsackCache cache(gs.size());
    std::vector<size_t> order(gs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t p, size_t q) {
      return std::pair{gs[p].ro, -gs[p].r} < std::pair{gs[q].ro, -gs[q].r};
    });
    for (size_t xi : order)
      if (gs[xi].sum < need(gs[xi], kt, A) && improve(gs, xi, kt, A, cache)) {
        ++st.moves, progress = true;
        break;
      }
  }
  st.deficit = 0;
  for (const Group& g : gs) {
    if (g.ro) st.receive_only_ok = g.sum >= kt;
    else if (g.sum < need(g, kt, A)) st.deficit += (need(g, kt, A) - g.sum) / g.r * g.count;
  }
  if (stats) *stats = st;
  if (st.deficit > 0) return std::nullopt;

  std::mt19937_64 rng(options.seed);
  Assignment out = a;
  out.blocks = constant;
  for (const Group& g : gs) {
    if (g.ro) {
      out.receive_only = static_cast<Letter>(std::find(g.vec.begin(), g.vec.end(), 1) - g.vec.begin());
      continue;
    }
    out.blocks.push_back({g.r, g.u, g.count, word_for(g, options, rng)});
  }
  normalize(out);
  if (auto bad = check_assignment(inst, out)) throw std::logic_error("balance_for_endgame: " + *bad);
  return out;
}

}  // namespace blockcast
