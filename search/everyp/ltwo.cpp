// L = 2: the counting refutation and the direct construction (see ltwo.hpp for the
// argument). Everything is kept as multiplicities: node classes by number of children,
// blocks by (r, u, letter counts).
#include "everyp/ltwo.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

#include "word_construction.hpp"

namespace blockcast {

namespace {

constexpr Letter kA = 0, kB = 1, kC = 2;
constexpr i64 kRootNodes = 20'000;  // ground-state search budget for an extendable root word

// Internal nodes of T_T by number of children r0, and their total I = f_{T-2}.
struct Classes {
  std::map<int, i64> nodes;
  i64 internal = 0;
  i64 at(int r0) const {
    auto it = nodes.find(r0);
    return it == nodes.end() ? 0 : it->second;
  }
};

Classes classes_of(const TreeSpec& s) {
  Classes c;
  for (const auto& nc : node_classes(2, s.T)) {
    c.nodes[nc.r0] += nc.nodes;
    c.internal = checked_add(c.internal, nc.nodes, "internal nodes");
  }
  return c;
}

bool applies(const TreeSpec& s) { return s.L == 2 && s.max_trim >= 1 && s.max_trim <= 2 && s.T >= 2; }

// One choice of the construction: trimmed nodes per kind and the receive-only letter.
struct Plan {
  Letter x = kB;
  i64 a1 = 0;   // one leaf off a node with >= 3 children (gain 2)
  i64 a2 = 0;   // one-child node becomes a c-leaf (gain 2, one "a c" pair)
  i64 c2 = 0;   // one leaf off a two-child node (gain 1)
  i64 d34 = 0;  // two leaves off a node with 3 or 4 children (gain 1)
};

// Blocks of one type with one letter-count vector (a, b, c).
struct Group {
  int r = 0;
  i64 u = 0;
  i64 count = 0;
  std::int32_t k[3] = {0, 0, 0};
};

TrimProfile profile_of(const Plan& p, const Classes& cl) {
  TrimProfile prof;
  auto add = [&](int r0, int m, i64 n) {
    if (n > 0) prof[{r0, m}] += n;
  };
  std::map<int, i64> used;
  const i64 d3 = std::min(p.d34, cl.at(3));
  add(3, 2, d3), used[3] += d3;
  add(4, 2, p.d34 - d3), used[4] += p.d34 - d3;
  i64 left = p.a1;
  for (auto it = cl.nodes.rbegin(); it != cl.nodes.rend() && left > 0; ++it) {  // largest first
    if (it->first < 3) break;
    const i64 take = std::min(left, it->second - used[it->first]);
    add(it->first, 1, take), left -= take;
  }
  add(1, 1, p.a2);
  add(2, 1, p.c2);
  return prof;
}

// Default words (m a's, rest b's; block (2, 5) takes a b) plus `pairs` "a c" in place of
// "b b", spread over the blocks with the most b's first. nullopt if they do not fit.
std::optional<std::vector<Group>> groups_of(const TrimProfile& prof, const Classes& cl, i64 pairs) {
  std::vector<Group> gs;
  for (const auto& [r0, n] : cl.nodes) {
    i64 kept = n;
    for (int m = 1; m <= 2; ++m)
      if (auto it = prof.find({r0, m}); it != prof.end()) kept -= it->second;
    for (int m = 0; m <= 2; ++m) {
      const i64 cnt = m == 0 ? kept : (prof.count({r0, m}) ? prof.at({r0, m}) : 0);
      const int r = r0 - m;
      if (cnt <= 0 || r <= 0) continue;  // r = 0: the node became a leaf
      Group g{r, r0 + 1, cnt, {0, 0, 0}};
      if (r >= 2 && r > m) g.k[kA] = m, g.k[kB] = r - 1 - m;
      if (r == 2 && m == 2) g.k[kB] = 1;
      gs.push_back(g);
    }
  }
  std::stable_sort(gs.begin(), gs.end(), [](const Group& a, const Group& b) { return a.k[kB] > b.k[kB]; });
  std::vector<Group> out;
  for (const Group& g : gs) {
    const i64 cap = g.k[kB] / 2;  // pairs one block can host
    if (pairs == 0 || cap == 0) {
      out.push_back(g);
      continue;
    }
    const i64 full = std::min(g.count, pairs / cap);
    auto host = [&](i64 cnt, i64 p) {
      if (cnt == 0) return;
      Group h = g;
      h.count = cnt;
      h.k[kA] += static_cast<std::int32_t>(p), h.k[kC] += static_cast<std::int32_t>(p);
      h.k[kB] -= static_cast<std::int32_t>(2 * p);
      out.push_back(h);
    };
    host(full, cap);
    pairs -= full * cap;
    const i64 rest = g.count - full;
    if (rest > 0 && pairs > 0) host(1, pairs), pairs = 0, host(rest - 1, 0);
    else host(rest, 0);
  }
  if (pairs > 0) return std::nullopt;
  return out;
}

std::vector<Plan> candidates(const TreeSpec& s, const Classes& cl) {
  std::vector<Plan> out;
  const i64 R = s.removed, I = cl.internal;
  const i64 n34 = cl.at(3) + cl.at(4), big = std::max<i64>(0, I - cl.at(1) - cl.at(2));
  for (Letter x : {kB, kA, kC}) {
    const i64 G = I - (x == kA) + (x == kC);  // gain the trimmed nodes must provide
    const i64 s2 = 2 * R - G;                 // what the gain-1 kinds must absorb
    if (s2 < 0) continue;
    const i64 base = std::max<i64>(0, (s2 - cl.at(2) + 2) / 3);
    for (i64 d = base; d <= base + 2 && d <= n34; ++d) {
      Plan p;
      p.x = x;
      p.d34 = d;
      p.c2 = s2 - 3 * d;
      const i64 A = G - R + d;
      if (p.c2 < 0 || p.c2 > cl.at(2) || A < 0) continue;
      if (s.max_trim < 2 && d > 0) continue;
      p.a1 = std::min(A, big - d);
      p.a2 = A - p.a1;
      if (p.a2 > cl.at(1) || p.a2 < (x == kC)) continue;
      out.push_back(p);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> ltwo_counting_refutation(const TreeSpec& s) {
  if (!applies(s)) return std::nullopt;
  const i64 I = classes_of(s).internal;
  const i64 cover = checked_add(checked_mul(2, s.removed), 1);
  if (I <= cover) return std::nullopt;
  return "counting (L = 2): removing " + std::to_string(s.removed) + " leaves covers at most 2R + 1 = " +
         std::to_string(cover) + " of the " + std::to_string(I) + " letter-a receptions of T_" + std::to_string(s.T) +
         " (one per internal node)";
}

std::optional<Assignment> ltwo_construction(const TreeSpec& s, std::optional<Letter> x, bool extendable) {
  if (!applies(s) || ltwo_counting_refutation(s)) return std::nullopt;
  if (extendable && !x) throw std::logic_error("L = 2 construction: an extendable root needs its letter x");
  const Classes cl = classes_of(s);
  for (const Plan& p : candidates(s, cl)) {
    if (x && p.x != *x) continue;
    const TrimProfile prof = profile_of(p, cl);
    auto gs = groups_of(prof, cl, p.a2 - (p.x == kC));
    if (!gs) continue;
    Instance inst;
    try {
      inst = trimmed_instance(s, prof);
    } catch (const InputError&) {
      continue;  // the plan does not fit the spec's class sizes
    }
    Assignment a;
    a.L = 2, a.T = s.T, a.t = s.t, a.shape = s.shape, a.P = s.P, a.receive_only = p.x;
    bool root_ok = !extendable;
    for (const Group& g : *gs) {
      Word w;
      const Counts c{g.k[kA], g.k[kB], g.k[kC]};
      if (extendable && g.u == s.T && g.count == 1) {  // the root (one node, u = T)
        auto found = extendable_word_with_counts(g.r, g.u, c, *x, kRootNodes);
        if (!found) break;
        w = *found;
        root_ok = true;
      } else if (g.r > 1) {
        auto found = word_with_counts(g.r, g.u, c);
        if (!found) throw std::logic_error("L = 2 construction: counts violate the sum condition");
        w = *found;
      }
      a.blocks.push_back({g.r, g.u, g.count, w});
    }
    if (!root_ok) continue;
    normalize(a);
    if (auto err = check_assignment(inst, a)) throw std::logic_error("L = 2 construction fails the checker: " + *err);
    return a;
  }
  return std::nullopt;
}

}  // namespace blockcast
