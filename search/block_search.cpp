#include "block_search.hpp"

#include <tbb/concurrent_unordered_set.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <thread>

#include "witness.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

constexpr i64 kMaxSlots = 2'000'000;
constexpr i64 kRootBudget = 5'000;  // search nodes to find an x-extendable root word

// Saturating sum of non-negative counts: a capacity beyond 2^63 exceeds every letter
// count, so saturating keeps the check sound where throwing would refuse the instance.
i64 add_saturated(i64 a, i64 b) {
  try {
    return checked_add(a, b);
  } catch (const OverflowError&) {
    return INT64_MAX;
  }
}
i64 mul_saturated(i64 a, i64 b) {
  try {
    return checked_mul(a, b);
  } catch (const OverflowError&) {
    return INT64_MAX;
  }
}

// Root-level necessary conditions with multiplicities, O(block types * letters): no
// search, so it decides instances far beyond the slot limit (L = 2: every block (r, r+1)
// must use b^{r-1}, so f_{t-2} leaves 'a' meet one receive-only processor). Two counts:
// (1) letter j cannot exceed what all blocks can hold (max_copies per block type) plus
//     the receive-only processor;
// (2) every r = 2 block takes one letter = u (mod 2) (word condition u + w_1 = 0 mod 2)
//     and a fixed receive-only letter x one more of parity x, so each parity class must
//     have that many leaves.
// Any legal assignment meets both, so a violation proves IMPOSSIBLE. Returns the proof.
std::optional<std::string> capacity_refutation(const Instance& inst, const SearchOptions& opt) {
  const int A = inst.alphabet();
  std::vector<i64> cap(A, 0);
  std::array<i64, 2> need{0, 0}, have{0, 0};
  for (const auto& b : inst.blocks) {
    if (b.r < 1 || b.count <= 0) continue;
    if (b.r == 2) need[b.u % 2] = add_saturated(need[b.u % 2], b.count);
    for (int j = 0; j < A; ++j)
      cap[j] = add_saturated(cap[j], mul_saturated(b.count, max_letter_copies(b.r, b.u, j, A)));
  }
  for (int j = 0; j < A; ++j) {
    const i64 ro = !opt.receive_only || *opt.receive_only == j ? 1 : 0;
    if (inst.letters[j] > add_saturated(cap[j], ro))
      return "letter " + letter_name(j) + ": " + std::to_string(inst.letters[j]) +
             " leaves, blocks can absorb at most " + std::to_string(cap[j]) + " plus " +
             std::to_string(ro) + " receive-only (per-block maximum from the sum condition u + sum(w) = 0 mod r)";
    have[j % 2] = add_saturated(have[j % 2], inst.letters[j]);
  }
  if (const auto& x = opt.receive_only; x && *x >= 0 && *x < A) need[*x % 2] = add_saturated(need[*x % 2], 1);
  for (int p = 0; p < 2; ++p)
    if (have[p] < need[p])
      return std::string(p ? "odd" : "even") + " letters: " + std::to_string(have[p]) + " leaves, but " +
             std::to_string(need[p]) + " are needed by the r = 2 blocks with u " + (p ? "odd" : "even") +
             (opt.receive_only && *opt.receive_only % 2 == p ? " and the receive-only processor" : "") + " (word condition u + w_1 = 0 mod 2)";
  return std::nullopt;
}

struct Context {
  const Instance& inst;
  const SearchOptions& opt;
  int A = 0;
  std::vector<BlockType> slots;      // blocks searched one by one, root first
  std::vector<Counts> cap_suffix;    // cap_suffix[p][j]: letter j absorbable by slots >= p and tail
  std::array<i64, 2> tail_need{0, 0};  // r = 2 blocks needing a letter of parity p
  std::vector<Letter> ascending, descending;
  Stop stop;
  std::atomic<bool> incomplete{false};  // some subtree was skipped undecided
  tbb::concurrent_unordered_set<std::string> nogoods;
  std::mutex found_mutex;
  std::optional<Distribution> found;
  Context(const Instance& i, const SearchOptions& o) : inst(i), opt(o), stop(o.limits) {}
};

class Worker {
 public:
  explicit Worker(Context& c) : ctx_(c), R_(c.A, 0) {
    chosen_.reserve(c.slots.size());  // symmetry bounds point into chosen_
    for (int j = 0; j < c.A; ++j) R_[j] = static_cast<std::int32_t>(c.inst.letters[j]);
  }
  SearchStats stats;

