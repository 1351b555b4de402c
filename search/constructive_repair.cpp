// Constructive base cases by packing and local repair (SPEC Sec. 4, 7; Karp et al. 1993, Sec. 3.3).
//
// By Hall's theorem a block only needs the right number of letters and the right residue
// of their sum, so the non-root blocks are a packing problem on letter multisets: fill each
// block at random, let its last letter fix the residue, repair leftover bad blocks by
// swaps. The root of an x-extendable solution is a ground-state juggling pattern with x
// balls, so its letters must sum to exactly x*r0 - u' (u' = u0 - r0). They are drawn first,
// with that sum, from letters not yet placed (root_letters); the residue fixes of the blocks
// move it a little, and residue-preserving swaps with the root's letters (swap a for b with
// a = b mod r) bring it back. Finally the root's letters are ordered as a ground-state
// pattern (extendable_word_with_counts, bounded) and every other block's word comes from
// Hall's construction. Failures restart with new random choices; nothing here proves
// IMPOSSIBLE except the counting test on that exact sum.
#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>
#include <random>
#include <unordered_map>

#include "constructive.hpp"
#include "legal_words.hpp"
#include "pool_sums.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

int mod(i64 v, int r) { return static_cast<int>(floor_mod(v, r)); }

struct Slots {
  int r = 0;
  i64 u = 0;
  std::vector<int> letters;  // r - 1 of them
  // Their sum, kept up to date by add/put/refresh: repair() asks every block's residue in
  // every iteration, and summing the letters each time made a packing attempt quadratic in
  // the instance (half of conjecture --L 256). Same values, same random choices.
  i64 s = 0;
  // need() kept up to date the same way (-1: no letter placed yet): repair() scans every block
  // for a wrong residue in every iteration, and the division in each was 40 % of a packing of
  // the ties tree at L = 3, P = 4000 (kbroadcast-table's retrimmed trees).
  int nd = -1;
  i64 sum() const { return s; }
  int need() const { return nd >= 0 ? nd : mod(-(u + s), r); }  // 0 iff the block is legal
  void add(int v) { letters.push_back(v), s += v, nd = mod(-(u + s), r); }
  void put(std::size_t k, int v) { s += v - letters[k], letters[k] = v, nd = mod(-(u + s), r); }
  void refresh() { s = std::accumulate(letters.begin(), letters.end(), i64{0}), nd = mod(-(u + s), r); }
};

class Packer {
 public:
  Packer(const Instance& inst, const ConstructiveOptions&, std::mt19937_64& rng) : rng_(rng), A_(inst.alphabet()) {}

