#include "type_search.hpp"

#include <tbb/concurrent_unordered_set.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "letter_bounds.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {


struct Shared {
  const TypeProblem& pb;
  const SearchOptions& opt;
  Stop& stop;            // the caller's limits, shared by every run
  Stop* run = nullptr;   // this run's node budget (portfolio round)
  LetterBounds bounds;
  bool low_first;        // vectors with low letters first
  int threads;
  std::vector<Letter> ascending, descending;
  std::atomic<bool> incomplete{false};
  bool stopped() const { return stop.stopped() || (run && run->stopped()); }
  bool tick() {
    const bool a = stop.tick(), b = run && run->tick();
    return a || b;
  }
  std::atomic<int> pending{0};  // spawned tasks not yet finished
  std::atomic<std::int64_t> memo_size{0};
  tbb::concurrent_unordered_set<std::string> nogoods;
  std::mutex mutex;  // found and stats
  // Extendability of a root vector for a receive-only letter, by (vector, letter, budget):
  // every leaf below one root vector asks the same question, and each portfolio round asks
  // it again; the ground-state search is deterministic, so its answer (yes / no / undecided
  // within the budget) is remembered. Profiling L = 15..16 (complete): 57% of the time was
  // repeated ground-state searches, serial inside one task.
  enum class Ext : char { no, yes, undecided };
  std::mutex ext_mutex;
  std::map<std::tuple<Counts, Letter, i64>, Ext> ext_memo;
  std::optional<Distribution> found;
  SearchStats stats;
  // The bounds are cut short at the search's end (one budget for all four orders: each
  // Shared once got a fresh time_limit of its own, and a 2 s limit ran for 8 s at L = 223).
  Shared(const TypeProblem& p, const SearchOptions& o, Stop& s, int th, bool low)
      : pb(p), opt(o), stop(s), bounds(p.A, all_types(p), o.receive_only, s.end()), low_first(low), threads(th) {
    for (Letter j = 0; j < p.A; ++j) ascending.push_back(j), descending.insert(descending.begin(), j);
  }
  static std::vector<BlockType> all_types(const TypeProblem& p) {
    std::vector<BlockType> t = p.types;
    t.insert(t.end(), p.tail.begin(), p.tail.end());
    return t;
  }
};

struct Step {
  std::size_t type;
  Counts c;
  i64 k;
};

void put_varint(std::string& s, std::uint64_t v) {
  while (v >= 128) s += static_cast<char>((v & 127) | 128), v >>= 7;
  s += static_cast<char>(v);
}

class Worker {
 public:
  explicit Worker(Shared& sh) : sh_(sh), R_(sh.pb.letters) {}
  SearchStats stats;

  // State (p, m_left, bound): m_left blocks of type p still open, each taking a vector
  // strictly below `bound` in the enumeration order (none: any vector).
  bool node(std::size_t p, i64 m_left, const Counts* bound) {
    if (sh_.stopped()) return false;
    if (p == sh_.pb.types.size()) return leaf();
    std::string key;
    if (sh_.opt.memo) {
      key = state_key(p, m_left, bound);
      if (sh_.nogoods.count(key)) {
        ++stats.memo_hits;
        return false;
      }
    }
    bool ok = false;
    std::atomic<bool> child_ok{false};
    tbb::task_group tg;
    bool spawned = false;
    for_each_vector(p, bound, [&](const Counts& c) {
      if (ok || sh_.stopped()) return;
      i64 kmax = m_left;
      for (int j = 0; j < sh_.pb.A; ++j)
        if (c[j] > 0) kmax = std::min<i64>(kmax, R_[j] / c[j]);
      for (i64 k = kmax; k >= 1 && !ok && !sh_.stopped(); --k) {
        ++stats.nodes;
        if (sh_.tick()) return;
        const std::size_t np = m_left == k ? p + 1 : p;
        const i64 nm = m_left == k ? (np < sh_.pb.types.size() ? sh_.pb.types[np].count : 0) : m_left - k;
        apply(p, c, k);
        // The root vector's ground-state check (up to tuning.root_nodes nodes) runs in the child
        // task when one is spawned, so root vectors are checked in parallel.
        const bool root_check = p == 0 && sh_.pb.root_first && sh_.opt.receive_only;
        const bool spawn = (!sh_.opt.prune || np >= sh_.pb.types.size() || sh_.bounds.feasible(np, nm, R_)) && should_spawn();
        if (spawn) {
          spawned = true;
          sh_.pending.fetch_add(1);
          tg.run([this, np, nm, root_check, &child_ok, snapshot = *this] {
            Worker w = snapshot;
            w.stats = SearchStats{};
            ++w.stats.tasks;
            if (root_check && !w.root_extendable(w.path_.back().c)) {
              ++w.stats.prune_root;
            } else if (w.node(np, nm, np == w.path_.back().type ? &w.path_.back().c : nullptr)) {
              child_ok = true;
            }
            w.flush_stats();
            sh_.pending.fetch_sub(1);
          });
        } else if (sh_.opt.prune && np < sh_.pb.types.size() && !sh_.bounds.feasible(np, nm, R_)) {
          ++stats.prune_bound;
        } else if (root_check && !root_extendable(c)) {
          ++stats.prune_root;
        } else {
          ok = node(np, nm, np == p ? &path_.back().c : nullptr);
        }
        undo();
      }
    });
    if (spawned) {
      tg.wait();
      ok = ok || child_ok;
    }
    if (!ok && sh_.opt.memo && !sh_.stopped() && sh_.memo_size.load(std::memory_order_relaxed) < sh_.opt.tuning.memo_cap)
      if (sh_.nogoods.insert(std::move(key)).second) sh_.memo_size.fetch_add(1, std::memory_order_relaxed);
    return ok;
  }

