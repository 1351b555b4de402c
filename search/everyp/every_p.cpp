// A schedule for every P (see every_p.hpp; SPEC Sec. 6-7, docs/shapes.md, docs/induction.md).
#include "everyp/every_p.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "assignment_json.hpp"
#include "constructive.hpp"
#include "everyp/ltwo.hpp"
#include "postal.hpp"
#include "witness.hpp"

namespace blockcast {

namespace {

using Union = std::vector<std::pair<i64, i64>>;

Union merged(Union u) {
  std::sort(u.begin(), u.end());
  Union out;
  for (const auto& iv : u) {
    if (!out.empty() && iv.first <= out.back().second + 1)
      out.back().second = std::max(out.back().second, iv.second);
    else
      out.push_back(iv);
  }
  return out;
}

// {a + b : a in A, b in B} as an interval union.
Union sumset(const Union& A, const Union& B) {
  Union u;
  for (const auto& a : A)
    for (const auto& b : B) u.emplace_back(a.first + b.first, a.second + b.second);
  return merged(std::move(u));
}

bool contains(const Union& u, i64 v) {
  auto it = std::upper_bound(u.begin(), u.end(), std::make_pair(v, INT64_MAX));
  return it != u.begin() && std::prev(it)->second >= v;
}

int worker_count(int threads) {
  return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// Run f(i) for i in [0, n) on a oneTBB arena of `threads` workers, one index per task.
template <class F>
void parallel_indices(int threads, std::size_t n, F&& f) {
  tbb::task_arena arena(worker_count(threads));
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1), [&](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) f(i);
    });
  });
}

// The shape a witness is named by: the optimal tree when nothing was removed, ties when
// only label-t leaves were (at most one per node) at depth t, pruned otherwise.
void name_shape(Assignment& a, const Instance& listed) {
  const TrimProfile p = profile_of(listed);
  if (a.T == a.t && p.empty() && a.P == fib(a.L, a.t) + 1) {
    a.shape = Shape::optimal;
    return;
  }
  bool ties = a.T == a.t;
  for (const auto& [key, k] : p) ties = ties && key.second == 1;
  a.shape = ties ? Shape::ties : Shape::pruned;
}

// Trimming profiles for the constructive fallback: D leaves of T_T removed by a fixed
// recipe. `full`: nodes lose all their removable leaves (min(r0, L)) one after another;
// otherwise one leaf per node per round (spread). `small_first`: nodes with few children
// first (the most numerous classes), else the root side first. nullopt if D does not fit.
std::optional<TrimProfile> recipe_profile(const TreeSpec& spec, bool full, bool small_first) {
  auto classes = node_classes(spec.L, spec.T);
  if (small_first) std::reverse(classes.begin(), classes.end());
  i64 D = spec.removed;
  // at[c][m]: nodes of class c that lose m leaves (m = 0..mmax)
  std::vector<std::vector<i64>> at(classes.size());
  for (std::size_t c = 0; c < classes.size(); ++c) {
    at[c].assign(std::min(classes[c].r0, spec.L) + 1, 0);
    at[c][0] = classes[c].nodes;
  }
  if (full) {
    for (std::size_t c = 0; c < classes.size() && D > 0; ++c) {
      const int m = static_cast<int>(at[c].size()) - 1;
      if (m == 0) continue;
      const i64 k = std::min(at[c][0], D / m);
      at[c][0] -= k, at[c][m] += k, D -= k * m;
      if (D > 0 && D < m && at[c][0] > 0) --at[c][0], ++at[c][D], D = 0;
    }
  } else {
    for (int m = 1; m <= spec.L && D > 0; ++m)
      for (std::size_t c = 0; c < classes.size() && D > 0; ++c) {
        if (static_cast<int>(at[c].size()) <= m) continue;
        const i64 k = std::min(at[c][m - 1], D);
        at[c][m - 1] -= k, at[c][m] += k, D -= k;
      }
  }
  if (D != 0) return std::nullopt;
  TrimProfile p;
  for (std::size_t c = 0; c < classes.size(); ++c)
    for (std::size_t m = 1; m < at[c].size(); ++m)
      if (at[c][m] > 0) p[{classes[c].r0, static_cast<int>(m)}] = at[c][m];
  return p;
}