  // One randomized attempt; on success `blocks_` and `reserve_` hold the packing.
  bool attempt(const std::vector<Slots>& shape, const Counts& pool, i64 reserve_sum_target, bool use_reserve) {
    blocks_ = shape;
    std::vector<int> bag;
    for (int j = 0; j < A_; ++j) bag.insert(bag.end(), pool[j], j);
    std::shuffle(bag.begin(), bag.end(), rng_);
    std::vector<int> root;
    if (use_reserve) root = root_letters(bag, shape, reserve_sum_target);
    std::vector<std::size_t> order(blocks_.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng_);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return blocks_[a].r > blocks_[b].r; });
    for (std::size_t bi : order) {
      Slots& b = blocks_[bi];
      for (int k = 0; k + 1 < b.r - 1; ++k) b.add(take(bag, -1, 0));
      b.add(take(bag, 0, b.r, b.need()));
    }
    reserve_.assign(A_, 0);
    for (int j : bag) ++reserve_[j];
    for (int j : root) ++reserve_[j];
    dev_ = use_reserve ? reserve_sum(reserve_) - reserve_sum_target : 0;
    return repair(use_reserve);
  }
  const std::vector<Slots>& blocks() const { return blocks_; }
  const Counts& reserve() const { return reserve_; }

 private:
  // The root's letters drawn before the blocks are filled: the bag's last letters, then
  // swapped with letters of the rest until their sum is the target (or as close as single
  // swaps get). Unplaced letters carry no residue condition yet, so these swaps are free; the
  // blocks then take the rest, and the repair starts near dev_ = 0 instead of thousands off
  // (conjecture --L 250: 47 sum-fixing swaps per attempt, each a scan of every placed letter).
  std::vector<int> root_letters(std::vector<int>& bag, const std::vector<Slots>& shape, i64 target) {
    i64 placed = 0;
    for (const Slots& b : shape) placed += b.r - 1;
    const i64 n = static_cast<i64>(bag.size()) - placed;
    if (n <= 0) return {};
    std::vector<int> root(bag.end() - n, bag.end());
    bag.resize(bag.size() - n);
    i64 dev = std::accumulate(root.begin(), root.end(), i64{0}) - target;
    coarse_swaps(root, bag, dev);
    Counts in_root(A_, 0), in_bag(A_, 0);
    for (int v : root) ++in_root[v];
    for (int v : bag) ++in_bag[v];
    std::vector<int>& below = below_;  // largest bag value <= c (or -1)
    std::vector<int>& above = above_;  // smallest bag value >= c (or A_)
    while (dev != 0) {
      below.assign(A_, -1), above.assign(A_, A_);
      for (int c = 0; c < A_; ++c) below[c] = in_bag[c] > 0 ? c : c > 0 ? below[c - 1] : -1;
      for (int c = A_ - 1; c >= 0; --c) above[c] = in_bag[c] > 0 ? c : c + 1 < A_ ? above[c + 1] : A_;
      // Best single swap: root letter a for bag letter c with a - c closest to dev.
      i64 best = std::abs(dev);
      int ba = -1, bc = -1;
      for (int v = 0; v < A_ && best > 0; ++v) {
        if (in_root[v] == 0) continue;
        const i64 want = std::clamp<i64>(v - dev, 0, A_ - 1);  // the c that zeroes dev, clamped
        for (const int c : {below[want], above[want]})
          if (c >= 0 && c < A_ && c != v && std::abs(dev - (v - c)) < best) best = std::abs(dev - (v - c)), ba = v, bc = c;
      }
      if (ba < 0) break;
      dev -= ba - bc;
      --in_root[ba], ++in_root[bc], --in_bag[bc], ++in_bag[ba];
      *std::find(root.begin(), root.end(), ba) = bc;
      *std::find(bag.begin(), bag.end(), bc) = ba;
    }
    return root;
  }
  // The bulk of root_letters' work, without its O(A) scans: random root/bag pairs whose
  // exchange moves dev toward 0 without passing it, while |dev| >= A (any such pair then
  // helps, and a random one keeps the root's letters random). Bounded: if the letters that
  // help are rare, the exact best-swap loop after it takes over.
  void coarse_swaps(std::vector<int>& root, std::vector<int>& bag, i64& dev) {
    if (root.empty() || bag.empty()) return;
    for (std::size_t tries = 0, limit = 16 * (root.size() + bag.size()); std::abs(dev) >= A_ && tries < limit; ++tries) {
      int& a = root[rng_() % root.size()];
      int& c = bag[rng_() % bag.size()];
      const i64 d = a - c;  // dev changes by -d
      if (d == 0 || (d > 0) != (dev > 0) || std::abs(d) > std::abs(dev)) continue;
      dev -= d;
      std::swap(a, c);
    }
  }
  static i64 reserve_sum(const Counts& c) {
    i64 s = 0;
    for (std::size_t j = 0; j < c.size(); ++j) s += static_cast<i64>(j) * c[j];
    return s;
  }
  // Remove and return a letter from the bag: any (mode -1), or one whose value fixes the
  // block's residue: the block still lacks `need` (mod r) with this last letter counted as 0.
  int take(std::vector<int>& bag, int mode, int r, int need = 0) {
    std::size_t pick = bag.size() - 1;
    if (mode == 0 && r > 0) {
      if (residue_r_ != r) {  // the blocks come by r: one table per r, no division per letter scanned
        residue_.resize(static_cast<std::size_t>(A_));
        for (int v = 0; v < A_; ++v) residue_[static_cast<std::size_t>(v)] = mod(v, r);
        residue_r_ = r;
      }
      for (std::size_t i = bag.size(); i-- > 0;)
        if (residue_[static_cast<std::size_t>(bag[i])] == need) {
          pick = i;
          break;
        }
    }
    int v = bag[pick];
    bag[pick] = bag.back();
    bag.pop_back();
    return v;
  }

  // Fix bad residues (swaps with other blocks or the reserve), then move the non-root sum
  // to its target with residue-preserving swaps against the reserve.
  bool repair(bool use_reserve) {
    const std::size_t iters = 40 + 8 * blocks_.size();  // cheap failures: the caller restarts
    bad_.clear();
    for (std::size_t i = 0; i < blocks_.size(); ++i)
      if (blocks_[i].need() != 0) bad_.push_back(i);
    for (std::size_t iter = 0; iter < iters; ++iter) {
      if (bad_.empty() && dev_ == 0) return true;
      if (!bad_.empty()) {
        if (!fix_residue(bad_[rng_() % bad_.size()], use_reserve)) return false;
      } else if (!fix_sum()) {
        return false;
      }
    }
    return false;
  }

  // Block i's entry in bad_ after one of its letters changed. Only fix_residue and perturb
  // change a residue: the sum fixes swap letters of equal residue.
  void mark(std::size_t i) {
    const auto it = std::lower_bound(bad_.begin(), bad_.end(), i);
    const bool listed = it != bad_.end() && *it == i;
    if (blocks_[i].need() != 0 && !listed) bad_.insert(it, i);
    if (blocks_[i].need() == 0 && listed) bad_.erase(it);
  }

  // Block b lacks `need` (mod r): swap one of its letters a for a letter c with c - a = need
  // (mod r), from the reserve (changes the non-root sum) or from another block (which must
  // stay or become legal). Random tie-breaking among the best candidates.
  bool fix_residue(std::size_t bi, bool use_reserve) {
    Slots& b = blocks_[bi];
    const int need = b.need();
    struct Cand {
      std::size_t slot;
      long other;  // -1: reserve
      std::size_t oslot;
      int value;
      i64 score;
    };
    std::vector<Cand> best;
    auto offer = [&](Cand c) {
      if (!best.empty() && c.score > best.front().score) return;
      if (!best.empty() && c.score < best.front().score) best.clear();
      best.push_back(c);
    };
    for (std::size_t s = 0; s < b.letters.size(); ++s) {
      const int a = b.letters[s];
      if (use_reserve)
        for (int c = mod(a + need, b.r); c < A_; c += b.r)
          if (reserve_[c] > 0) offer({s, -1, 0, c, std::abs(dev_ + (a - c))});
    }
    // Other blocks: sample to stay cheap on large instances.
    for (int k = 0; k < 64 && blocks_.size() > 1; ++k) {
      const std::size_t oi = rng_() % blocks_.size();
      if (oi == bi || blocks_[oi].letters.empty() || b.letters.empty()) continue;
      const Slots& o = blocks_[oi];
      const std::size_t s = rng_() % b.letters.size(), os = rng_() % o.letters.size();
      const int d = o.letters[os] - b.letters[s];
      if (mod(d, b.r) != need) continue;
      const bool o_ok_after = mod(o.need() + d, o.r) == 0;  // o loses d
      offer({s, static_cast<long>(oi), os, o.letters[os], std::abs(dev_) + (o_ok_after ? 0 : 1000)});
    }
    if (best.empty()) return perturb(bi, use_reserve);
    const Cand c = best[rng_() % best.size()];
    const int a = b.letters[c.slot];
    if (c.other < 0) {
      --reserve_[c.value], ++reserve_[a];
      dev_ += a - c.value;  // the reserve gains a and loses c
    } else {
      blocks_[c.other].put(c.oslot, a);
      mark(static_cast<std::size_t>(c.other));
    }
    b.put(c.slot, c.value);
    mark(bi);
    return true;
  }
  // No swap fixes block b at once: exchange a random letter with another block.
  bool perturb(std::size_t bi, bool use_reserve) {
    (void)use_reserve;
    if (blocks_.size() < 2 || blocks_[bi].letters.empty()) return false;
    for (int k = 0; k < 50; ++k) {
      const std::size_t oi = rng_() % blocks_.size();
      if (oi == bi || blocks_[oi].letters.empty()) continue;
      std::swap(blocks_[bi].letters[rng_() % blocks_[bi].letters.size()],
                blocks_[oi].letters[rng_() % blocks_[oi].letters.size()]);
      blocks_[bi].refresh(), blocks_[oi].refresh();
      mark(bi), mark(oi);
      return true;
    }
    return false;
  }
  // No single swap nor pair of residue-preserving swaps moves the root's sum (the reserve
  // lacks the letters of the blocks' residue classes): trade two letters of one block for two
  // reserve letters with the same sum mod r, i.e. {a1, a2} -> {c1, c2} with
  // c1 + c2 = a1 + a2 - k r, the k that brings dev_ closest to 0. The block stays legal. Slot
  // pairs are sampled (blocks can have hundreds of slots); the first pair that improves is
  // taken.
  bool fix_sum_block_pair() {
    if (blocks_.empty()) return false;
    const i64 now = std::abs(dev_);
    for (int k = 0; k < 512; ++k) {
      Slots& b = blocks_[rng_() % blocks_.size()];
      const std::size_t n = b.letters.size();
      if (n < 2) continue;
      const std::size_t s1 = rng_() % n, s2 = (s1 + 1 + rng_() % (n - 1)) % n;
      const int a1 = b.letters[s1], a2 = b.letters[s2];
      const i64 want = static_cast<i64>(a1) + a2 + dev_;  // c1 + c2 that makes dev_ 0
      const i64 up = want + mod(a1 + a2 - want, b.r);     // nearest sums in a1 + a2's class
      for (const i64 sum : {up, up - b.r}) {
        if (sum < 0 || sum > 2 * static_cast<i64>(A_ - 1) || std::abs(want - sum) >= now) continue;
        const i64 lo = std::max<i64>(0, sum - (A_ - 1)), hi = sum / 2;
        if (lo > hi) continue;
        const i64 start = lo + static_cast<i64>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
        for (i64 q = 0; q <= hi - lo; ++q) {
          const int c1 = static_cast<int>(lo + (start - lo + q) % (hi - lo + 1)), c2 = static_cast<int>(sum - c1);
          if (reserve_[c1] == 0 || reserve_[c2] < (c1 == c2 ? 2 : 1)) continue;
          --reserve_[c1], --reserve_[c2], ++reserve_[a1], ++reserve_[a2];
          dev_ += static_cast<i64>(a1) + a2 - c1 - c2;
          b.put(s1, c1), b.put(s2, c2);
          return true;
        }
      }
    }
    return false;
  }

  // All residues right, the root's sum off by dev_: swap a (in a block) for c (in the
  // reserve) with c = a (mod r), bringing dev_ closest to 0.
  bool fix_sum() {
    i64 best = std::abs(dev_);
    std::vector<std::tuple<std::size_t, std::size_t, int>> cands;
    for (std::size_t bi = 0; bi < blocks_.size(); ++bi) {
      const Slots& b = blocks_[bi];
      for (std::size_t s = 0; s < b.letters.size(); ++s) {
        const int a = b.letters[s];
        // Only c with |dev_ + a - c| <= best can count: scan that window of the residue
        // class in ascending order (the whole class made this loop most of a run at large L).
        const i64 target = dev_ + a;
        const i64 lo = std::max<i64>(0, target - best), hi = std::min<i64>(A_ - 1, target + best);
        if (lo > hi) continue;
        for (i64 c = lo + mod(a - lo, b.r); c <= hi; c += b.r) {
          if (c == a || reserve_[c] == 0) continue;
          const i64 v = std::abs(dev_ + (a - c));
          if (v > best) continue;
          if (v < best) best = v, cands.clear();
          cands.emplace_back(bi, s, c);
        }
      }
    }
    if (cands.empty() || best == std::abs(dev_)) return fix_sum_pair() || fix_sum_block_pair();
    auto [bi, s, c] = cands[rng_() % cands.size()];
    const int a = blocks_[bi].letters[s];
    --reserve_[c], ++reserve_[a];
    dev_ += a - c;
    blocks_[bi].put(s, c);
    return true;
  }

  // No single swap brings the sum closer (typically dev_ = +-1 with every block size >= 2):
  // two residue-preserving swaps in different slots whose changes add up to -dev_ exactly.
  // Per change value one swap is kept (the first in a random rotation of the blocks).
  bool fix_sum_pair() {
    struct Swap {
      std::size_t bi, s;
      int c;
    };
    std::unordered_map<i64, Swap> by_delta;  // dev_ changes by a - c
    const std::size_t n = blocks_.size(), off = n ? rng_() % n : 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t bi = (k + off) % n;
      const Slots& b = blocks_[bi];
      for (std::size_t s = 0; s < b.letters.size(); ++s) {
        const int a = b.letters[s];
        for (int c = mod(a, b.r); c < A_; c += b.r)
          if (c != a && reserve_[c] > 0) by_delta.emplace(a - c, Swap{bi, s, c});
      }
    }
    for (const auto& [d1, s1] : by_delta) {
      auto it = by_delta.find(-dev_ - d1);
      if (it == by_delta.end()) continue;
      const Swap& s2 = it->second;
      if (s1.bi == s2.bi && s1.s == s2.s) continue;
      if (s1.c == s2.c && reserve_[s1.c] < 2) continue;
      for (const Swap& sw : {s1, s2}) {
        const int a = blocks_[sw.bi].letters[sw.s];
        --reserve_[sw.c], ++reserve_[a];
        dev_ += a - sw.c;
        blocks_[sw.bi].put(sw.s, sw.c);
      }
      return true;
    }
    return false;
  }

  std::mt19937_64& rng_;
  int A_;
  std::vector<Slots> blocks_;
  // The blocks with a wrong residue, ascending, kept up to date by mark(): rebuilding it in
  // every repair iteration (a scan of every block) was half of a packing of the ties tree at
  // L = 3, P = 9000 (kbroadcast-table's retrimmed trees). Same order, same random choices.
  std::vector<std::size_t> bad_;
  Counts reserve_;
  std::vector<int> below_, above_;
  std::vector<int> residue_;  // residue_[v] = v mod residue_r_ (take's scan)
  int residue_r_ = 0;
  i64 dev_ = 0;  // (sum of the reserve, i.e. the root's letters) - (its target)
};

}  // namespace