  void flush_stats() {
    std::lock_guard lock(sh_.mutex);
    sh_.stats += stats;
    stats = SearchStats{};
  }

 private:
  Shared& sh_;
  Counts R_;
  std::int64_t enum_steps_ = 0;
  std::deque<Step> path_;  // deque: the bound points into it while children push

  bool should_spawn() const {
    return sh_.threads > 1 && path_.size() < 48 && sh_.pending.load(std::memory_order_relaxed) < 4 * sh_.threads;
  }

  void apply(std::size_t p, const Counts& c, i64 k) {
    for (int j = 0; j < sh_.pb.A; ++j) R_[j] -= static_cast<std::int32_t>(c[j] * k);
    path_.push_back({p, c, k});
  }
  void undo() {
    const Step& s = path_.back();
    for (int j = 0; j < sh_.pb.A; ++j) R_[j] += static_cast<std::int32_t>(s.c[j] * s.k);
    path_.pop_back();
  }

  // Everything the subtree's answer depends on: the position, the open blocks, the bound,
  // the letters left, and (when the leaf tests the root for a receive-only letter chosen
  // there) the root vector. Options are fixed for the whole search.
  std::string state_key(std::size_t p, i64 m_left, const Counts* bound) const {
    std::string k;
    put_varint(k, p);
    put_varint(k, static_cast<std::uint64_t>(m_left));
    for (auto v : R_) put_varint(k, static_cast<std::uint64_t>(v));
    k += bound ? '\1' : '\0';
    if (bound)
      for (auto v : *bound) put_varint(k, static_cast<std::uint64_t>(v));
    if (sh_.pb.root_first && sh_.opt.extendable && !sh_.opt.receive_only && !path_.empty())
      for (auto v : path_.front().c) put_varint(k, static_cast<std::uint64_t>(v));
    return k;
  }

  template <class F>
  void for_each_vector(std::size_t p, const Counts* bound, F&& f) {
    const BlockType& b = sh_.pb.types[p];
    const bool root = p == 0 && sh_.pb.root_first;
    Counts c(sh_.pb.A, 0);
    // High letters first (the paper's greedy uses them up first); the extendable root
    // prefers low letters, like the paper's root words a^{L-2}(ca)*b*.
    const auto& order = (root && sh_.opt.extendable) || sh_.low_first ? sh_.ascending : sh_.descending;
    // An x-extendable root walks through {0..x-1}; every state of a closed walk has the
    // same size x, so sum(w) = x r - (u - r) (SPEC Sec. 5, 7).
    i64 exact_sum = -1;
    if (root && sh_.opt.extendable && sh_.opt.receive_only)
      exact_sum = static_cast<i64>(*sh_.opt.receive_only) * b.r - (b.u - b.r) + b.u;
    enumerate(b, order, 0, b.r - 1, b.u, exact_sum, bound, true, c, f);
  }