  // Try the given vector for slot 0 and search the rest.
  bool from_root(const Counts& root) {
    if (!take(0, root)) return false;
    bool ok = dfs(1);
    give(root);
    chosen_.pop_back();
    return ok;
  }
  // Every vector for slot `pos` (respecting the symmetry bound), in search order.
  template <class F>
  void for_each_vector(int pos, F&& f) {
    const BlockType& b = ctx_.slots[pos];
    const Counts* bound = nullptr;
    if (pos > 0 && ctx_.slots[pos - 1] == b) bound = &chosen_[pos - 1];
    Counts c(ctx_.A, 0);
    // High letters first (the paper's greedy uses them up first); the extendable root
    // prefers low letters, like the paper's root words a^{L-2}(ca)*b*.
    const auto& order = pos == 0 && ctx_.opt.extendable ? ctx_.ascending : ctx_.descending;
    // An x-extendable root walks through {0..x-1}; every state of a closed walk has the
    // same size, and r * |S| = u' + sum(w) with u' = u - r, so sum(w) = x r - (u - r) + u
    // counting u in `sum` (see count_vectors / SPEC Sec. 5).
    i64 exact_sum = -1;
    if (pos == 0 && ctx_.opt.extendable && ctx_.opt.receive_only)
      exact_sum = static_cast<i64>(*ctx_.opt.receive_only) * b.r - (b.u - b.r) + b.u;
    enumerate(b, order, 0, b.r - 1, b.u, exact_sum, bound, true, c, f);
  }

  bool dfs(int pos) {
    if (ctx_.stop.stopped()) return false;
    if (pos == static_cast<int>(ctx_.slots.size())) return leaf();
    std::string key;
    if (ctx_.opt.memo) {
      key = memo_key(pos);
      if (ctx_.nogoods.count(key)) {
        ++stats.memo_hits;
        return false;
      }
    }
    bool ok = false;
    for_each_vector(pos, [&](const Counts& c) {
      if (ok || ctx_.stop.stopped()) return;
      if (take(pos, c)) {
        ok = dfs(pos + 1);
        give(c);
        chosen_.pop_back();
      }
    });
    if (!ok && ctx_.opt.memo && !ctx_.stop.stopped()) ctx_.nogoods.insert(std::move(key));
    return ok;
  }

 private:
  Context& ctx_;
  Counts R_;
  std::vector<Counts> chosen_;

  // Enumeration in the letter order `order`: order[0] gets as many as possible first, down
  // to 0; the last letter in the order takes the rest; then the sum condition. For equal
  // consecutive blocks the vector must not exceed the previous one in this order
  // (`tight`: equal to the bound so far).
  template <class F>
  void enumerate(const BlockType& b, const std::vector<Letter>& order, std::size_t i, int left,
                 i64 sum, i64 exact_sum, const Counts* bound, bool tight, Counts& c, F& f) {
    const Letter j = order[i];
    if (i + 1 == order.size()) {
      if (left > R_[j]) return;
      if (tight && bound && left > (*bound)[j]) return;
      c[j] = left;
      const i64 total = sum + static_cast<i64>(left) * j;
      if ((total % b.r + b.r) % b.r == 0 && (exact_sum < 0 || total == exact_sum)) f(c);
      c[j] = 0;
      return;
    }
    int hi = std::min(left, R_[j]);
    if (tight && bound) hi = std::min(hi, (*bound)[j]);
    for (int v = hi; v >= 0; --v) {
      c[j] = v;
      enumerate(b, order, i + 1, left - v, sum + static_cast<i64>(v) * j, exact_sum, bound,
                tight && bound && v == (*bound)[j], c, f);
      if (ctx_.stop.stopped()) break;
    }
    c[j] = 0;
  }

  bool take(int pos, const Counts& c) {
    ++stats.nodes;
    if (ctx_.stop.tick()) return false;
    for (int j = 0; j < ctx_.A; ++j) R_[j] -= c[j];
    chosen_.push_back(c);
    if (pos == 0 && ctx_.opt.extendable && ctx_.opt.receive_only && !root_extendable(c)) {
      ++stats.prune_root;
      give(c);
      chosen_.pop_back();
      return false;
    }
    if (ctx_.opt.prune && !bounds_hold(pos + 1)) {
      give(c);
      chosen_.pop_back();
      return false;
    }
    return true;
  }
  void give(const Counts& c) {
    for (int j = 0; j < ctx_.A; ++j) R_[j] += c[j];
  }