ConstructiveResult solve_repair(const Instance& inst, const ConstructiveOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  ConstructiveResult res;
  res.method = "repair";
  auto done = [&] {
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return res;
  };
  const int A = inst.alphabet();
  if (opt.x < 0 || opt.x >= A || inst.letters[opt.x] == 0) {
    res.verdict = Verdict::impossible;
    res.covered = "counting: the receive-only letter " + letter_name(opt.x) + " is not a leaf letter";
    return done();
  }
  Counts pool(A);
  for (int j = 0; j < A; ++j) {
    if (inst.letters[j] > INT32_MAX) {  // the packer holds one int per leaf: far beyond its reach
      res.covered = "too many leaves for the packer (" + std::to_string(inst.letters[j]) + " with one letter)";
      return done();
    }
    pool[j] = static_cast<std::int32_t>(inst.letters[j]);
  }
  --pool[opt.x];
  // The root (u = T, one block) when it must be extendable; every other block is packed.
  const BlockType* root = nullptr;
  if (opt.extendable)
    for (const auto& b : inst.blocks)
      if (b.u == inst.T && b.count == 1) root = &b;
  if (opt.extendable && (!root || root->u < root->r)) {
    res.covered = "no root block to extend";
    return done();
  }
  std::vector<Slots> shape;
  i64 slots = 0;
  for (const auto& b : inst.blocks) {
    if (&b == root || b.r < 2) continue;
    for (i64 k = 0; k < b.count; ++k) shape.push_back({b.r, b.u, {}}), slots += b.r - 1;
  }
  i64 target = 0;  // the root's letter sum
  if (root) {
    target = static_cast<i64>(opt.x) * root->r - (root->u - root->r);
    // Counting: the non-root letters are `slots` letters of the pool; their sum lies between
    // the sums of the smallest and of the largest `slots` pool letters.
    const auto [total, lo, hi] = pool_sums(pool, A, slots);
    const i64 rest = total - target;
    if (target < 0 || rest < lo || rest > hi) {
      res.verdict = Verdict::impossible;
      res.covered = "counting: an x-extendable root needs letter sum x*r - u' = " + std::to_string(target) +
                    ", leaving " + std::to_string(rest) + " for the other blocks, outside [" + std::to_string(lo) +
                    ", " + std::to_string(hi) + "]";
      return done();
    }
  }
  // Instances with nothing to choose are decided exactly: a lone block takes every letter
  // (Hall: legal iff the sum condition holds); a lone extendable root takes every letter and
  // the ground-state search below runs to exhaustion.
  if (!root && shape.size() == 1 && shape[0].r - 1 == slots) {
    i64 sum = shape[0].u;
    for (int j = 0; j < A; ++j) sum += static_cast<i64>(j) * pool[j];
    if (sum % shape[0].r != 0) {
      res.verdict = Verdict::impossible;
      res.covered = "counting: the only block takes every letter and misses the sum condition";
      return done();
    }
  }
  const bool lone_root = root && shape.empty();
  std::mt19937_64 rng(opt.seed);
  Packer packer(inst, opt, rng);
  const int tries = opt.tries <= 0 ? 0 : lone_root ? 1 : opt.tries;  // 0: counting checks only
  for (int t = 0; t < tries; ++t) {
    if (opt.late()) {
      res.covered = "time limit reached after " + std::to_string(res.tries) + " attempts";
      return done();
    }
    ++res.tries;
    // The packer's reserve is the root's letters: its sum must come out at `target`.
    if (!packer.attempt(shape, pool, target, root != nullptr)) continue;
    std::vector<PlacedWord> words;
    if (root) {
      bool exhausted = false;
      auto w = extendable_word_with_counts(root->r, root->u, packer.reserve(), opt.x,
                                           lone_root ? 50 * opt.root_nodes : opt.root_nodes, &exhausted);
      if (!w && lone_root && exhausted) {
        res.verdict = Verdict::impossible;
        res.covered = "exhaustive: the root takes every letter and has no ground-state order";
        return done();
      }
      if (!w) continue;
      words.push_back({root->r, root->u, *w});
    }
    for (const auto& b : packer.blocks()) words.push_back({b.r, b.u, *word_with_letters(b.r, b.u, b.letters)});
    res.witness = finish_constructive(inst, words, opt, res.method);
    res.verdict = Verdict::solved;
    res.covered = "packed and repaired, attempt " + std::to_string(res.tries);
    return done();
  }
  res.covered = "no packing with a ground-state root in " + std::to_string(opt.tries) + " attempts";
  return done();
}

}  // namespace blockcast
