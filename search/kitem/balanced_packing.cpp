// Balanced repacking for the coloured endgame (see balanced_packing.hpp).
#include "kitem/balanced_packing.hpp"

#include <algorithm>
#include <bitset>
#include <map>
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

// Sums reachable with c letters of the first i kinds present: layer[i][c] (kinds[i]: the
// letter of the i-th kind). Only the letters the block holds get a layer: a block holds a few
// of the alphabet's letters, and a layer per letter made these tables (about 200 KB each at
// L = 8) most of the cost of a repacking.
struct Knapsack {
  std::vector<size_t> kinds;
  std::vector<std::vector<Bits>> layer;
};

Knapsack knapsack(const std::vector<i64>& cnt, int cmax) {
  Knapsack k;
  for (size_t j = 0; j < cnt.size(); ++j)
    if (cnt[j] > 0) k.kinds.push_back(j);
  k.layer.assign(k.kinds.size() + 1, std::vector<Bits>(static_cast<size_t>(cmax) + 1));
  k.layer[0][0].set(0);
  for (size_t i = 0; i < k.kinds.size(); ++i) {
    const size_t j = k.kinds[i];
    for (int c = 0; c <= cmax; ++c)
      for (i64 t = 0; t <= std::min<i64>(cnt[j], c); ++t)
        k.layer[i + 1][static_cast<size_t>(c)] |= k.layer[i][static_cast<size_t>(c - t)] << static_cast<size_t>(t * static_cast<i64>(j));
  }
  return k;
}

