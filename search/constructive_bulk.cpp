// Bulk packing, the constructive method "bulk" (search/constructive.hpp; SPEC Sec. 4 and 6).
// For instances whose block types have huge multiplicities (P in the millions and beyond:
// counts grow like f_t). The repair method expands every block; here a block type with
// count M is packed as a few groups of blocks that share one letter-count vector, so the
// cost grows with the number of block types and letters, never with P.
//
// Algorithm (error diffusion over Hall's sum condition):
// 1. Every block type but the root's is packed in order of increasing r (the rigid ones
//    first, while the most letters are left to choose from), in at most opt.bulk_groups
//    groups (halving sizes; the last group takes the rest). A group of G blocks gets the
//    count vector closest to its fair share of every letter, rounded so that G copies fit.
//    The share tracks a cumulative target (each letter used in proportion to its supply as
//    the slots fill up), so rounding errors are paid back by the next groups.
// 2. Its letter sum is moved into the class -u (mod r) (Hall, 1952: then a legal word with
//    these counts exists, SPEC Sec. 4) by raising letters by delta in some blocks and
//    lowering letters by r - delta in the others, mixed so that the letter sum is kept on
//    average.
// 3. The root comes last and takes every letter left; its residue is then reached by swaps
//    that keep another block legal (a letter a of a block of size r for a root letter c with
//    a = c mod r), one block split off its group per swap, following a shortest sequence of
//    swaps found breadth-first over the residues mod r0.
// 4. Words by Hall's construction (word_with_counts), in parallel.
// Not for an x-extendable root (the induction's parts): that root must be ordered as a
// ground-state pattern with an exact letter sum, which the swaps of step 3 do not aim at.
// Incomplete: a failure proves nothing. The witness is checked against the whole instance.
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <tuple>

#include "constructive.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

struct Group {
  int r = 0;
  i64 u = 0;
  i64 count = 0;
  Counts counts;
};

// The letters left and the groups packed so far; one object per call.
class BulkPacker {
 public:
  // `kept`: slots of the block packed last (the root); half its fair share of every letter
  // is kept back for it, so that it can still take some of each.
  BulkPacker(std::vector<i64> avail, i64 slots, i64 kept)
      : supply_(avail), avail_(std::move(avail)), keep_(avail_.size()), want_(avail_.size()), total_(slots), slots_(slots) {
    for (std::size_t j = 0; j < avail_.size(); ++j)
      keep_[j] = static_cast<i64>(static_cast<long double>(supply_[j]) * kept / (2.0L * std::max<i64>(1, total_)));
  }
  const std::vector<i64>& avail() const { return avail_; }
  std::vector<Group>& groups() { return groups_; }

  // Packs `count` blocks of (r, u) in groups of halving size (count/2, count/4, ..., 1), so
  // the last decisions for every type are fine enough to correct the earlier rounding;
  // at most `parts` groups (the last takes what is left). False if a group cannot be placed.
  bool pack_type(int r, i64 u, i64 count, i64 parts) {
    if (r < 2) {
      groups_.push_back({r, u, count, {}});
      return true;
    }
    for (i64 left = count, g = 1; left > 0; ++g) {
      const i64 G = g >= parts ? left : (left + 1) / 2;
      if (!pack_group(r, u, G)) return false;
      left -= G;
    }
    return true;
  }