// The distinct fixed trimming profiles of the recipes (full or partial, small or large
// classes first) for `spec`.
std::vector<TrimProfile> recipe_profiles(const TreeSpec& spec) {
  std::vector<TrimProfile> profiles;
  for (const bool full : {false, true})
    for (const bool small_first : {true, false})
      if (auto p = recipe_profile(spec, full, small_first);
          p && std::find(profiles.begin(), profiles.end(), *p) == profiles.end())
        profiles.push_back(std::move(*p));
  return profiles;
}

// A base case by the repair packing (search/constructive.hpp) instead of a search: the
// trimmed T_T of `spec` under each fixed trimming profile above, receive-only x, root
// x-extendable if `extendable`. A witness only, never a proof; deterministic seeds.
std::optional<Assignment> constructive_part(const TreeSpec& spec, Letter x, bool extendable, const Tuning& tuning) {
  const std::vector<TrimProfile> profiles = recipe_profiles(spec);
  for (std::size_t k = 0; k < profiles.size(); ++k) {
    const Instance inst = trimmed_instance(spec, profiles[k]);
    if (x >= inst.alphabet() || inst.letters[x] == 0) continue;
    ConstructiveOptions o;
    o.x = x;
    o.extendable = extendable;
    o.tries = tuning.part_tries;
    o.root_nodes = tuning.part_root_nodes;
    o.seed = static_cast<std::uint64_t>(spec.T) * 1'000'003u + static_cast<std::uint64_t>(spec.removed) * 131u + k;
    ConstructiveResult r = solve_repair(inst, o);
    if (r.verdict == Verdict::solved && r.witness) {
      Assignment a = std::move(*r.witness);
      a.L = spec.L, a.T = spec.T, a.t = spec.t, a.P = spec.P, a.shape = Shape::pruned;
      return a;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Assignment> constructive_pruned(int L, i64 P, int T, int tries, const Tuning& tuning,
                                              Clock::time_point deadline, std::string* method) {
  const auto late = [&] { return deadline != Clock::time_point::max() && Clock::now() > deadline; };
  const TreeSpec spec = pruned_spec(L, P, T);
  const std::vector<TrimProfile> profiles = recipe_profiles(spec);
  for (std::size_t k = 0; k < profiles.size(); ++k) {
    const Instance inst = trimmed_instance(spec, profiles[k]);
    // The plain search on this one instance first: its counting refutations (letters the
    // blocks cannot absorb, parity of the r = 2 blocks) discard a hopeless profile at once,
    // and small instances are solved outright.
    if (tuning.probe_nodes > 0) {
      SearchOptions o;
      o.threads = 1;
      o.limits.max_nodes = tuning.probe_nodes;
      o.tuning = tuning;
      SearchResult r = solve_exact(inst, o);
      if (r.verdict == Verdict::impossible) continue;
      if (r.verdict == Verdict::solved && r.witness) {
        Assignment a = std::move(*r.witness);
        a.L = L, a.T = T, a.t = spec.t, a.P = P;
        name_shape(a, listed_instance(a));
        return a;
      }
    }
    // Receive-only letters, most frequent first (ties: smaller letter first).
    std::vector<Letter> xs;
    for (Letter x = 0; x < inst.alphabet(); ++x)
      if (inst.letters[x] > 0) xs.push_back(x);
    std::stable_sort(xs.begin(), xs.end(), [&](Letter a, Letter b) { return inst.letters[a] > inst.letters[b]; });
    if (inst.block_count() == 1) {
      // One block (small P at large L): it takes every letter but x, so the sum condition
      // u + S - x = 0 (mod r) (SPEC Sec. 4, S the sum of all letters) picks x outright.
      const BlockType& b = inst.blocks.front();
      i64 S = b.u;
      for (Letter j = 0; j < inst.alphabet(); ++j) S = (S + (j % b.r) * (inst.letters[j] % b.r)) % b.r;
      std::erase_if(xs, [&](Letter x) { return x % b.r != S; });
    }
    if (static_cast<i64>(xs.size()) > tuning.constructive_letters) xs.resize(tuning.constructive_letters);
    for (const Letter x : xs) {
      if (late()) return std::nullopt;
      ConstructiveOptions o;
      o.x = x;
      o.extendable = false;
      o.tries = tries;
      o.seed = static_cast<std::uint64_t>(P) * 1'000'003u + static_cast<std::uint64_t>(T) * 131u + k;
      o.deadline = deadline;
      // The bulk method first: it packs block types in groups, at a cost independent of P
      // (milliseconds where one repair attempt can take a second: L = 251, P = 105663).
      // The repair method, which expands every block and restarts at random, where bulk
      // fails and the tree is small enough for it.
      ConstructiveResult r = solve_bulk(inst, o);
      if (r.verdict != Verdict::solved && inst.block_count() <= tuning.repair_max_blocks && !late())
        r = solve_repair(inst, o);
      if (r.verdict == Verdict::solved && r.witness) {
        Assignment a = std::move(*r.witness);
        a.L = L, a.T = T, a.t = spec.t, a.P = P;
        name_shape(a, listed_instance(a));
        if (method) *method = r.method;
        return a;
      }
    }
  }
  return std::nullopt;
}

EveryP::EveryP(int L, i64 P_max, const EveryPOptions& opt) : L_(L), opt_(opt) {
  require_latency(L);
  if (P_max < 2) throw InputError("P must be >= 2, got " + std::to_string(P_max));
  T_max_ = std::min(broadcast_depth(L, P_max - 1) + L + 1, max_depth(L));
  letters_ = L;
  sets_.assign(T_max_ + 1, std::vector<Union>(letters_));
  rsets_ = sets_;

  struct Task {
    int T;
    i64 D;
    Letter x;  // -1: any receive-only letter
    bool ext = true;
  };
  // Base depths up to 3L + 2 (a window of L depths above the conjecture's t0 ~ 2L) or while
  // the trees are small; leaf counts D up to twice the label-T leaves, which the depths t
  // and t + 1 of the cells need (D < f_{T-L}, resp. D < f_{T-L} + f_{T-1-L}).
  // L = 3 and 4 have t0 = 11 and 12 (conjecture runs), so their window of L depths ends at
  // 13 and 15, above 3L + 2: without those base cases D = 0 leaves the composition sets
  // and the cells just below P = f_t + 1 fall back to slow constructive packings.
  const int base_top = opt.base_top > 0 ? opt.base_top : L <= 4 ? 4 * L + 1 : 3 * L + 2;
  std::vector<Task> tasks;
  for (int T = L; T <= T_max_ && (T <= base_top || fib(L, T) <= opt.base_max_nodes); ++T)
    for (i64 D = 0; D <= std::min(removable_leaves(L, T), 2 * fib(L, T - L) + 2); ++D) tasks.push_back({T, D, -1});
  std::vector<int> votes(letters_, 0);
  auto run = [&](std::vector<Task>& todo) {
    std::vector<std::optional<Assignment>> found(todo.size());
    std::vector<i64> nodes(todo.size(), 0);
    parallel_indices(opt.threads, todo.size(), [&](std::size_t i) {
      if (opt_.limits.expired()) return;  // the caller's deadline: this base case stays out
      SearchOptions o;
      o.threads = 1;
      o.limits.max_nodes = opt_.base_nodes;
      o.limits.deadline = opt_.limits.deadline;
      o.limits.cancel = opt_.limits.cancel;
      o.tuning = opt_.tuning;
      if (todo[i].x >= 0) o.receive_only = todo[i].x;
      o.extendable = todo[i].ext;  // root x-extendable: the part T-1 of a composition
      SearchResult r = solve_trimmed(spec(todo[i].T, todo[i].D), o);
      nodes[i] = r.stats.nodes;
      if (r.verdict == Verdict::solved) found[i] = std::move(r.witness);
    });
    for (std::size_t i = 0; i < todo.size(); ++i) {
      ++stats_.base_searches;
      stats_.base_nodes += nodes[i];
      if (!found[i]) continue;
      ++stats_.base_solved;
      const Letter x = found[i]->receive_only;
      if (x >= letters_) continue;
      if (todo[i].T >= 2 * L) ++votes[x];
      (todo[i].ext ? sets_ : rsets_)[todo[i].T][x].emplace_back(todo[i].D, todo[i].D);
      bases_.emplace(std::make_tuple(todo[i].T, todo[i].D, x, todo[i].ext), std::move(*found[i]));
    }
  };
  run(tasks);
  // Compositions need one x throughout: the two letters found most often at depths >= 2L
  // are searched for every (T, D) again with x fixed.
  std::vector<Letter> order(letters_);
  for (Letter x = 0; x < letters_; ++x) order[x] = x;
  std::stable_sort(order.begin(), order.end(), [&](Letter a, Letter b) { return votes[a] > votes[b]; });
  // The second part of a composition needs receive-only x but no extendable root: those
  // (cheaper, more often solvable) searches fill the sets R.
  std::vector<Task> again;
  for (int k = 0; k < std::min(2, letters_); ++k)
    for (const auto& tk : tasks)
      if (!bases_.count(std::make_tuple(tk.T, tk.D, order[k], true))) {
        again.push_back({tk.T, tk.D, order[k], true});
        again.push_back({tk.T, tk.D, order[k], false});
      }
  run(again);
  // Base cases the searches left open (node limit, or no schedule with that x), packed
  // constructively with x fixed: an x-extendable root for E, else any root for R. Without
  // them the sets stop near 0.9 f_{T-L} (L = 9: E_29 = [0, 13], f_20 = 19), and every P
  // just above f_{t-1} + 1 needs searches of its own at depth t.
  std::vector<Task> pack;
  for (int k = 0; k < (opt.pack ? std::min(2, letters_) : 0); ++k)
    for (const auto& tk : tasks)
      if (tk.T >= L && !bases_.count(std::make_tuple(tk.T, tk.D, order[k], true))) pack.push_back({tk.T, tk.D, order[k], true});
  std::vector<std::optional<Assignment>> packed(pack.size());
  std::vector<char> packed_ext(pack.size(), 0);
  parallel_indices(opt.threads, pack.size(), [&](std::size_t i) {
    if (opt_.limits.expired()) return;
    const TreeSpec sp = spec(pack[i].T, pack[i].D);
    if ((packed[i] = constructive_part(sp, pack[i].x, true, opt_.tuning))) {
      packed_ext[i] = 1;
    } else if (!bases_.count(std::make_tuple(pack[i].T, pack[i].D, pack[i].x, false))) {
      packed[i] = constructive_part(sp, pack[i].x, false, opt_.tuning);
    }
  });
  for (std::size_t i = 0; i < pack.size(); ++i) {
    if (!packed[i]) continue;
    ++stats_.packed;
    const bool ext = packed_ext[i] != 0;
    (ext ? sets_ : rsets_)[pack[i].T][pack[i].x].emplace_back(pack[i].D, pack[i].D);
    bases_.emplace(std::make_tuple(pack[i].T, pack[i].D, pack[i].x, ext), std::move(*packed[i]));
  }
  // The generalised induction needs both parts to have an internal root: T - L >= L.
  const auto clip = [&](Union u, int T) {
    u = merged(std::move(u));
    const i64 most = removable_leaves(L, T);
    while (!u.empty() && u.back().first > most) u.pop_back();
    if (!u.empty()) u.back().second = std::min(u.back().second, most);
    return u;
  };
  for (int T = L; T <= T_max_; ++T)
    for (Letter x = 0; x < letters_; ++x) {
      Union& e = sets_[T][x];
      if (T >= 2 * L) {
        Union s = sumset(sets_[T - 1][x], rsets_[T - L][x]);
        e.insert(e.end(), s.begin(), s.end());
      }
      e = clip(std::move(e), T);
      Union& r = rsets_[T][x];
      r.insert(r.end(), e.begin(), e.end());
      r = clip(std::move(r), T);
    }
}

TreeSpec EveryP::spec(int T, i64 D) const {
  TreeSpec s;
  s.L = L_;
  s.shape = Shape::pruned;
  s.T = T;
  s.P = checked_add(fib(L_, T) - D, 1, "P");
  s.t = broadcast_depth(L_, s.P - 1);
  s.removed = D;
  s.max_trim = L_;
  return s;
}

std::optional<Letter> EveryP::composable(int T, i64 D) const {
  if (T < 0 || T > T_max_) return std::nullopt;
  for (Letter x = 0; x < letters_; ++x)
    if (contains(rsets_[T][x], D)) return x;
  return std::nullopt;
}

// `remember`: memoise the result (not for a cell's own (T, D), which no other cell needs).
std::shared_ptr<const Assignment> EveryP::build(int T, i64 D, Letter x, bool ext, bool remember) const {
  const auto key = std::make_tuple(T, D, x, ext);
  {
    std::lock_guard lock(memo_mutex_);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  }
  std::shared_ptr<const Assignment> res;
  if (auto it = bases_.find(key); it != bases_.end()) {
    res = std::make_shared<const Assignment>(it->second);
  } else if (!ext && contains(sets_[T][x], D)) {
    res = build(T, D, x, true, remember);
  } else if (T >= 2 * L_) {
    for (const auto& a : sets_[T - 1][x]) {
      for (const auto& b : rsets_[T - L_][x]) {
        // The second part takes as many leaves as it can: the first part's D then drops
        // fast to values other cells share (memo hits), instead of one new part per depth.
        const i64 lo = std::max(a.first, D - b.second), hi = std::min(a.second, D - b.first);
        if (lo > hi) continue;
        const auto first = build(T - 1, lo, x, true);
        const auto second = build(T - L_, D - lo, x, false);
        res = std::make_shared<const Assignment>(compose_trimmed(spec(T, D), *first, *second, x, false));
        break;
      }
      if (res) break;
    }
  }
  if (!res) throw std::logic_error("every-P: (T=" + std::to_string(T) + ", D=" + std::to_string(D) + ") not composable");
  // Only parts other cells reuse: small D, or the largest D of an interval (what a second
  // part takes); a part with any other D serves one cell.
  bool shared = D <= opt_.tuning.memo_max_D;
  for (const Union* u : {&sets_[T][x], &rsets_[T][x]})
    for (const auto& iv : *u) shared = shared || iv.second == D;
  if (!remember || !shared) return res;
  std::lock_guard lock(memo_mutex_);
  return memo_.emplace(key, res).first->second;
}

std::optional<Assignment> EveryP::ltwo_composed(int T, i64 D) const {
  if (L_ != 2 || T < 2 * L_ + 2 || T > T_max_) return std::nullopt;
  const i64 lo1 = fib(2, T - 3) / 2, hi1 = fib(2, T - 3) - 1;  // depth T-1: the construction's band
  const i64 grid = std::max<i64>(1, (hi1 - lo1) / 2);
  for (Letter x = 0; x < letters_; ++x)
    for (const auto& b : rsets_[T - 2][x]) {
      // The second part on a grid anchored at the interval's end with a step below the
      // first part's band, so a few parts per interval serve every cell (memoised); the
      // first part is constructed for the rest.
      const i64 want = std::min(b.second, D - lo1);  // largest D2 leaving D1 >= lo1
      if (want < b.first) continue;
      const i64 D2 = b.second - (b.second - want + grid - 1) / grid * grid;
      const i64 D1 = D - D2;
      if (D2 < b.first || D1 < lo1 || D1 > hi1) continue;
      auto first = ltwo_construction(spec(T - 1, D1), x, true);
      if (!first) continue;
      std::shared_ptr<const Assignment> second;
      const auto key = std::make_tuple(T - 2, D2, x);
      {
        std::lock_guard lock(memo_mutex_);
        if (auto it = ltwo_parts_.find(key); it != ltwo_parts_.end()) second = it->second;
      }
      if (!second) {
        second = build(T - 2, D2, x, false, false);
        std::lock_guard lock(memo_mutex_);
        ltwo_parts_.emplace(key, second);
      }
      return compose_trimmed(spec(T, D), *first, *second, x, false);
    }
  return std::nullopt;
}

Cell EveryP::cell(i64 P, i64 effort) const {
  Cell c;
  c.L = L_;
  c.P = P;
  c.t = broadcast_depth(L_, P - 1);
  c.lower_bound = L_ + c.t;
  std::optional<Assignment> w;
  // 1. Depth by depth: the composition sets, else complete searches (node limits). At depth
  //    t the ties trees (at most one leaf per node) are searched first: a smaller space
  //    that often has a schedule when the general trimmed search runs out of nodes.
  for (int T = c.t; T <= T_max_ && !w; ++T) {
    if (P - 1 < fib(L_, T - L_)) break;  // even removing every leaf leaves too many nodes
    const i64 D = fib(L_, T) - (P - 1);
    DepthVerdict v{T, Verdict::unknown, ""};
    // L = 2 first: the counting refutation and the direct construction cost O(T) per cell,
    // a composed witness O(T) compositions.
    if (auto why = L_ == 2 ? ltwo_counting_refutation(pruned_spec(L_, P, T)) : std::nullopt) {
      v.verdict = Verdict::impossible;  // a proof for every trimmed T_T, ties included
      v.how = *why;
    } else if (auto a = L_ == 2 ? ltwo_construction(pruned_spec(L_, P, T)) : std::nullopt) {
      w = std::move(a);
      v.verdict = Verdict::solved;
      v.how = "L=2 construction";
    } else if (auto a2 = L_ == 2 ? ltwo_composed(T, D) : std::nullopt) {
      w = std::move(a2);
      v.verdict = Verdict::solved;
      v.how = "composed";
    } else if (auto x = composable(T, D)) {
      w = *build(T, D, *x, false, false);
      v.verdict = Verdict::solved;
      v.how = bases_.count(std::make_tuple(T, D, *x, false)) || bases_.count(std::make_tuple(T, D, *x, true))
                  ? "base case"
                  : "composed";
    } else {
      SearchOptions o;
      o.threads = 1;
      o.limits.max_nodes = checked_mul(opt_.cell_nodes, effort);
      o.limits.deadline = opt_.limits.deadline;  // the call's deadline and cancel flag
      o.limits.cancel = opt_.limits.cancel;
      o.tuning = opt_.tuning;
      if (T == c.t && D > 0) {
        SearchResult r = solve_trimmed(tree_spec(L_, P, Shape::ties), o);
        if (r.verdict == Verdict::solved && r.witness) {
          w = std::move(r.witness);
          v.verdict = Verdict::solved;
          v.how = "search";
        }
      }
      if (!w) {
        SearchResult r = solve_trimmed(pruned_spec(L_, P, T), o);
        v.verdict = r.verdict;
        v.how = r.verdict == Verdict::solved ? "search" : r.covered;
        if (r.witness) w = std::move(r.witness);
      }
    }
    c.depths.push_back(v);
  }
  // 2. Depths left undecided below the one found (or all, if none was found): a
  //    constructive schedule there is still an upper bound, and at depth t the lower bound.
  for (std::size_t k = 0; k < c.depths.size(); ++k) {
    DepthVerdict& v = c.depths[k];
    if (v.verdict != Verdict::unknown) continue;
    if (auto a = constructive_pruned(L_, P, v.T, static_cast<int>(std::min<i64>(opt_.tuning.constructive_tries * effort, 64)), opt_.tuning)) {
      w = std::move(a);
      v.verdict = Verdict::solved;
      v.how = "constructive";
      c.depths.resize(k + 1);
      break;
    }
  }
  if (!w) return c;
  const int T = c.depths.back().T;
  bool all_impossible = true;
  for (std::size_t k = 0; k + 1 < c.depths.size(); ++k)
    all_impossible = all_impossible && c.depths[k].verdict == Verdict::impossible;
  w->P = P;
  w->t = c.t;
  w->T = T;
  name_shape(*w, listed_instance(*w));
  std::optional<std::string> err;
  try {
    err = check_assignment(claimed_instance(*w), *w);
  } catch (const InputError& e) {
    err = e.what();
  }
  if (err) throw std::logic_error("every-P witness L=" + std::to_string(L_) + " P=" + std::to_string(P) + ": " + *err);
  c.verification = "symbolic check passed; " + (opt_.simulate_events > 0 ? simulate_witness(*w, opt_.simulate_events)
                                                                         : std::string("not simulated"));
  c.T = T;
  c.method = c.depths.back().how;
  c.proved = T == c.t || all_impossible;
  c.shape = w->shape;
  if (opt_.keep_witnesses) c.witness = std::move(w);
  return c;
}

namespace {
// A cell the deadline (opt.limits.deadline) left out: no schedule, nothing decided. `f` is
// f_0..f_n for L with f_n >= P - 1, so t = B(P-1) is a binary search instead of a fresh
// sequence per cell (a table cut by its deadline lists up to millions of these).
Cell not_reached(int L, i64 P, const std::vector<i64>& f) {
  Cell c;
  c.L = L, c.P = P;
  c.t = static_cast<int>(std::lower_bound(f.begin(), f.end(), P - 1) - f.begin());
  c.lower_bound = L + c.t;
  c.method = "not reached (time limit)";
  return c;
}
}  // namespace

std::vector<Cell> every_p_table(std::pair<int, int> Ls, std::pair<i64, i64> Ps, const EveryPOptions& opt,
                                const std::function<void(std::size_t, std::size_t)>& progress) {
  if (Ls.first > Ls.second || Ps.first > Ps.second) throw InputError("empty range of L or P");
  if (Ps.first < 2) throw InputError("P must be >= 2, got " + std::to_string(Ps.first));
  const auto width = static_cast<std::size_t>(Ps.second - Ps.first + 1);
  const std::size_t total = width * static_cast<std::size_t>(Ls.second - Ls.first + 1);
  std::vector<Cell> out(total);
  std::atomic<std::size_t> done{0};
  for (int L = Ls.first; L <= Ls.second; ++L) {
    std::optional<EveryP> ep;  // not even set up after the deadline (`table --time-limit`)
    if (!opt.limits.expired()) ep.emplace(L, Ps.second, opt);
    const std::size_t base = static_cast<std::size_t>(L - Ls.first) * width;
    const std::vector<i64> f = fib_sequence(L, broadcast_depth(L, Ps.second - 1));
    parallel_indices(opt.threads, width, [&](std::size_t i) {
      const i64 P = Ps.first + static_cast<i64>(i);
      out[base + i] = !ep || opt.limits.expired() ? not_reached(L, P, f) : ep->cell(P);
      const std::size_t d = done.fetch_add(1) + 1;
      if (progress) progress(d, total);
    });
    // Monotonicity: a cell slower than its right neighbour (or without a schedule) is
    // searched again with tuning.repair_effort times the node limit; repeated while that helps.
    for (bool again = ep && !opt.limits.expired(); again;) {
      std::vector<std::size_t> bad;
      for (std::size_t i = 0; i < width; ++i) {
        const Cell &c = out[base + i];
        if (c.repaired) continue;
        if (!c.found() || (i + 1 < width && out[base + i + 1].found() && c.delay() > out[base + i + 1].delay()))
          bad.push_back(i);
      }
      again = false;
      parallel_indices(opt.threads, bad.size(), [&](std::size_t k) {
        Cell& c = out[base + bad[k]];
        if (opt.limits.expired()) return;
        c = ep->cell(c.P, opt.tuning.repair_effort);
        c.repaired = true;
      });
      for (std::size_t i : bad) again = again || out[base + i].found();
      again = again && !opt.limits.expired();
    }
    // The reason per cell, from the right: at the lower bound it is a proof (every P' > P
    // has delay >= L + B(P'-1) >= L + B(P-1)); above it, the comparison with the fastest
    // cell of larger P in this table (a check of this table, not a proof for all P').
    i64 best = INT64_MAX, best_P = 0;
    for (std::size_t i = width; i-- > 0;) {
      Cell& c = out[base + i];
      if (!c.found()) {
        c.monotone = "no schedule";
        continue;
      }
      if (c.optimal())
        c.monotone = "proof: delay = lower bound L+B(P-1), which no larger P undercuts";
      else if (best_P == 0)
        c.monotone = "last P of the table above the lower bound: not compared";
      else if (c.delay() <= best)
        c.monotone = "checked: no larger P in this table is faster (fastest: delay " + std::to_string(best) + " at P=" +
                     std::to_string(best_P) + ")";
      else
        c.monotone = "NOT monotone: P=" + std::to_string(best_P) + " has delay " + std::to_string(best);
      if (c.delay() <= best) best = c.delay(), best_P = c.P;
    }
  }
  return out;
}

nlohmann::json to_json(const Cell& c) {
  nlohmann::json j = c.witness ? to_json(*c.witness) : nlohmann::json::object();
  j["L"] = c.L;
  j["P"] = c.P;
  j["t"] = c.t;
  j["lower_bound"] = c.lower_bound;
  if (!c.witness) j["delay"] = c.found() ? nlohmann::json(c.delay()) : nlohmann::json(nullptr);
  j["optimal"] = c.found() && c.optimal();
  j["proved"] = c.proved;
  j["method"] = c.method;
  nlohmann::json d = nlohmann::json::array();
  for (const auto& v : c.depths) d.push_back({{"T", v.T}, {"delay", c.L + v.T}, {"verdict", to_string(v.verdict)}, {"how", v.how}});
  j["depths"] = d;
  if (c.witness) j["verification"] = c.verification;
  j["monotone"] = c.monotone;
  return j;
}

}  // namespace blockcast