// Counts per kind of c letters with sum s (precondition: reachable).
std::vector<i64> take(const Knapsack& k, const std::vector<i64>& cnt, int c, i64 s) {
  std::vector<i64> out(cnt.size(), 0);
  for (size_t i = k.kinds.size(); i-- > 0;) {
    const size_t j = k.kinds[i];
    for (i64 t = 0; t <= std::min<i64>(cnt[j], c); ++t) {
      const i64 rest = s - t * static_cast<i64>(j);
      if (rest >= 0 && k.layer[i][static_cast<size_t>(c - t)].test(static_cast<size_t>(rest))) {
        out[j] = t, c -= static_cast<int>(t), s = rest;
        break;
      }
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

// Equal groups (same block type and letter counts) become one, in order of first occurrence
// (the moves' choices depend on the order), and empty groups go. Groups before `from` are
// already distinct (a move appends its new groups at the end), so only those from `from` on
// are looked up: a retrimmed tree (endgame_tree.hpp) has hundreds of groups and ~160 moves.
void merge(std::vector<Group>& gs, size_t from = 0) {
  for (size_t i = from; i < gs.size(); ++i) {
    Group& g = gs[i];
    if (g.count == 0) continue;
    for (size_t j = 0; j < i; ++j) {
      Group& h = gs[j];
      if (h.count > 0 && h.r == g.r && h.u == g.u && h.ro == g.ro && h.vec == g.vec) {
        h.count += g.count, g.count = 0;
        break;
      }
    }
  }
  std::erase_if(gs, [](const Group& g) { return g.count == 0; });
}

// Knapsacks by letter counts and slots, built on first use and kept across moves (a move
// changes two or a few groups; the others' tables stay valid). References stay valid until
// trim(), which the caller runs between moves only.
class KnapsackCache {
 public:
  const Knapsack& of(const Group& g) {
    auto [it, fresh] = map_.try_emplace({g.vec, g.slots()});
    if (fresh) it->second = knapsack(g.vec, g.slots());
    return it->second;
  }
  void trim() {
    if (map_.size() > kMaxEntries) map_.clear();
  }

 private:
  static constexpr size_t kMaxEntries = 4096;  // about 35 KB each at r = 30: a memory cap
  std::map<std::pair<std::vector<i64>, int>, Knapsack> map_;
};

// Replaces x and y (count c of each) by their versions after a swap (A out of x, B into x).
void apply_swap(std::vector<Group>& gs, size_t xi, size_t yi, const std::vector<i64>& a, const std::vector<i64>& b, i64 c) {
  Group xs = moved(gs[xi], a, b, c);  // both before the first push_back,
  Group ys = moved(gs[yi], b, a, c);  // which may move x and y
  gs.push_back(std::move(xs));
  gs.push_back(std::move(ys));
  gs[xi].count -= c, gs[yi].count -= c;
}

i64 surplus(const Group& g, int K, int A) { return g.sum - need(g, K, A); }

// Several donors at once: x takes d_i from donor block i, d_i = 0 (mod r_i) within that
// block's surplus, sum d_i = 0 (mod r_x). A single donor must give a multiple of lcm(r_x, r_y),
// which the small blocks holding most of the surplus rarely can: an r = 7 block short by 7
// next to blocks of 3 and 4 with surplus 3 and 4 each (lcm(7, 3) = 21, but 3 + 4 = 7), or an
// r = 23 block next to blocks of 9, 6, 5 and 3. x is off its residue between the swaps only.
// Up to kMaxBlocks donor blocks, two or more may come from one group.
class MultiDonor {
 public:
  MultiDonor(std::vector<Group>& gs, size_t xi, const std::vector<size_t>& donors, int K, int A, KnapsackCache& cache)
      : gs_(gs), xi_(xi), donors_(donors.begin(), donors.begin() + static_cast<long>(std::min(donors.size(), kMaxDonors))),
        K_(K), A_(A), cache_(cache), used_(donors_.size(), 0), surplus_(donors_.size()), most_(donors_.size() + 1, 0) {
    for (size_t i = 0; i < donors_.size(); ++i) surplus_[i] = surplus(gs_[donors_[i]], K_, A_);
    for (size_t i = donors_.size(); i-- > 0;) most_[i] = std::max(most_[i + 1], surplus_[i]);
  }

  // Applies the first combination whose swaps all exist; false if none. Totals tried: the
  // smallest that covers x's deficit, then up to two multiples of r_x more (the letters may
  // allow 8 + 2 + 2 where 2 + 2 + 2 = 6 runs out of small letters to give away), then the
  // partial ones below it.
  bool run() {
    const Group& x = gs_[xi_];
    const i64 rx = x.modulus();
    const i64 cover = ((need(x, K_, A_) - x.sum + rx - 1) / rx) * rx;
    for (i64 d = cover; d <= cover + 2 * rx; d += rx)
      if (search(0, d)) return true;
    for (i64 d = cover - rx; d >= rx; d -= rx)
      if (search(0, d)) return true;
    return false;
  }

 private:
  static constexpr size_t kMaxDonors = 16;  // groups with the largest surplus
  static constexpr size_t kMaxBlocks = 4;
  static constexpr i64 kMaxNodes = 20'000;  // per call: a bounded local search

  // Picks donor blocks from donor index `from` on, giving `left` more in total.
  bool search(size_t from, i64 left) {
    if (left == 0) return apply();
    if (pick_.size() == kMaxBlocks || ++nodes_ > kMaxNodes) return false;
    // The blocks still to pick give at most the largest surplus from `from` on each: a subtree
    // that cannot reach `left` is cut before it spends the node budget.
    if (static_cast<i64>(kMaxBlocks - pick_.size()) * most_[from] < left) return false;
    for (size_t i = from; i < donors_.size(); ++i) {
      const Group& y = gs_[donors_[i]];
      if (used_[i] + 1 > y.count || y.sum >= kMaxSum) continue;
      for (i64 d = y.modulus(); d <= std::min(left, surplus_[i]); d += y.modulus()) {
        ++used_[i];
        pick_.push_back({i, d});
        if (search(i, left - d)) return true;
        pick_.pop_back();
        --used_[i];
      }
    }
    return false;
  }

  // The swaps of pick_, one after another on x; the copies moved: c per donor block used.
  bool apply() {
    const Group& x = gs_[xi_];
    i64 c = x.count;
    for (size_t i = 0; i < donors_.size(); ++i)
      if (used_[i] > 0) c = std::min(c, gs_[donors_[i]].count / used_[i]);
    Group now = x;
    std::vector<Group> after;
    // Donors with the fewest letters first: they can only take x's smallest letters, which the
    // larger swaps would otherwise use up.
    std::vector<std::pair<size_t, i64>> order = pick_;
    std::stable_sort(order.begin(), order.end(), [&](const auto& p, const auto& q) {
      return gs_[donors_[p.first]].slots() < gs_[donors_[q.first]].slots();
    });
    for (const auto& [i, d] : order) {
      const Group& y = gs_[donors_[i]];
      const auto swap = find_swap(now, y, cache_.of(now), cache_.of(y), d);
      if (!swap) return false;
      now = moved(now, swap->first, swap->second, c);
      after.push_back(moved(y, swap->second, swap->first, c));
    }
    gs_[xi_].count -= c;
    for (size_t i = 0; i < donors_.size(); ++i) gs_[donors_[i]].count -= c * used_[i];
    after.push_back(std::move(now));
    const size_t from = gs_.size();
    for (Group& g : after) gs_.push_back(std::move(g));
    merge(gs_, from);
    return true;
  }

  std::vector<Group>& gs_;
  const size_t xi_;
  const std::vector<size_t> donors_;
  const int K_, A_;
  KnapsackCache& cache_;
  std::vector<i64> used_;                    // donor blocks taken per donor group
  std::vector<i64> surplus_;                 // per donor group (fixed until a move is applied)
  std::vector<i64> most_;                    // most_[i]: the largest surplus_ from i on
  std::vector<std::pair<size_t, i64>> pick_;  // (donor, amount)
  i64 nodes_ = 0;
};

// One move that lowers x's deficit, taking sum from one group with surplus (or several, above);
// false if none.
bool improve(std::vector<Group>& gs, size_t xi, int K, int A, KnapsackCache& cache) {
  const i64 deficit = need(gs[xi], K, A) - gs[xi].sum;
  std::vector<size_t> donors;
  for (size_t i = 0; i < gs.size(); ++i)
    if (i != xi && surplus(gs[i], K, A) > 0 && gs[i].slots() > 0) donors.push_back(i);
  std::stable_sort(donors.begin(), donors.end(),
                   [&](size_t a, size_t b) { return surplus(gs[a], K, A) > surplus(gs[b], K, A); });
  if (gs[xi].sum >= kMaxSum) return false;
  const Knapsack& kx = cache.of(gs[xi]);
  for (size_t yi : donors) {
    const Group& x = gs[xi];
    const Group& y = gs[yi];
    const i64 l = std::lcm<i64>(x.modulus(), y.modulus());
    const i64 s = surplus(y, K, A);
    if (l > s || y.sum >= kMaxSum) continue;
    const Knapsack& ky = cache.of(y);
    for (i64 d = ((deficit + l - 1) / l) * l; d >= l; d -= l) {
      if (d > s) continue;
      const auto swap = find_swap(x, y, kx, ky, d);
      if (!swap) continue;
      apply_swap(gs, xi, yi, swap->first, swap->second, std::min(x.count, y.count));
      merge(gs, gs.size() - 2);  // the two groups apply_swap appended
      return true;
    }
  }
  return MultiDonor(gs, xi, donors, K, A, cache).run();
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
  // Moves keep the total letter sum of the groups (the r = 1 blocks have no letters, so their
  // surplus L + j - K per processor cannot move), and the receive-only letter may drop to 0.
  // Below the blocks' total need, no repacking exists: say so without searching.
  i64 total = 0, needed = 0;
  for (const Group& g : gs) total += g.sum * g.count, needed += g.ro ? 0 : need(g, kt, A) * g.count;
  if (total < needed) {
    st.impossible = true;
    for (const Group& g : gs)
      if (!g.ro && g.sum < need(g, kt, A)) st.deficit += (need(g, kt, A) - g.sum) / g.r * g.count;
    if (stats) *stats = st;
    return std::nullopt;
  }
  KnapsackCache cache;
  for (bool progress = true; progress && st.moves < kMaxMoves && !limits.expired();) {
    progress = false;
    cache.trim();
    // Blocks before the receive-only processor (its deficit has the rotation as a fallback);
    // larger blocks first: they have the fewest partners.
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
