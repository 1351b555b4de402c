// Trimmed-tree search (see trim_search.hpp; SPEC Sec. 4 and 6).
//
// State: R[j] = leaves of letter j not yet taken (signed for letters >= L, which nodes
// decided later may still create), D = leaves still to remove. A slot (one node with r0
// children) chooses m and a vector; nodes with 1 or 2 children are settled at the leaf of
// the search: b1 one-child nodes become leaves (letter L), b2 / c2 two-child nodes lose one
// / both leaves (c2 creates letter L+1), the remaining r = 2 blocks each take one letter of
// parity L+1 and the receive-only processor the last letter. Letter L has the other parity,
// so at most one of them may be left for the receive-only processor: b1 has <= 2 values.
#include "everyp/trim_search.hpp"

#include <tbb/concurrent_unordered_set.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "free_later.hpp"
#include "lazy_batches.hpp"
#include "witness.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

constexpr i64 kSpan = INT64_MAX / 4;  // "unbounded" capacity; sums stay far from overflow

using Balance = std::vector<i64>;

struct Class {
  int r0 = 0;
  i64 u = 0;
  i64 nodes = 0;
  int mmax = 0;  // largest number of leaves one node may lose
};

struct Choice {
  int m = 0;
  Counts c;  // letter counts of the block (r0 - m, u); empty when the node became a leaf
};

struct Settled {  // 1- and 2-child nodes, decided in closed form
  i64 b1 = 0, b2 = 0, c2 = 0;
  Letter x = 0;
};

struct Context {
  const TreeSpec& spec;
  const SearchOptions& opt;
  int L = 0, A = 0;
  std::vector<Class> classes;    // r0 descending
  std::vector<int> slot_class;   // one entry per slot, root first
  i64 n1 = 0, n2 = 0;            // 1- and 2-child nodes left to the closed form
  int m1 = 0, m2 = 0;            // their largest trims
  std::vector<Balance> cap;      // cap[p][j]: letter j that slots >= p and the tail can take away
  std::vector<Balance> wcap;     // wcap[p][j]: the part of it absorbed by words (no trims)
  std::vector<Balance> supply;   // supply[p][j]: leaves of letter j >= L they can still create
  std::vector<i64> trim;         // trim[p]: leaves they can still lose
  Balance start;                 // letters of the untrimmed T_T
  Stop stop;
  std::atomic<bool> incomplete{false};
  tbb::concurrent_unordered_set<std::string> nogoods;
  std::mutex found_mutex;
  std::optional<std::pair<std::vector<Choice>, Settled>> found;
  Context(const TreeSpec& s, const SearchOptions& o) : spec(s), opt(o), stop(o.limits) {}
  const Class& cls(int pos) const { return classes[slot_class[pos]]; }
};

// What one node of class c can take away of letter j: absorb it in its word or lose a leaf
// carrying it, whichever is larger over its trims m.
i64 node_cap(const Class& c, Letter j, int L, int A) {
  i64 best = 0;
  for (int m = 0; m <= c.mmax; ++m) {
    i64 v = j < L && m > j ? 1 : 0;
    if (m < c.r0) v += max_letter_copies(c.r0 - m, c.u, j, A);
    best = std::max(best, v);
  }
  return best;
}

// What one node of class c can absorb of letter j in its word, over its trims m.
i64 node_word_cap(const Class& c, Letter j, int A) {
  i64 best = 0;
  for (int m = 0; m <= c.mmax && m < c.r0; ++m) best = std::max<i64>(best, max_letter_copies(c.r0 - m, c.u, j, A));
  return best;
}

class Worker {
 public:
  explicit Worker(Context& c) : ctx_(c), R_(c.start), D_(c.spec.removed) {
    chosen_.reserve(c.slot_class.size());  // symmetry bounds point into chosen_
  }
  SearchStats stats;

  bool from_root(const Choice& ch) {
    if (!take(0, ch)) return false;
    const bool ok = search_from(1);
    give(0);
    return ok;
  }

  // Every choice (m, vector) of slot `pos` in search order, respecting the symmetry bound.
  template <class F>
  void for_each_choice(int pos, F&& f) {
    Frame fr = frame(pos);
    while (next_choice(fr)) f(fr.cur);
  }