  // The last block (r0, u0), the root, takes every letter left; its sum is then moved into
  // its class by swaps with one block of a group: a letter a of a block (r, u) for a letter c
  // of the root with a = c (mod r) keeps that block legal and moves the root's sum by a - c.
  // A shortest sequence of such moves is found breadth-first over the residues mod r0 and
  // followed while its moves are still there (a swap uses up letters); then a new one is
  // planned. With a small alphabet only short moves exist (L = 3: +-2 and 3), where a step
  // towards the nearest residue alone can lock into the wrong parity. Incomplete: a plan
  // assumes every move can be repeated, and where the root runs out of a letter the next
  // plan can undo the last step (L = 4, P = 50594508: about 1 tree in 3600 at L = 4..64).
  bool settle_last(int r0, i64 u0, int rounds) {
    Counts root(A());
    for (int j = 0; j < A(); ++j) root[j] = static_cast<std::int32_t>(avail_[j]);
    std::vector<i64> plan;  // moves still to make, the next one last
    for (int round = 0; round < rounds; ++round) {
      i64 sum = u0;
      for (int j = 0; j < A(); ++j) sum += static_cast<i64>(j) * root[j];
      const i64 need = ((-sum) % r0 + r0) % r0;
      if (need == 0) {
        groups_.push_back({r0, u0, 1, std::move(root)});
        std::fill(avail_.begin(), avail_.end(), 0);
        slots_ = 0;
        return true;
      }
      const auto moves = swaps(root);
      if (plan.empty() || !moves.contains(plan.back())) plan = shortest_moves(moves, r0, need);
      if (plan.empty()) return false;
      apply(moves.at(plan.back()).front(), root);
      plan.pop_back();
    }
    return false;
  }

 private:
  struct Swap {
    std::size_t g;  // a group (one of its blocks)
    int a, c;       // its letter a goes to the root, the root's letter c to it
  };

