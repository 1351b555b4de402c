// Brute force over trimmed trees for tests (SPEC Sec. 6): every trimming profile of a
// pruned spec enumerated, each instance decided by the plain search of block_search.hpp
// without limits. Independent of the trimmed search, the composition and the L = 2
// counting argument that tests compare with it.
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <vector>

#include "everyp/trim_search.hpp"

namespace blockcast::testing {

// Every profile of a spec: per node class, how many nodes lose m = 1..min(r0, L, max_trim) leaves.
inline std::vector<TrimProfile> all_profiles(const TreeSpec& spec) {
  std::vector<TrimProfile> out;
  const auto classes = node_classes(spec.L, spec.T);
  TrimProfile cur;
  std::function<void(std::size_t, int, i64, i64)> rec = [&](std::size_t ci, int m, i64 left, i64 removed) {
    if (ci == classes.size()) {
      if (removed == spec.removed) out.push_back(cur);
      return;
    }
    const auto& c = classes[ci];
    if (m > std::min({c.r0, spec.L, spec.max_trim})) return rec(ci + 1, 1, ci + 1 < classes.size() ? classes[ci + 1].nodes : 0, removed);
    for (i64 k = 0; k <= left && removed + k * m <= spec.removed; ++k) {
      if (k) cur[{c.r0, m}] = k;
      rec(ci, m + 1, left - k, removed + k * m);
      cur.erase({c.r0, m});
    }
  };
  if (classes.empty()) {
    if (spec.removed == 0) out.push_back(cur);  // T < L: the tree is one node
    return out;
  }
  rec(0, 1, classes[0].nodes, 0);
  return out;
}

// Independent decision of "some pruned tree of depth T for P has a block-cyclic schedule".
inline Verdict brute_force(int L, i64 P, int T) {
  SearchOptions o;
  o.threads = 1;
  for (const auto& p : all_profiles(pruned_spec(L, P, T))) {
    const SearchResult r = solve_exact(trimmed_instance(pruned_spec(L, P, T), p), o);
    REQUIRE(r.verdict != Verdict::unknown);
    if (r.verdict == Verdict::solved) return Verdict::solved;
  }
  return Verdict::impossible;
}

}  // namespace blockcast::testing