  // The slots from `start` on, depth first with an explicit stack (one frame per slot, so
  // trees with many thousands of slots need no deep call stack: oneTBB workers and
  // sanitizer builds keep their default stacks). Choices are taken in the order of the
  // former recursion, so node counts, limits and witnesses are unchanged.
  bool search_from(int start) {
    const int n = static_cast<int>(ctx_.slot_class.size());
    if (ctx_.stop.stopped()) return false;
    if (start == n) return leaf();
    std::vector<Frame> stack;
    auto push = [&](int pos) {
      if (ctx_.opt.memo && ctx_.nogoods.count(memo_key(pos))) {
        ++stats.memo_hits;
        return false;
      }
      stack.push_back(frame(pos));
      return true;
    };
    if (!push(start)) return false;
    while (!stack.empty()) {
      Frame& fr = stack.back();
      if (!ctx_.stop.stopped() && next_choice(fr)) {
        const int pos = fr.pos;
        if (!take(pos, fr.cur)) continue;
        if (ctx_.stop.stopped()) {
          give(pos);
        } else if (pos + 1 == n) {
          if (leaf()) {
            for (std::size_t k = stack.size(); k-- > 0;) give(stack[k].pos);
            return true;
          }
          give(pos);
        } else if (!push(pos + 1)) {
          give(pos);
        }
        continue;
      }
      // Exhausted (or stopped): the state is again the one the frame was entered with.
      if (ctx_.opt.memo && !ctx_.stop.stopped()) ctx_.nogoods.insert(memo_key(fr.pos));
      stack.pop_back();
      if (!stack.empty()) give(stack.back().pos);
    }
    return false;
  }

 private:
  Context& ctx_;
  Balance R_;
  i64 D_;
  std::vector<Choice> chosen_;

  // Where one slot stands in its list of choices: trims m from mhi down to 0, per m the
  // vectors in the order below. R_ and D_ are the frame's entry state whenever it moves on.
  struct Frame {
    int pos = 0;
    int mhi = 0;
    int m = 0;                 // the trim being listed
    bool vectors = false;      // cur.c holds a vector of trim m to continue from
    bool started = false;
    Choice cur;
  };

  Frame frame(int pos) const {
    const Class& c = ctx_.cls(pos);
    const Choice* prev = previous(pos);
    Frame fr;
    fr.pos = pos;
    fr.mhi = static_cast<int>(std::min<i64>(c.mmax, D_));
    if (prev) fr.mhi = std::min(fr.mhi, prev->m);
    if (pos == 0 && ctx_.opt.extendable) fr.mhi = std::min(fr.mhi, c.r0 - 1);  // the root must stay a block
    return fr;
  }

  const Choice* previous(int pos) const {
    return pos > 0 && ctx_.slot_class[pos - 1] == ctx_.slot_class[pos] ? &chosen_[pos - 1] : nullptr;
  }

  std::uint32_t polls_ = 0;
  bool next_choice(Frame& fr) {
    const Class& c = ctx_.cls(fr.pos);
    while (!ctx_.stop.stopped()) {
      // One slot's vectors can take seconds without a node: the deadline is polled here.
      if ((++polls_ & 4095) == 0 && ctx_.stop.check_time()) break;
      if (fr.vectors) {
        if (next_vector(fr)) return true;
        fr.vectors = false;
        continue;
      }
      fr.m = fr.started ? fr.m - 1 : fr.mhi;
      fr.started = true;
      if (fr.m < 0) return false;
      bool fits = true;  // the m removed leaves carry letters 0..m-1
      for (int j = 0; j < fr.m; ++j) fits = fits && R_[j] >= 1;
      if (!fits) continue;
      if (fr.m == c.r0) {
        fr.cur = Choice{fr.m, {}};
        return true;
      }
      fr.cur = Choice{fr.m, Counts(ctx_.A, 0)};
      fr.vectors = true;
      Prefix p{c.r0 - fr.m - 1, 0, true};
      if (descend(fr, 0, p)) return true;
    }
    return false;
  }