  // Vectors in lexicographic order of `order` (order[0] gets as many as possible first),
  // strictly below `bound` when one is given; the last letter takes the rest; then the sum
  // condition.
  template <class F>
  void enumerate(const BlockType& b, const std::vector<Letter>& order, std::size_t i, int left, i64 sum,
                 i64 exact_sum, const Counts* bound, bool tight, Counts& c, F& f) {
    const Letter j = order[i];
    if (i + 1 == order.size()) {
      if (left > R_[j]) return;
      if (tight && bound && left >= (*bound)[j]) return;  // equal to the bound is not below it
      c[j] = left;
      const i64 total = sum + static_cast<i64>(left) * j;
      if ((total % b.r + b.r) % b.r == 0 && (exact_sum < 0 || total == exact_sum)) f(c);
      c[j] = 0;
      return;
    }
    // Work unit for the limits: the enumeration itself can be long (many letters). Its time
    // is checked here too: at L in the hundreds a node costs milliseconds, and Stop::tick
    // reads the clock only every 1024 nodes (a 2 s limit once ran for 9 s).
    if ((++enum_steps_ & 255) == 0 && (sh_.tick() || sh_.stop.check_time())) return;
    if (!sum_reachable(b, order, i, left, sum, exact_sum)) return;
    int hi = std::min(left, R_[j]);
    if (tight && bound) hi = std::min(hi, (*bound)[j]);
    for (int v = hi; v >= 0; --v) {
      c[j] = v;
      enumerate(b, order, i + 1, left - v, sum + static_cast<i64>(v) * j, exact_sum, bound,
                tight && bound && v == (*bound)[j], c, f);
      if (sh_.stopped()) break;
    }
    c[j] = 0;
  }

  // The letters order[i..] can still complete the vector: `left` of them (within R) have a
  // sum between the smallest and the largest choice; some value in that interval must meet
  // the sum condition (or the exact root sum). Sound: the true sums lie in the interval.
  bool sum_reachable(const BlockType& b, const std::vector<Letter>& order, std::size_t i, int left, i64 sum,
                     i64 exact_sum) const {
    i64 avail = 0;
    for (std::size_t q = i; q < order.size(); ++q) avail += R_[order[q]];
    if (avail < left) return false;
    auto extreme = [&](bool low) {
      i64 need = left, s = 0;
      for (int j = low ? 0 : sh_.pb.A - 1; need > 0 && j >= 0 && j < sh_.pb.A; j += low ? 1 : -1) {
        bool later = false;
        for (std::size_t q = i; q < order.size() && !later; ++q) later = order[q] == j;
        if (!later) continue;
        const i64 take = std::min<i64>(need, R_[j]);
        s += take * j, need -= take;
      }
      return s;
    };
    const i64 lo = sum + extreme(true), hi = sum + extreme(false);
    if (exact_sum >= 0) return lo <= exact_sum && exact_sum <= hi;
    if (hi - lo + 1 >= b.r) return true;
    return ((-lo) % b.r + b.r) % b.r <= hi - lo;
  }

  // Remembered per (vector, letter, budget) in sh_.ext_memo (see Shared).
  Shared::Ext extendable(const Counts& c, Letter x, i64 budget) {
    const auto key = std::make_tuple(c, x, budget);
    {
      std::lock_guard lock(sh_.ext_mutex);
      if (auto it = sh_.ext_memo.find(key); it != sh_.ext_memo.end()) return it->second;
    }
    const BlockType& b = sh_.pb.types[0];
    bool exhausted = true;
    const bool w = extendable_word_with_counts(b.r, b.u, c, x, budget, &exhausted).has_value();
    const auto e = w ? Shared::Ext::yes : exhausted ? Shared::Ext::no : Shared::Ext::undecided;
    std::lock_guard lock(sh_.ext_mutex);
    sh_.ext_memo.emplace(key, e);
    return e;
  }

  bool root_extendable(const Counts& c) {
    const auto e = extendable(c, *sh_.opt.receive_only, sh_.opt.tuning.root_nodes);
    // Undecided within the budget: skip this root vector, but then the search can no
    // longer prove IMPOSSIBLE (the verdict becomes UNKNOWN unless a solution turns up).
    if (e == Shared::Ext::undecided) sh_.incomplete.store(true);
    return e == Shared::Ext::yes;
  }