  bool root_extendable(const Counts& c) {
    const BlockType& b = ctx_.slots[0];
    bool exhausted = true;
    auto w = extendable_word_with_counts(b.r, b.u, c, *ctx_.opt.receive_only, kRootBudget, &exhausted);
    // Undecided within the budget: skip this root vector, but then the search can no
    // longer prove IMPOSSIBLE (the verdict becomes UNKNOWN unless a solution turns up).
    if (!w && !exhausted) ctx_.incomplete.store(true);
    return w.has_value();
  }

  // Necessary conditions: every letter fits into what the remaining blocks (and the
  // receive-only processor) can absorb; the r = 2 tail finds enough letters of each parity.
  bool bounds_hold(int pos) {
    const Counts& cap = ctx_.cap_suffix[pos];
    for (int j = 0; j < ctx_.A; ++j)
      if (R_[j] > cap[j] + 1) {
        ++stats.prune_bound;
        return false;
      }
    // One letter stays for the receive-only processor: when it is fixed, reserve it.
    std::array<i64, 2> have{0, 0}, need = ctx_.tail_need;
    for (int j = 0; j < ctx_.A; ++j) have[j % 2] += R_[j];
    if (const auto& x = ctx_.opt.receive_only) {
      if (R_[*x] < 1) {
        ++stats.prune_tail;
        return false;
      }
      need[*x % 2] += 1;
    }
    for (int p = 0; p < 2; ++p)
      if (have[p] < need[p]) {
        ++stats.prune_tail;
        return false;
      }
    return true;
  }

  // All slots filled: the r = 2 blocks and the receive-only processor take the rest.
  bool leaf() {
    ++stats.leaves;
    std::array<i64, 2> have{0, 0};
    for (int j = 0; j < ctx_.A; ++j) have[j % 2] += R_[j];
    for (int p = 0; p < 2; ++p)
      if (have[p] < ctx_.tail_need[p]) {
        ++stats.prune_tail;
        return false;
      }
    // Exactly one letter is left over; it must lie in the parity class with a surplus.
    const int spare = have[0] > ctx_.tail_need[0] ? 0 : 1;
    std::optional<Letter> x;
    for (Letter j = spare; j < ctx_.A && !x; j += 2)
      if (R_[j] > 0 && (!ctx_.opt.receive_only || *ctx_.opt.receive_only == j)) x = j;
    if (!x) return false;
    if (ctx_.opt.extendable && !ctx_.opt.receive_only) {
      // x was not fixed in advance: the root's extendability is checked for this x.
      const BlockType& b = ctx_.slots[0];
      if (!extendable_word_with_counts(b.r, b.u, chosen_[0], *x)) {
        ++stats.prune_root;
        return false;
      }
    }
    Distribution d;
    for (std::size_t p = 0; p < chosen_.size(); ++p) d.vectors.push_back({ctx_.slots[p], chosen_[p]});
    d.tail_letters = R_;
    d.tail_letters[*x] -= 1;
    d.receive_only = *x;
    d.extendable_root = ctx_.opt.extendable;
    std::lock_guard lock(ctx_.found_mutex);
    if (!ctx_.found) ctx_.found = std::move(d);
    ctx_.stop.cancel();
    return true;
  }

  std::string memo_key(int pos) const {
    std::string k(reinterpret_cast<const char*>(&pos), sizeof pos);
    for (auto v : R_) k.append(reinterpret_cast<const char*>(&v), sizeof v);
    if (pos > 0 && ctx_.slots[pos - 1] == ctx_.slots[pos])  // the symmetry bound is state too
      for (auto v : chosen_[pos - 1]) k.append(reinterpret_cast<const char*>(&v), sizeof v);
    return k;
  }
};

}  // namespace