  // Vectors of r - 1 letters, letters in descending order (ascending for the extendable
  // root, like the paper's root words a^{L-2}(ca)*b*), each position from its largest
  // value down to 0; non-increasing against the symmetry bound for equal neighbours.
  struct Prefix {
    i64 left = 0, sum = 0;
    bool tight = true;
  };
  Letter letter_at(const Frame& fr, int i) const { return fr.pos == 0 && ctx_.opt.extendable ? i : ctx_.A - 1 - i; }
  const Counts* bound_of(const Frame& fr) const {
    const Choice* prev = previous(fr.pos);
    return prev && prev->m == fr.m ? &prev->c : nullptr;
  }
  i64 avail(const Frame& fr, Letter j) const {
    return j < ctx_.L ? R_[j] - (j < fr.m ? 1 : 0) : R_[j] + ctx_.supply[fr.pos + 1][j];
  }
  i64 high(const Frame& fr, Letter j, const Prefix& p, const Counts* bound) const {
    i64 hi = std::min<i64>(p.left, std::max<i64>(avail(fr, j), 0));
    if (p.tight && bound) hi = std::min<i64>(hi, (*bound)[j]);
    return hi;
  }
  void advance(Prefix& p, Letter j, i64 v, const Counts* bound) const {
    p.left -= v, p.sum += v * j;
    p.tight = p.tight && bound && v == (*bound)[j];
  }

  // Positions i .. A-2 at their largest values, the last one takes what is left; true if
  // that vector passes the sum condition (and the extendable root's exact sum).
  bool descend(Frame& fr, int i, Prefix p) {
    const Class& c = ctx_.cls(fr.pos);
    const Counts* bound = bound_of(fr);
    for (; i + 1 < ctx_.A; ++i) {
      const Letter j = letter_at(fr, i);
      const i64 v = high(fr, j, p, bound);
      fr.cur.c[j] = static_cast<std::int32_t>(v);
      advance(p, j, v, bound);
    }
    const Letter j = letter_at(fr, ctx_.A - 1);
    if (p.left > high(fr, j, p, bound)) return false;
    const int r = c.r0 - fr.m;
    i64 exact = -1;  // an x-extendable root has sum(w) = x r - (u - r) (its walk passes {0..x-1}; SPEC Sec. 7)
    if (fr.pos == 0 && ctx_.opt.extendable && ctx_.opt.receive_only)
      exact = static_cast<i64>(*ctx_.opt.receive_only) * r - (c.u - r);
    const i64 total = c.u + p.sum + p.left * j;
    if (total % r == 0 && (exact < 0 || total - c.u == exact)) {
      fr.cur.c[j] = static_cast<std::int32_t>(p.left);
      return true;
    }
    ctx_.stop.tick();  // rejected vectors count too: the node limit bounds the listing
    return false;
  }

  // The vector after fr.cur.c in the order of descend: the last position below A-1 that
  // can still go down does, everything after it starts again at its largest value.
  bool next_vector(Frame& fr) {
    const Counts* bound = bound_of(fr);
    while (!ctx_.stop.stopped()) {
      // A prefix that fails before its last letter is no tick: poll the deadline here too
      // (table --L 30..40 ran 0.2 s past it in this loop).
      if ((++polls_ & 4095) == 0 && ctx_.stop.check_time()) return false;
      fr.cur.c[letter_at(fr, ctx_.A - 1)] = 0;
      int i = ctx_.A - 2;
      while (i >= 0 && fr.cur.c[letter_at(fr, i)] == 0) --i;
      if (i < 0) return false;
      --fr.cur.c[letter_at(fr, i)];
      Prefix p{ctx_.cls(fr.pos).r0 - fr.m - 1, 0, true};
      for (int k = 0; k <= i; ++k) {
        const Letter j = letter_at(fr, k);
        advance(p, j, fr.cur.c[j], bound);
      }
      if (descend(fr, i + 1, p)) return true;
    }
    return false;
  }