  // All types filled: the r = 2 blocks and the receive-only processor take the rest.
  bool leaf() {
    ++stats.leaves;
    const int A = sh_.pb.A;
    std::array<i64, 2> have{0, 0};
    for (int j = 0; j < A; ++j) have[j % 2] += R_[j];
    for (int p = 0; p < 2; ++p)
      if (have[p] < sh_.pb.tail_need[p]) {
        ++stats.prune_tail;
        return false;
      }
    // Exactly one letter is left over; it must lie in the parity class with a surplus.
    // Any letter of that class that is left can be the receive-only letter (the r = 2 blocks
    // take the others); with an extendable root and x not fixed in advance, the root's
    // extendability decides among them, so every candidate is tried.
    const int spare = have[0] > sh_.pb.tail_need[0] ? 0 : 1;
    const bool check_root = sh_.pb.root_first && sh_.opt.extendable && !sh_.opt.receive_only;
    std::optional<Letter> x;
    for (Letter j = spare; j < A && !x; j += 2) {
      if (R_[j] <= 0 || (sh_.opt.receive_only && *sh_.opt.receive_only != j)) continue;
      if (check_root) {
        const auto e = extendable(path_.front().c, j, sh_.opt.tuning.open_x_root_nodes);
        if (e != Shared::Ext::yes) {
          if (e == Shared::Ext::undecided) sh_.incomplete.store(true);  // no IMPOSSIBLE from here on
          continue;
        }
      }
      x = j;
    }
    if (!x) {
      if (check_root) ++stats.prune_root;
      return false;
    }
    Distribution d;
    for (const Step& s : path_) {
      BlockType t = sh_.pb.types[s.type];
      t.count = s.k;
      d.vectors.push_back({t, s.c});
    }
    d.tail_letters = R_;
    d.tail_letters[*x] -= 1;
    d.receive_only = *x;
    d.extendable_root = sh_.opt.extendable;
    std::lock_guard lock(sh_.mutex);
    if (!sh_.found) sh_.found = std::move(d);
    sh_.stop.cancel();
    return true;
  }
};

}  // namespace

namespace {

// One search order of the portfolio: types in the given order, vectors high or low first.
struct Run {
  TypeProblem pb;
  std::unique_ptr<Shared> sh;
  bool done = false;
};

TypeProblem reordered(const TypeProblem& pb, bool ascending_r) {
  TypeProblem q = pb;
  auto first = q.types.begin() + (q.root_first ? 1 : 0);
  std::stable_sort(first, q.types.end(), [ascending_r](const BlockType& a, const BlockType& b) {
    return ascending_r ? a.r < b.r : a.r > b.r;
  });
  return q;
}

}  // namespace

TypeOutcome run_type_search(const TypeProblem& pb, const SearchOptions& opt, Stop& stop, int threads) {
  // A portfolio of complete searches in different orders (small blocks first or last,
  // low or high letters first), restarted with growing node budgets: solvable instances
  // are found by whichever order suits them, and the first run that exhausts its space
  // decides. Nogoods are facts about states, so each order keeps its table across rounds.
  std::vector<Run> runs;
  runs.reserve(4);  // each Shared refers to its run's problem
  for (bool asc : {true, false})
    for (bool low : {false, true}) {
      runs.push_back(Run{reordered(pb, asc), nullptr, false});
      runs.back().sh = std::make_unique<Shared>(runs.back().pb, opt, stop, threads, low);
    }
  TypeOutcome out;
  tbb::task_arena arena(std::max(1, threads));
  const bool start_ok = pb.types.empty() || !opt.prune || runs[0].sh->bounds.feasible(0, runs[0].pb.types[0].count, pb.letters);
  if (!start_ok) {
    ++out.stats.prune_bound;
    return out;
  }
  bool decided = false;
  for (std::int64_t budget = opt.tuning.first_round_nodes; !decided && !stop.stopped(); budget = budget < INT64_MAX / 4 ? budget * 4 : budget) {
    for (Run& r : runs) {
      Stop round(Limits{budget, 0});
      Shared& sh = *r.sh;
      sh.run = &round;
      arena.execute([&] {
        Worker w(sh);
        w.node(0, r.pb.types.empty() ? 0 : r.pb.types[0].count, nullptr);
        w.flush_stats();
      });
      sh.run = nullptr;
      if (sh.found || !round.limit_hit()) {
        decided = !stop.limit_hit();
        if (sh.found) out.found = std::move(sh.found);
        out.incomplete = out.incomplete || sh.incomplete;
        break;
      }
      if (stop.stopped()) break;
    }
  }
  for (Run& r : runs) out.stats += r.sh->stats, out.incomplete = out.incomplete || r.sh->incomplete;
  return out;
}

}  // namespace blockcast
