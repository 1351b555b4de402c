#include "trim.hpp"

#include <algorithm>

#include "postal.hpp"
#include "word.hpp"

namespace blockcast {

int max_trim(Shape s, int L) {
  switch (s) {
    case Shape::optimal: return 0;
    case Shape::ties: return 1;
    case Shape::pruned: return L;
  }
  return 0;
}

TreeSpec tree_spec(int L, i64 P, Shape shape) {
  require_latency(L);
  if (P < 2) throw InputError("P must be >= 2 (source plus at least one processor), got " + std::to_string(P));
  TreeSpec s;
  s.L = L;
  s.shape = shape;
  s.P = P;
  s.t = broadcast_depth(L, P - 1);
  s.T = shape == Shape::pruned ? s.t + 1 : s.t;
  s.max_trim = max_trim(shape, L);
  s.removed = fib(L, s.T) - (P - 1);
  if (shape == Shape::optimal && s.removed != 0)
    throw InputError("shape optimal needs P-1 = f_t; P=" + std::to_string(P) + " lies strictly between f_" +
                     std::to_string(s.t - 1) + "+1 and f_" + std::to_string(s.t) + "+1 (use --shape ties)");
  return s;
}

TreeSpec tree_spec_for_t(int L, int t, Shape shape) {
  if (t < 0) throw InputError("depth t must be >= 0, got " + std::to_string(t));
  return tree_spec(L, checked_add(fib(L, t), 1, "P"), shape);
}

TreeSpec pruned_spec(int L, i64 P, int T) {
  TreeSpec s = tree_spec(L, P, Shape::pruned);
  if (T < s.t)
    throw InputError("a tree of depth T=" + std::to_string(T) + " has fewer than P-1=" + std::to_string(P - 1) +
                     " nodes (P needs T >= " + std::to_string(s.t) + ")");
  s.T = T;
  s.removed = checked_add(fib(L, T), -(P - 1), "removed leaves");
  if (s.removed > removable_leaves(L, T))
    throw InputError("a pruned tree of depth T=" + std::to_string(T) + " keeps at least f_" + std::to_string(T - L) +
                     " = " + std::to_string(fib(L, T - L)) + " nodes, P-1=" + std::to_string(P - 1) + " is fewer");
  return s;
}

i64 removable_leaves(int L, int T) { return T < L ? 0 : fib(L, T) - fib(L, T - L); }

std::vector<NodeClass> node_classes(int L, int T) {
  std::vector<NodeClass> out;
  for (int d = 0; d <= T - L; ++d)
    if (i64 n = nodes_at_label(L, d)) out.push_back({T - L + 1 - d, n});
  return out;  // label ascending = r0 descending
}

std::vector<i64> full_leaves(int L, int T) {
  std::vector<i64> letters(L, 0);
  for (int j = 0; j < L && j <= T; ++j)
    if (T - j > T - L) letters[j] = nodes_at_label(L, T - j);
  return letters;
}

namespace {

// Letters of the trimmed tree: T_T's leaves minus the removed ones, plus the leaves made
// of fully trimmed nodes (letter u = L-1+r0). Shared by construction and checking.
std::vector<i64> trimmed_letters(int L, int T, const TrimProfile& p) {
  std::vector<i64> letters = full_leaves(L, T);
  for (const auto& [key, k] : p) {
    const auto [r0, m] = key;
    for (int j = 0; j < m; ++j) letters[j] -= k;
    if (m == r0) {
      const int u = L - 1 + r0;
      if (static_cast<int>(letters.size()) <= u) letters.resize(u + 1, 0);
      letters[u] = checked_add(letters[u], k);
    }
  }
  return letters;
}

std::string spec_text(const TreeSpec& s) {
  return shape_name(s.shape) + " tree (L=" + std::to_string(s.L) + ", T=" + std::to_string(s.T) +
         ", P=" + std::to_string(s.P) + ")";
}

}  // namespace

Instance trimmed_instance(const TreeSpec& spec, const TrimProfile& profile) {
  Instance I;
  I.L = spec.L;
  I.T = spec.T;
  I.t = spec.t;
  I.shape = spec.shape;
  I.P = spec.P;
  std::map<int, i64> lost;  // r0 -> nodes that lose at least one leaf
  i64 removed = 0;
  for (const auto& [key, k] : profile) {
    const auto [r0, m] = key;
    if (k < 0 || m < 1 || m > r0 || m > std::min(spec.L, spec.max_trim))
      throw InputError(spec_text(spec) + ": a node with " + std::to_string(r0) + " children cannot lose " +
                       std::to_string(m) + " leaves");
    lost[r0] = checked_add(lost[r0], k);
    removed = checked_add(removed, checked_mul(k, m));
  }
  if (removed != spec.removed)
    throw InputError(spec_text(spec) + ": profile removes " + std::to_string(removed) + " leaves, " +
                     std::to_string(spec.removed) + " must go");
  for (const auto& c : node_classes(spec.L, spec.T)) {
    const i64 u = spec.L - 1 + c.r0;
    if (lost[c.r0] > c.nodes)
      throw InputError(spec_text(spec) + ": " + std::to_string(lost[c.r0]) + " nodes with " +
                       std::to_string(c.r0) + " children are trimmed, only " + std::to_string(c.nodes) + " exist");
    I.blocks.push_back({c.r0, u, c.nodes - lost[c.r0]});
    for (int m = 1; m < c.r0; ++m)
      if (auto it = profile.find({c.r0, m}); it != profile.end()) I.blocks.push_back({c.r0 - m, u, it->second});
    lost.erase(c.r0);
  }
  for (const auto& [r0, k] : lost)
    if (k > 0) throw InputError(spec_text(spec) + ": the tree has no nodes with " + std::to_string(r0) + " children");
  normalize_blocks(I.blocks);
  I.letters = trimmed_letters(spec.L, spec.T, profile);
  if (auto e = I.consistency_error(); !e.empty()) throw std::logic_error("trimmed instance: " + e);
  return I;
}

TrimProfile profile_of(const Instance& inst) {
  TrimProfile p;
  for (const auto& b : inst.blocks) {
    const int r0 = static_cast<int>(b.u - inst.L + 1);
    if (r0 != b.r) p[{r0, r0 - b.r}] += b.count;
  }
  for (int j = inst.L; j < inst.alphabet(); ++j)
    if (inst.letters[j] > 0) p[{j - inst.L + 1, j - inst.L + 1}] += inst.letters[j];
  return p;
}

std::optional<std::string> shape_error(const Instance& inst) {
  try {
    if (inst.shape == Shape::optimal) {
      Instance want = optimal_instance(inst.L, inst.T);
      if (inst.T != inst.t || inst.blocks != want.blocks || inst.letters != want.letters || inst.P != want.P)
        return "not the optimal tree I(" + std::to_string(inst.T) + ") of L=" + std::to_string(inst.L);
      return std::nullopt;
    }
    // Pruned trees may be deeper than t + 1 (pruned_spec); ties trees have depth t.
    const TreeSpec spec = inst.shape == Shape::pruned && inst.T >= inst.t && inst.T != inst.t + 1
                              ? pruned_spec(inst.L, inst.P, inst.T)
                              : tree_spec(inst.L, inst.P, inst.shape);
    if (inst.T != spec.T || inst.t != spec.t)
      return shape_name(inst.shape) + " tree for P=" + std::to_string(inst.P) + " has T=" + std::to_string(spec.T) +
             " and t=" + std::to_string(spec.t) + ", the schedule says T=" + std::to_string(inst.T) +
             ", t=" + std::to_string(inst.t);
    for (const auto& b : inst.blocks) {
      const i64 r0 = b.u - inst.L + 1;
      if (b.r < 1 || r0 < b.r || r0 > inst.T - inst.L + 1)
        return "block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) + ") is no trimmed node of T_" +
               std::to_string(inst.T);
    }
    Instance want = trimmed_instance(spec, profile_of(inst));
    std::vector<i64> have = inst.letters, need = want.letters;
    have.resize(std::max(have.size(), need.size()), 0);
    need.resize(have.size(), 0);
    if (have != need) {
      for (std::size_t j = 0; j < have.size(); ++j)
        if (have[j] != need[j])
          return "letter " + letter_name(static_cast<Letter>(j)) + ": " + std::to_string(have[j]) +
                 " leaves, the trimmed tree has " + std::to_string(need[j]);
    }
    if (inst.blocks != want.blocks) return "block multiset differs from the trimmed tree's";
  } catch (const InputError& e) {
    return e.what();
  }
  return std::nullopt;
}

}  // namespace blockcast