  void apply(int pos, const Choice& ch, int sign) {
    const Class& c = ctx_.cls(pos);
    for (int j = 0; j < ch.m; ++j) R_[j] -= sign;
    D_ -= sign * ch.m;
    if (ch.m == c.r0)
      R_[c.u] += sign;  // the node is now a leaf with letter u = L-1+r0
    else
      for (int j = 0; j < ctx_.A; ++j) R_[j] -= sign * static_cast<i64>(ch.c[j]);
  }

  bool take(int pos, const Choice& ch) {
    ++stats.nodes;
    if (ctx_.stop.tick()) return false;
    apply(pos, ch, +1);
    chosen_.push_back(ch);
    bool ok = true;
    if (pos == 0 && ctx_.opt.extendable && ctx_.opt.receive_only && !root_extendable()) {
      ++stats.prune_root;
      ok = false;
    }
    if (ok && !bounds_hold(pos + 1)) ok = false;
    if (!ok) give(pos);
    return ok;
  }
  void give(int pos) {
    apply(pos, chosen_.back(), -1);
    chosen_.pop_back();
  }

  bool root_extendable() {
    const Class& c = ctx_.cls(0);
    bool exhausted = true;
    auto w = extendable_word_with_counts(c.r0 - chosen_[0].m, c.u, chosen_[0].c, *ctx_.opt.receive_only,
                                         ctx_.opt.tuning.root_nodes, &exhausted);
    if (!w && !exhausted) ctx_.incomplete.store(true);  // undecided: no IMPOSSIBLE any more
    return w.has_value();
  }

  // Necessary conditions for the nodes from slot `pos` on: leaves to remove within reach,
  // no letter below zero beyond what they can still create, none beyond what they (and the
  // receive-only processor) can take.
  bool bounds_hold(int pos) {
    if (D_ < 0 || (ctx_.opt.prune && D_ > ctx_.trim[pos])) {
      ++stats.prune_bound;
      return false;
    }
    for (int j = 0; j < ctx_.A; ++j) {
      if (R_[j] + ctx_.supply[pos][j] < 0) {
        ++stats.prune_bound;
        return false;
      }
      if (ctx_.opt.prune && R_[j] > ctx_.cap[pos][j] + 1) {
        ++stats.prune_bound;
        return false;
      }
    }
    if (!ctx_.opt.prune) return true;
    // Owed letters L-1+r0 need fully trimmed r0-child nodes, r0 leaves each; a leaf letter
    // j not absorbed by words is removed only by a trim of m > j >= j+1 leaves.
    i64 cost = 0;
    for (int j = ctx_.L; j < ctx_.A; ++j)
      if (R_[j] < 0) cost += -R_[j] * (j - ctx_.L + 1);
    for (int j = 0; j < ctx_.L; ++j)
      if (i64 extra = R_[j] - 1 - ctx_.wcap[pos][j]; extra > 0) cost = std::max(cost, extra * (j + 1));
    if (cost > D_) {
      ++stats.prune_bound;
      return false;
    }
    if (const auto& x = ctx_.opt.receive_only; x && R_[*x] + ctx_.supply[pos][*x] < 1) {
      ++stats.prune_tail;
      return false;
    }
    return true;
  }

  // All slots decided: settle the 1- and 2-child nodes (see the file comment).
  bool leaf() {
    ++stats.leaves;
    const int L = ctx_.L;
    const int p = (L + 1) % 2;  // parity of the letters a 2-child block can take
    for (i64 c2 = 0; c2 <= (ctx_.m2 >= 2 ? std::min(ctx_.n2, D_ / 2) : 0); ++c2) {
      const i64 rest = D_ - 2 * c2;
      for (i64 left_L = 0; left_L <= 1; ++left_L) {  // letter L left for the receive-only processor
        const i64 b1 = ctx_.m1 >= 1 ? left_L - R_[L] : 0;
        if (b1 < 0 || b1 > ctx_.n1 || (ctx_.m1 < 1 && R_[L] != left_L)) continue;
        const i64 b2 = rest - b1;
        if (b2 < 0 || b2 > ctx_.n2 - c2 || (ctx_.m2 < 1 && b2 > 0)) continue;
        Balance F = R_;
        F[0] -= b1 + b2 + c2;
        if (c2) F[1] -= c2, F[L + 1] += c2;
        F[L] += b1;
        if (auto x = settle(F, ctx_.n2 - b2 - c2, p)) return record({b1, b2, c2, *x});
      }
    }
    ++stats.prune_tail;
    return false;
  }