  // Every root-sum change d = a - c one swap can make, with up to two witnesses in
  // different groups (a pair of swaps needs two).
  std::map<i64, std::vector<Swap>> swaps(const Counts& root) const {
    std::map<i64, std::vector<Swap>> moves;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const Group& gr = groups_[g];
      if (gr.r < 2) continue;
      for (int a = 0; a < A(); ++a) {
        if (gr.counts[a] == 0) continue;
        for (int c = a % gr.r; c < A(); c += gr.r) {
          if (c == a || root[c] == 0) continue;
          auto& ws = moves[a - c];
          if (ws.size() < 2 && (ws.empty() || ws.front().g != g)) ws.push_back({g, a, c});
        }
      }
    }
    return moves;
  }

  // A shortest sequence of moves (each usable any number of times) whose sum is `need`
  // mod r0, the first move last; empty if none. Breadth-first over the r0 residues,
  // O(r0 * moves).
  static std::vector<i64> shortest_moves(const std::map<i64, std::vector<Swap>>& moves, int r0, i64 need) {
    std::vector<i64> via(r0, 0);  // the move that first reached the residue
    std::vector<char> seen(r0, 0);
    std::vector<int> frontier{0}, next;
    seen[0] = 1;
    while (!frontier.empty() && !seen[need]) {
      next.clear();
      for (const int s : frontier)
        for (const auto& [d, ws] : moves) {
          const int to = static_cast<int>(((s + d) % r0 + r0) % r0);
          if (!seen[to]) seen[to] = 1, via[to] = d, next.push_back(to);
        }
      frontier.swap(next);
    }
    std::vector<i64> plan;
    if (!seen[need]) return plan;
    for (i64 s = need; s != 0; s = ((s - via[s]) % r0 + r0) % r0) plan.push_back(via[s]);
    return plan;
  }

  // A swap in a group of several blocks splits one block off first.
  void apply(const Swap& s, Counts& root) {
    if (groups_[s.g].count > 1) {
      --groups_[s.g].count;
      groups_.push_back(groups_[s.g]);
      groups_.back().count = 1;
      groups_.back().counts[s.a] -= 1, groups_.back().counts[s.c] += 1;
      --root[s.c], ++root[s.a];
      return;
    }
    Counts& c = groups_[s.g].counts;
    --c[s.a], ++c[s.c];
    --root[s.c], ++root[s.a];
  }

  std::vector<i64> supply_;  // every letter (the receive-only letter excluded)
  std::vector<i64> avail_;   // letters not yet placed
  std::vector<i64> keep_;    // letters the groups leave to the last block
  std::vector<long double> want_;  // the current group's fair share per block
  i64 total_;                // slots in all: the sum of supply_
  i64 slots_;                // slots not yet filled: the sum of avail_
  std::vector<Group> groups_;

  int A() const { return static_cast<int>(avail_.size()); }

  // The count vector of one block closest to the fair share, G copies within avail_. The
  // share tracks the cumulative target (every letter used in proportion to its supply as
  // the slots fill up), so a rounding error is paid back by the next groups instead of
  // drifting towards the letters with most left.
  std::optional<Counts> fair_counts(int n, i64 G) {
    std::vector<long double>& want = want_;
    Counts c(A(), 0);
    std::vector<i64> cap(A());
    i64 total_cap = 0, placed = 0;
    const long double filled = static_cast<long double>(total_ - slots_ + G * n) / static_cast<long double>(total_);
    for (int j = 0; j < A(); ++j) {
      cap[j] = std::min<i64>(n, std::max<i64>(0, avail_[j] - keep_[j]) / G);
      total_cap += cap[j];
      const long double used = static_cast<long double>(supply_[j] - avail_[j]);
      want[j] = std::max<long double>(0, supply_[j] * filled - used) / G;
    }
    // Letters used beyond their target are clamped at 0 above: scale the rest to n slots.
    const long double sum = std::accumulate(want.begin(), want.end(), 0.0L);
    for (int j = 0; j < A(); ++j) {
      if (sum > 0) want[j] *= n / sum;
      c[j] = static_cast<std::int32_t>(std::min<i64>(cap[j], static_cast<i64>(std::floor(want[j]))));
      placed += c[j];
    }
    if (total_cap < n) return std::nullopt;
    std::vector<int> order(A());
    for (int j = 0; j < A(); ++j) order[j] = j;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return want[a] - c[a] > want[b] - c[b]; });
    while (placed < n)  // largest remainders first; each pass places at least one letter
      for (int j : order)
        if (placed < n && c[j] < cap[j]) ++c[j], ++placed;
    return c;
  }

  // Moves letters of c up (dir = +1) or down (dir = -1) by `amount` in total, in k blocks,
  // using `free` letters (avail_ minus what the group uses so far). Steps of one first
  // (j -> j +- 1, from the letter most above its fair share to one below it); where the
  // alphabet is too short for that, the longest steps. False if stuck.
  bool shift(Counts& c, int dir, i64 amount, i64 k, std::vector<i64>& free) const {
    Counts c0 = c;
    std::vector<i64> f0 = free;
    if (shift_unit(c, dir, amount, k, free)) return true;
    c = std::move(c0), free = std::move(f0);
    return shift_long(c, dir, amount, k, free);
  }

  bool shift_long(Counts& c, int dir, i64 amount, i64 k, std::vector<i64>& free) const {
    while (amount > 0) {  // the longest steps, lowest letter first
      int best = -1;
      i64 best_d = 0;
      for (int j = 0; j < A(); ++j) {
        if (c[j] == 0) continue;
        for (i64 d = std::min<i64>(amount, dir > 0 ? A() - 1 - j : j); d > 0; --d) {
          if (free[j + dir * d] < k) continue;
          if (d > best_d) best = j, best_d = d;
          break;
        }
      }
      if (best < 0) return false;
      const i64 dest = best + dir * best_d;
      --c[best], ++c[dest];
      free[dest] -= k, free[best] += k;
      amount -= best_d;
    }
    return true;
  }

  // Steps of one, each time from the letter j whose move j -> j + dir gains most (the
  // lowest j among equals). A step changes the gain and the feasibility of j - dir, j and
  // j + dir only, so a max-heap with lazy re-evaluation replaces the scan over the whole
  // alphabet per step (O(amount log A) instead of O(amount A): amount and A are both near
  // 10^3 at L in the hundreds).
  bool shift_unit(Counts& c, int dir, i64 amount, i64 k, std::vector<i64>& free) const {
    const int n = A();
    auto movable = [&](int j) { return j >= 0 && j < n && j + dir >= 0 && j + dir < n && c[j] > 0 && free[j + dir] >= k; };
    auto gain = [&](int j) { return want_[j + dir] - c[j + dir] - (want_[j] - c[j]); };
    using Entry = std::pair<long double, int>;  // (gain, -j): the largest gain, then the lowest j
    std::priority_queue<Entry> heap;
    auto push = [&](int j) {
      if (movable(j)) heap.push({gain(j), -j});
    };
    for (int j = 0; j < n; ++j) push(j);
    while (amount > 0) {
      if (heap.empty()) return false;
      const auto [g, negj] = heap.top();
      heap.pop();
      const int j = -negj;
      if (!movable(j) || gain(j) != g) {  // stale: re-evaluate
        push(j);
        continue;
      }
      --c[j], ++c[j + dir];
      free[j + dir] -= k, free[j] += k;
      --amount;
      for (const int m : {j - dir, j, j + dir}) push(m);
    }
    return true;
  }

  bool pack_group(int r, i64 u, i64 G) {
    const int n = r - 1;
    std::optional<Counts> c = fair_counts(n, G);
    if (!c) {
      if (G == 1) return false;
      return pack_group(r, u, G / 2) && pack_group(r, u, G - G / 2);
    }
    i64 sum = u;
    for (int j = 0; j < A(); ++j) sum += static_cast<i64>(j) * (*c)[j];
    const i64 delta = ((-sum) % r + r) % r;
    std::vector<std::pair<i64, Counts>> parts;
    if (delta == 0) {
      parts.push_back({G, *c});
    } else if (!mixed_fix(*c, r, delta, G, parts)) {
      return false;
    }
    for (auto& [k, counts] : parts) {
      for (int j = 0; j < A(); ++j) avail_[j] -= k * counts[j];
      slots_ -= k * n;
      groups_.push_back({r, u, k, std::move(counts)});
    }
    return true;
  }

  // raise `up` blocks by delta and lower the other G - up by r - delta (same class mod r);
  // up = G (r - delta) / r keeps the letter sum on average. Falls back to one direction.
  bool mixed_fix(const Counts& c, int r, i64 delta, i64 G, std::vector<std::pair<i64, Counts>>& parts) const {
    const i64 up = std::llround(static_cast<long double>(G) * (r - delta) / r);
    for (const i64 ups : {up, G, i64{0}}) {
      std::vector<i64> free = avail_;
      for (int j = 0; j < A(); ++j) free[j] -= G * c[j] + keep_[j];
      Counts hi = c, lo = c;
      if (ups > 0 && !shift(hi, +1, delta, ups, free)) continue;
      if (ups < G && !shift(lo, -1, r - delta, G - ups, free)) continue;
      parts.clear();
      if (ups > 0) parts.push_back({ups, hi});
      if (ups < G) parts.push_back({G - ups, lo});
      return true;
    }
    return false;
  }
};

}  // namespace

