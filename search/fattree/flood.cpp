// Queue-free flooding multinode broadcast (Dimakopoulos and Dimopoulos 1995, Sec. 4 and 4.1): every leaf injects its
// message exactly once, in a step t_s of its choice, and routing nodes replicate it onto every
// other branch (the paper's broadcast mode). Without queues each copy crosses every link away
// from s at a fixed offset after t_s, so a schedule is the vector (t_0..t_{n-1}) and the
// search enumerates it completely.
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <chrono>
#include <mutex>

#include "fattree/search.hpp"

namespace blockcast::fattree {

namespace {

struct Flood {
  const FatTree& T;
  int steps, hi;
  std::vector<std::vector<std::pair<std::int64_t, int>>> uses;  // per source: (link, offset)
  std::vector<std::uint16_t> load;
  std::vector<int> t;

  Flood(const FatTree& tree, int S) : T(tree), steps(S), hi(S - 2 * tree.h + 1) {
    uses.resize(static_cast<std::size_t>(T.n));
    for (std::int64_t s = 0; s < T.n; ++s) {
      auto& u = uses[static_cast<std::size_t>(s)];
      for (int l = 0; l < T.h; ++l) u.push_back({T.link_id({{l, s >> l}, true}), l});
      // Down-link into u = (l, j) not containing s, first reached from the LCA at level L,
      // is crossed 2L - l - 1 steps after injection.
      for (int l = 0; l < T.h; ++l)
        for (std::int64_t j = 0; j < (T.n >> l); ++j)
          if ((s >> l) != j) u.push_back({T.link_id({{l, j}, false}), 2 * lca_level(s, j << l) - l - 1});
    }
    load.assign(static_cast<std::size_t>(T.link_count() * (steps + 1)), 0);
    t.assign(static_cast<std::size_t>(T.n), 0);
  }
  bool fits(std::int64_t s, int ts) const {
    for (auto [e, off] : uses[static_cast<std::size_t>(s)])
      if (load[static_cast<std::size_t>(e * (steps + 1) + ts + off)] >= T.link_cap(e)) return false;
    return true;
  }
  void put(std::int64_t s, int ts, int delta) {
    for (auto [e, off] : uses[static_cast<std::size_t>(s)])
      load[static_cast<std::size_t>(e * (steps + 1) + ts + off)] = static_cast<std::uint16_t>(
          load[static_cast<std::size_t>(e * (steps + 1) + ts + off)] + delta);
    t[static_cast<std::size_t>(s)] = delta > 0 ? ts : 0;
  }
  // Symmetry (sound): an automorphism maps the leaf with the earliest injection to leaf 0 and
  // shifting all steps down keeps a queue-free schedule valid, so t_0 = 1 = min t; swapping
  // children of nodes whose subtree avoids leaf 0 then gives min over the left child <= min
  // over the right child at every such node. Checked when leaf s closes a right subtree.
  bool canonical(std::int64_t s) const {
    for (int l = 1; l <= T.h; ++l) {
      std::int64_t size = std::int64_t{1} << l;
      if ((s + 1) % size != 0 || s + 1 == size) continue;  // not closing, or leaf 0's ancestor
      std::int64_t a = s + 1 - size, mid = a + size / 2;
      int left = 1 << 30, right = 1 << 30;
      for (std::int64_t x = a; x < mid; ++x) left = std::min(left, t[static_cast<std::size_t>(x)]);
      for (std::int64_t x = mid; x <= s; ++x) right = std::min(right, t[static_cast<std::size_t>(x)]);
      if (left > right) return false;
    }
    return true;
  }
  bool dfs(std::int64_t s, Stop& stop, CspStats& st) {
    if (s == T.n) {
      st.solutions++;
      return true;
    }
    for (int ts = 1; ts <= hi; ++ts) {
      st.nodes++;
      if (stop.tick()) return false;
      if (!fits(s, ts)) {
        st.empty_domain++;
        continue;
      }
      put(s, ts, +1);
      if (!canonical(s)) {
        st.symmetry++;
      } else if (dfs(s + 1, stop, st)) {
        return true;
      }
      put(s, ts, -1);
    }
    return false;
  }
};

}  // namespace

SearchOutcome run_flood_search(const SearchSpec& spec) {
  auto t0 = std::chrono::steady_clock::now();
  SearchOutcome out;
  out.steps = spec.steps;
  Stop stop(spec.limits);
  std::mutex mu;
  std::vector<int> solution;
  const int hi = spec.steps - 2 * spec.tree.h + 1;
  int threads = spec.threads > 0 ? spec.threads : static_cast<int>(tbb::info::default_concurrency());
  if (hi >= 1) {
    // Parallel over t_1 (t_0 = 1 by symmetry); each task searches t_2..t_{n-1} completely.
    out.tasks = hi;
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    tbb::parallel_for(1, hi + 1, [&](int t1) {
      if (stop.stopped()) return;
      Flood f(spec.tree, spec.steps);
      CspStats st;
      st.nodes++;
      f.put(0, 1, +1);
      bool ok = false;
      if (f.fits(1, t1)) {
        f.put(1, t1, +1);
        ok = f.canonical(1) && f.dfs(2, stop, st);
      }
      std::lock_guard lock(mu);
      out.stats += st;
      if (ok && solution.empty()) {
        solution = f.t;
        stop.cancel();
      }
    });
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!solution.empty()) {
    out.verdict = Verdict::solved;
    out.witness.required = required_deliveries(Op::multinode_broadcast, spec.tree.n);
    for (std::int64_t s = 0; s < spec.tree.n; ++s)
      out.witness.injections.push_back(broadcast(solution[static_cast<std::size_t>(s)], s, s));
    recheck_witness(spec, out);
  } else {
    out.verdict = stop.limit_hit() ? Verdict::unknown : Verdict::impossible;
  }
  out.space = "every injection vector (t_0..t_" + std::to_string(spec.tree.n - 1) + ") in [1, " +
              std::to_string(std::max(hi, 0)) +
              "]^n of one replicated broadcast per leaf, packets never waiting, at most c_i packets per link "
              "per step (complete up to tree automorphisms and time shifts: t_0 = 1 = min t)";
  return out;
}

}  // namespace blockcast::fattree