  // The r = 2 blocks take one letter of parity p each, the receive-only processor the rest.
  std::optional<Letter> settle(const Balance& F, i64 blocks2, int p) {
    i64 same = 0, other = 0;
    for (int j = 0; j < ctx_.A; ++j) {
      if (F[j] < 0) return std::nullopt;
      (j % 2 == p ? same : other) += F[j];
    }
    if (other > 1 || same + other != blocks2 + 1) return std::nullopt;
    for (Letter j = 0; j < ctx_.A; ++j) {
      if (F[j] == 0 || (other == 1 && j % 2 == p)) continue;
      if (ctx_.opt.receive_only && *ctx_.opt.receive_only != j) continue;
      if (ctx_.opt.extendable && !ctx_.opt.receive_only) {
        const Class& c = ctx_.cls(0);
        if (!extendable_word_with_counts(c.r0 - chosen_[0].m, c.u, chosen_[0].c, j)) continue;
      }
      return j;
    }
    return std::nullopt;
  }

  bool record(const Settled& s) {
    std::lock_guard lock(ctx_.found_mutex);
    if (!ctx_.found) ctx_.found.emplace(chosen_, s);
    ctx_.stop.cancel();
    return true;
  }

  std::string memo_key(int pos) const {
    std::string k(reinterpret_cast<const char*>(&pos), sizeof pos);
    k.append(reinterpret_cast<const char*>(&D_), sizeof D_);
    for (i64 v : R_) k.append(reinterpret_cast<const char*>(&v), sizeof v);
    if (pos > 0 && ctx_.slot_class[pos - 1] == ctx_.slot_class[pos]) {  // the symmetry bound is state too
      const Choice& prev = chosen_[pos - 1];
      k.append(reinterpret_cast<const char*>(&prev.m), sizeof prev.m);
      for (auto v : prev.c) k.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    return k;
  }
};

// The witness: profile from the choices, words from the vectors (witness.hpp), checked
// against the trimmed instance and, through claimed_instance, against the shape rules.
Assignment make_witness(const Context& ctx, const std::vector<Choice>& choices, const Settled& s) {
  TrimProfile profile;
  Distribution d;
  for (std::size_t p = 0; p < choices.size(); ++p) {
    const Class& c = ctx.cls(static_cast<int>(p));
    const Choice& ch = choices[p];
    if (ch.m > 0) ++profile[{c.r0, ch.m}];
    if (ch.m < c.r0) d.vectors.push_back({BlockType{c.r0 - ch.m, c.u, 1}, ch.c});
  }
  if (s.b1) profile[{1, 1}] += s.b1;
  if (s.b2) profile[{2, 1}] += s.b2;
  if (s.c2) profile[{2, 2}] += s.c2;
  const Instance inst = trimmed_instance(ctx.spec, profile);
  Balance left = inst.letters;
  left.resize(ctx.A, 0);
  for (const auto& [type, c] : d.vectors)
    for (int j = 0; j < ctx.A; ++j) left[j] -= c[j];
  left[s.x] -= 1;
  d.tail_letters.assign(left.begin(), left.end());
  d.receive_only = s.x;
  d.extendable_root = ctx.opt.extendable;
  Assignment a = build_witness(inst, d);  // checked against inst
  if (canonical(ctx.spec))
    if (auto e = check_assignment(claimed_instance(a), a)) throw std::logic_error("trimmed witness: " + *e);
  return a;
}

}  // namespace

bool canonical(const TreeSpec& spec) {
  if (spec.P < 2) return false;
  try {
    const TreeSpec c = spec.shape == Shape::pruned && spec.T != spec.t + 1 ? pruned_spec(spec.L, spec.P, spec.T)
                                                                          : tree_spec(spec.L, spec.P, spec.shape);
    return c.T == spec.T && c.t == spec.t && c.removed == spec.removed && c.max_trim == spec.max_trim;
  } catch (const InputError&) {
    return false;
  }
}