SearchResult solve_exact(const Instance& inst, const SearchOptions& opt) {
  SearchResult res;
  Context ctx(inst, opt);
  ctx.A = inst.alphabet();
  for (Letter j = 0; j < ctx.A; ++j) ctx.ascending.push_back(j), ctx.descending.insert(ctx.descending.begin(), j);
  // Before the size refusals below: the counting proof needs no search, whatever the size.
  // It is part of the necessary-condition pruning, so --no-prune leaves the search itself
  // to decide (the cross-check that the proof never contradicts a complete search).
  if (opt.prune)
    if (auto proof = capacity_refutation(inst, opt)) {
      res.verdict = Verdict::impossible;
      res.covered = *proof;
      return res;
    }
  for (i64 c : inst.letters)
    if (c > INT32_MAX) {
      res.covered = "letter counts beyond 2^31: exact search not attempted";
      return res;
    }
  // Slots: every block with r >= 3, largest first, and the root even when it is small
  // (its word must be extendable for the induction).
  i64 nslots = 0;
  for (const auto& b : inst.blocks) {
    const bool root = b.u == inst.T && opt.extendable;
    i64 k = b.r >= 3 ? b.count : (root ? 1 : 0);
    if (b.r == 2) ctx.tail_need[b.u % 2] += b.count - k;
    nslots += k;
    if (nslots > kMaxSlots) {
      res.covered = "more than " + std::to_string(kMaxSlots) + " blocks: exact search not attempted";
      return res;
    }
    for (i64 i = 0; i < k; ++i) ctx.slots.push_back({b.r, b.u, 1});
  }
  std::stable_sort(ctx.slots.begin(), ctx.slots.end(), [&](const BlockType& a, const BlockType& b) {
    return (a.u == inst.T) > (b.u == inst.T);  // root first
  });
  // Absorption caps, suffix sums over slots plus the r = 2 tail (one letter of its parity).
  const int n = static_cast<int>(ctx.slots.size());
  ctx.cap_suffix.assign(n + 1, Counts(ctx.A, 0));
  for (int j = 0; j < ctx.A; ++j) ctx.cap_suffix[n][j] = static_cast<std::int32_t>(std::min<i64>(ctx.tail_need[j % 2], INT32_MAX / 2));
  std::map<std::pair<int, i64>, Counts> caps;  // per block type: many slots share one
  for (int p = n - 1; p >= 0; --p) {
    const BlockType& b = ctx.slots[p];
    auto [it, fresh] = caps.try_emplace({b.r, b.u % b.r});
    if (fresh)
      for (int j = 0; j < ctx.A; ++j) it->second.push_back(max_letter_copies(b.r, b.u, j, ctx.A));
    for (int j = 0; j < ctx.A; ++j) ctx.cap_suffix[p][j] = ctx.cap_suffix[p + 1][j] + it->second[j];
  }

  const int threads = opt.threads > 0 ? opt.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (n == 0) {
    Worker w(ctx);
    w.dfs(0);
    res.stats += w.stats;
  } else {
    // Root vectors are the parallel tasks, produced lazily in batches so that a solution
    // found early ends the search without listing every root vector.
    std::mutex stats_mutex;
    tbb::task_arena arena(threads);
    std::vector<Counts> batch;
    auto run_batch = [&] {
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, batch.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                            Worker w(ctx);
                            for (std::size_t i = range.begin(); i != range.end() && !ctx.stop.stopped(); ++i)
                              w.from_root(batch[i]);
                            std::lock_guard lock(stats_mutex);
                            res.stats += w.stats;
                          });
      });
      batch.clear();
    };
    Worker lister(ctx);
    std::size_t batch_size = 1;  // grows: the first vectors usually succeed at once
    lister.for_each_vector(0, [&](const Counts& c) {
      if (ctx.stop.stopped()) return;
      batch.push_back(c);
      if (batch.size() >= batch_size) {
        run_batch();
        batch_size = std::min<std::size_t>(batch_size * 2, 256);
      }
    });
    if (!ctx.stop.stopped() && !batch.empty()) run_batch();
  }
  res.stats.seconds = ctx.stop.seconds();
  if (ctx.found) {
    res.verdict = Verdict::solved;
    res.witness = build_witness(inst, *ctx.found);
    res.covered = "witness found and checked";
  } else if (ctx.stop.stopped() || ctx.incomplete) {
    res.verdict = Verdict::unknown;
    res.covered = ctx.incomplete ? "some root vectors were left undecided (extendable-word search budget)"
                                 : "limit hit after " + std::to_string(ctx.stop.nodes()) + " nodes";
  } else {
    res.verdict = Verdict::impossible;
    res.covered = "complete search over all letter-count vectors of " + std::to_string(n) +
                  " blocks with r >= 3 (sum condition, Hall's theorem), r <= 2 blocks in closed form" +
                  (opt.receive_only ? ", receive-only " + letter_name(*opt.receive_only) : std::string()) +
                  (opt.extendable ? ", root extendable" : "");
  }
  return res;
}

}  // namespace blockcast