namespace {

// The letters left for the packer: the instance's, minus the receive-only one.
std::vector<i64> letters_without(const Instance& inst, Letter x) {
  std::vector<i64> avail = inst.letters;
  --avail[x];
  return avail;
}

i64 total(const std::vector<i64>& v) {
  i64 s = 0;
  for (i64 x : v) s = checked_add(s, x, "letters");
  return s;
}

// Packs the types of `bulk` (sorted by r descending) smallest r first; the failure line or "".
constexpr const char* kLate = "bulk: time limit reached";


std::string pack_types(BulkPacker& packer, const std::vector<BlockType>& bulk, const ConstructiveOptions& opt) {
  for (auto it = bulk.rbegin(); it != bulk.rend(); ++it) {
    if (opt.late()) return kLate;
    if (!packer.pack_type(it->r, it->u, it->count, opt.bulk_groups))
      return "bulk: no group of block (r=" + std::to_string(it->r) + ", u=" + std::to_string(it->u) +
             ") fits the letters left";
  }
  return "";
}

// Adds the packer's groups to `a` as words (Hall's construction), checks `a` against the
// whole instance (a failure is a bug: std::logic_error). kLate if the deadline cut it.
std::string finish(Assignment& a, const Instance& inst, const std::vector<Group>& groups, const ConstructiveOptions& opt) {
  a.L = inst.L, a.T = inst.T, a.t = inst.t, a.shape = inst.shape, a.P = inst.P;
  std::map<std::tuple<int, i64, Counts>, i64> merged;
  for (const auto& g : groups) merged[{g.r, g.u, g.counts}] += g.count;
  std::vector<std::pair<const std::tuple<int, i64, Counts>*, i64>> todo;
  for (const auto& [key, count] : merged) todo.emplace_back(&key, count);
  std::vector<BlockWord> words(todo.size());
  // Hall's construction is O(r^2) per word, most of the method's time for L in the
  // hundreds: the words are built in parallel.
  std::atomic<bool> cut{false};
  tbb::parallel_for(std::size_t{0}, todo.size(), [&](std::size_t i) {
    if (cut || (opt.late() && !cut.exchange(true))) return;
    const auto& [r, u, counts] = *todo[i].first;
    std::optional<Word> w = r < 2 ? Word{} : word_with_counts(r, u, counts);
    if (!w) throw std::logic_error("bulk: a group's counts miss the sum condition");
    words[i] = {r, u, todo[i].second, std::move(*w)};
  });
  if (cut) return kLate;
  a.blocks.insert(a.blocks.end(), words.begin(), words.end());
  normalize(a);
  if (auto e = check_assignment(inst, a)) throw std::logic_error("bulk witness fails the checker: " + *e);
  return "";
}

// Any root: every block but the root in groups, the root last (settle_last).
std::string pack_root_last(const Instance& inst, const ConstructiveOptions& opt, Assignment& a) {
  std::vector<BlockType> bulk = inst.blocks;
  const BlockType root = bulk.front();  // largest r: the root (u = T)
  if (root.r < 2) return "bulk: no block with letters";
  if (--bulk.front().count == 0) bulk.erase(bulk.begin());
  std::vector<i64> avail = letters_without(inst, opt.x);
  const i64 slots = total(avail);
  BulkPacker packer(std::move(avail), slots, root.r - 1);
  if (std::string e = pack_types(packer, bulk, opt); !e.empty()) return e;
  if (!packer.settle_last(root.r, root.u, root.r + 64)) return "bulk: the root's residue was not reached by swaps";
  a.receive_only = opt.x;
  return finish(a, inst, packer.groups(), opt);
}

}  // namespace

ConstructiveResult solve_bulk(const Instance& inst, const ConstructiveOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  ConstructiveResult res;
  res.method = "bulk";
  auto done = [&] {
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return res;
  };
  if (opt.x < 0 || opt.x >= inst.alphabet() || inst.letters[opt.x] == 0) {
    res.verdict = Verdict::impossible;
    res.covered = "counting: the receive-only letter " + letter_name(opt.x) + " is not a leaf letter";
    return done();
  }
  if (inst.blocks.empty()) {
    res.covered = "bulk: no blocks";
    return done();
  }
  if (opt.extendable) {
    res.covered = "bulk: an x-extendable root is not supported (use the repair method)";
    return done();
  }
  Assignment a;
  res.tries = 1;
  res.covered = pack_root_last(inst, opt, a);
  if (!res.covered.empty()) return done();
  res.witness = std::move(a);
  res.verdict = Verdict::solved;
  res.covered = "bulk groups, root last";
  return done();
}

}  // namespace blockcast