SearchResult solve_trimmed(const TreeSpec& spec, const SearchOptions& opt) {
  if (spec.removed == 0) {  // nothing to trim: the optimal tree (or T_{t+1} itself)
    Instance I = optimal_instance(spec.L, spec.T);
    I.t = spec.t, I.P = spec.P;
    I.shape = spec.shape == Shape::pruned ? Shape::pruned : Shape::optimal;
    return solve_exact(I, opt);
  }
  SearchResult res;
  if (opt.limits.expired()) {  // the command's deadline: not even the set-up (n * A balances)
    res.covered = "time limit reached before the search";
    return res;
  }
  auto owned = std::make_unique<Context>(spec, opt);
  Context& ctx = *owned;  // its memo can hold 10^5 strings: freed later if the deadline has passed
  FreeLaterGuard free_memo(owned, [&opt] { return opt.limits.expired(); });
  ctx.L = spec.L;
  ctx.A = spec.L + std::min(spec.L, spec.max_trim);
  ctx.start = full_leaves(spec.L, spec.T);
  ctx.start.resize(ctx.A, 0);
  if (opt.receive_only && (*opt.receive_only < 0 || *opt.receive_only >= ctx.A)) {
    res.verdict = Verdict::impossible;
    res.covered = "receive-only letter " + letter_name(*opt.receive_only) + " does not occur in these trees";
    return res;
  }
  for (const auto& nc : node_classes(spec.L, spec.T))
    ctx.classes.push_back({nc.r0, spec.L - 1 + nc.r0, nc.nodes, std::min({nc.r0, spec.L, spec.max_trim})});
  // Root-level bounds with multiplicities: decides hopeless instances of any size.
  Balance cap(ctx.A, 1);  // the receive-only processor takes one letter
  i64 trim = 0;
  for (const auto& c : ctx.classes) {
    // A * trims * r per class (half a second in all at L = 154, T = 877): the deadline is
    // polled per class.
    if (opt.limits.expired()) {
      res.covered = "time limit reached while bounding the letters, before the search";
      return res;
    }
    for (int j = 0; j < ctx.A; ++j) cap[j] = std::min(kSpan, checked_add(cap[j], checked_mul(c.nodes, node_cap(c, j, ctx.L, ctx.A))));
    trim = checked_add(trim, checked_mul(c.nodes, c.mmax));
  }
  for (int j = 0; j < spec.L; ++j)  // leaf letters: nothing creates more of them
    if (opt.prune && ctx.start[j] > cap[j]) {
      res.verdict = Verdict::impossible;
      res.covered = "letter " + letter_name(j) + ": " + std::to_string(ctx.start[j]) +
                    " leaves, the nodes can take away at most " + std::to_string(cap[j] - 1) +
                    " plus 1 receive-only (per-node maxima from the sum condition and trims)";
      return res;
    }
  if (trim < spec.removed) {
    res.verdict = Verdict::impossible;
    res.covered = "only " + std::to_string(trim) + " leaves can be removed, " + std::to_string(spec.removed) + " must go";
    return res;
  }
  // Slots: the root, then every node with >= 3 children; 1- and 2-child nodes in closed form.
  for (int ci = 0; ci < static_cast<int>(ctx.classes.size()); ++ci) {
    const Class& c = ctx.classes[ci];
    i64 k = c.r0 >= 3 ? c.nodes : (ci == 0 ? 1 : 0);
    if (static_cast<i64>(ctx.slot_class.size()) + k > opt.tuning.max_trim_slots) {
      res.covered = "more than " + std::to_string(opt.tuning.max_trim_slots) + " nodes with >= 3 children: trimmed search not attempted";
      return res;
    }
    ctx.slot_class.insert(ctx.slot_class.end(), k, ci);
    if (c.r0 == 1) ctx.n1 += c.nodes - k, ctx.m1 = c.mmax;
    if (c.r0 == 2) ctx.n2 += c.nodes - k, ctx.m2 = c.mmax;
  }
  const int n = static_cast<int>(ctx.slot_class.size());
  ctx.cap.assign(n + 1, Balance(ctx.A, 0));
  ctx.wcap.assign(n + 1, Balance(ctx.A, 0));
  ctx.supply.assign(n + 1, Balance(ctx.A, 0));
  ctx.trim.assign(n + 1, ctx.n1 * ctx.m1 + ctx.n2 * ctx.m2);
  for (int j = 0; j < ctx.A; ++j) {
    if (ctx.n2) ctx.cap[n][j] = ctx.n2 * node_cap({2, spec.L + 1, 1, ctx.m2}, j, ctx.L, ctx.A);
    if (ctx.n1) ctx.cap[n][j] += ctx.n1 * node_cap({1, spec.L, 1, ctx.m1}, j, ctx.L, ctx.A);
    if (ctx.n2) ctx.wcap[n][j] = ctx.n2 * node_word_cap({2, spec.L + 1, 1, ctx.m2}, j, ctx.A);
  }
  if (ctx.m1 >= 1) ctx.supply[n][spec.L] = ctx.n1;
  if (ctx.m2 >= 2) ctx.supply[n][spec.L + 1] = ctx.n2;
  std::vector<Balance> class_cap(ctx.classes.size());
  for (int p = n - 1; p >= 0; --p) {
    // The set-up is n * A balances (seconds for 10^5 slots): the deadline is checked here too.
    if (p % 256 == 0 && opt.limits.expired()) {
      res.covered = "time limit reached while setting up the search of " + std::to_string(n) + " nodes";
      return res;
    }
    const Class& c = ctx.cls(p);
    Balance& cc = class_cap[ctx.slot_class[p]];
    if (cc.empty())
      for (int j = 0; j < ctx.A; ++j) cc.push_back(node_cap(c, j, ctx.L, ctx.A)), cc.push_back(node_word_cap(c, j, ctx.A));
    ctx.cap[p] = ctx.cap[p + 1], ctx.wcap[p] = ctx.wcap[p + 1], ctx.supply[p] = ctx.supply[p + 1];
    for (int j = 0; j < ctx.A; ++j) ctx.cap[p][j] += cc[2 * j], ctx.wcap[p][j] += cc[2 * j + 1];
    if (c.mmax == c.r0) ctx.supply[p][c.u] += 1;
    ctx.trim[p] = ctx.trim[p + 1] + c.mmax;
  }

  std::mutex stats_mutex;
  Worker lister(ctx);
  run_lazy_batches<Choice>(
      opt.threads, ctx.stop, [&](auto&& emit) { lister.for_each_choice(0, emit); },
      [&](auto first, auto last) {
        Worker w(ctx);
        for (auto it = first; it != last && !ctx.stop.stopped(); ++it) w.from_root(*it);
        std::lock_guard lock(stats_mutex);
        res.stats += w.stats;
      });
  res.stats += lister.stats;
  res.stats.seconds = ctx.stop.seconds();
  res.mode = "exact-trimmed";
  if (ctx.found) {
    res.verdict = Verdict::solved;
    res.witness = make_witness(ctx, ctx.found->first, ctx.found->second);
    res.covered = "witness found and checked (" + shape_name(spec.shape) + " tree, " +
                  std::to_string(spec.removed) + " leaves removed)";
  } else if (ctx.stop.limit_hit() || ctx.incomplete) {
    res.covered = ctx.incomplete ? "some root choices were left undecided (extendable-word search budget)"
                                 : "limit hit after " + std::to_string(ctx.stop.nodes()) + " nodes";
  } else {
    res.verdict = Verdict::impossible;
    res.covered = "complete search over every " + shape_name(spec.shape) + " tree of T_" + std::to_string(spec.T) +
                  " (" + std::to_string(spec.removed) + " trailing leaves removed, at most " +
                  std::to_string(spec.max_trim) + " per node) and all letter-count vectors of its " +
                  std::to_string(n) + " nodes with >= 3 children; 1- and 2-child nodes in closed form" +
                  (opt.receive_only ? ", receive-only " + letter_name(*opt.receive_only) : std::string()) +
                  (opt.extendable ? ", root extendable" : "");
  }
  return res;
}

}  // namespace blockcast
