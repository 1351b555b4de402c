// The ties tree chosen for the endgame, and its packing (see endgame_tree.hpp).
#include "kitem/endgame_tree.hpp"

#include <algorithm>
#include <vector>

#include "constructive.hpp"

namespace blockcast {

std::array<TrimOrder, 2> trim_orders(int L) {
  if (L <= 4) return {TrimOrder::smallest_first, TrimOrder::largest_first};
  return {TrimOrder::largest_first, TrimOrder::smallest_first};
}

std::optional<TrimProfile> endgame_profile(int L, std::int64_t P, TrimOrder order) {
  const TreeSpec spec = tree_spec(L, P, Shape::ties);
  if (spec.removed == 0) return std::nullopt;
  std::vector<NodeClass> classes = node_classes(L, spec.T);  // r0 descending
  // Order of the classes that lose a leaf: r0 = 1, then r0 >= 3 in the given order, r0 = 2 last.
  auto rank = [order](const NodeClass& c) {
    if (c.r0 == 1) return -1;
    if (c.r0 == 2) return 1 << 30;
    return order == TrimOrder::largest_first ? -c.r0 + (1 << 20) : c.r0;
  };
  std::stable_sort(classes.begin(), classes.end(), [&](const NodeClass& a, const NodeClass& b) { return rank(a) < rank(b); });
  TrimProfile profile;
  std::int64_t left = spec.removed;
  for (const NodeClass& c : classes) {
    const std::int64_t m = std::min(left, c.nodes);
    if (m > 0) profile[{c.r0, 1}] += m;
    left -= m;
  }
  if (left > 0) return std::nullopt;  // cannot happen for a ties spec (fewer leaves than nodes)
  return profile;
}

std::optional<Assignment> endgame_tree_schedule(int L, std::int64_t P, TrimOrder order, const Limits& limits) {
  const std::optional<TrimProfile> profile = endgame_profile(L, P, order);
  if (!profile || limits.expired()) return std::nullopt;
  const Instance inst = trimmed_instance(tree_spec(L, P, Shape::ties), *profile);
  // The receive-only processor meets x virtual trees and needs K (balanced_packing.hpp), so the
  // largest letters are tried first, at most three of them (each failure costs a packing).
  int tried = 0;
  for (int x = inst.alphabet() - 1; x >= 0 && tried < 3 && !limits.expired(); --x) {
    if (inst.letters[static_cast<std::size_t>(x)] == 0) continue;
    ++tried;
    ConstructiveOptions o;
    o.x = static_cast<Letter>(x);
    o.extendable = false;
    o.tries = 10;
    o.deadline = limits.deadline;
    if (ConstructiveResult r = solve_repair(inst, o); r.witness) return std::move(*r.witness);
    if (ConstructiveResult r = solve_bulk(inst, o); r.witness) return std::move(*r.witness);
  }
  return std::nullopt;
}

}  // namespace blockcast
