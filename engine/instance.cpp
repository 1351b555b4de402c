#include "instance.hpp"

#include <algorithm>
#include <map>

#include "postal.hpp"

namespace blockcast {

std::string shape_name(Shape s) {
  switch (s) {
    case Shape::optimal: return "optimal";
    case Shape::ties: return "ties";
    case Shape::pruned: return "pruned";
  }
  return "?";
}

Shape parse_shape(const std::string& s) {
  if (s == "optimal") return Shape::optimal;
  if (s == "ties") return Shape::ties;
  if (s == "pruned") return Shape::pruned;
  throw InputError("unknown shape '" + s + "' (expected optimal, ties or pruned)");
}

i64 Instance::block_count() const {
  i64 n = 0;
  for (const auto& b : blocks) n = checked_add(n, b.count);
  return n;
}

i64 Instance::processors() const {
  i64 n = 1;  // receive-only processor
  for (const auto& b : blocks) n = checked_add(n, checked_mul(b.r, b.count));
  return n;
}

i64 Instance::letter_total() const {
  i64 n = 0;
  for (i64 c : letters) n = checked_add(n, c);
  return n;
}

std::string Instance::consistency_error() const {
  // Each step every processor receives exactly one item: blocks receive one upper-case
  // item and r-1 letters, the receive-only processor one letter.
  i64 need = 1;
  for (const auto& b : blocks) {
    if (b.r < 1 || b.count < 0) return "block type with r < 1 or negative count";
    need = checked_add(need, checked_mul(b.r - 1, b.count));
  }
  if (need != letter_total())
    return "letters (" + std::to_string(letter_total()) + ") do not match the blocks' " +
           "lower-case receptions plus the receive-only processor (" + std::to_string(need) +
           ")";
  if (processors() != P - 1)
    return "blocks use " + std::to_string(processors()) + " processors, P-1 is " +
           std::to_string(P - 1);
  return "";
}

void normalize_blocks(std::vector<BlockType>& blocks) {
  std::map<std::pair<int, i64>, i64> m;
  for (const auto& b : blocks)
    if (b.count != 0) m[{b.r, b.u}] = checked_add(m[{b.r, b.u}], b.count);
  blocks.clear();
  for (auto it = m.rbegin(); it != m.rend(); ++it)
    blocks.push_back({it->first.first, it->first.second, it->second});
}

Instance optimal_instance(int L, int t) {
  require_latency(L);
  if (t < 0) throw InputError("depth t must be >= 0, got " + std::to_string(t));
  auto f = fib_sequence(L, t);
  Instance I;
  I.L = L;
  I.T = t;
  I.t = t;
  I.shape = Shape::optimal;
  I.P = checked_add(f[t], 1, "P");
  I.letters.assign(L, 0);
  for (int d = 0; d <= t; ++d) {
    i64 n = d == 0 ? 1 : (d < L ? 0 : f[d - L]);
    if (n == 0) continue;
    if (d <= t - L)
      I.blocks.push_back({t - L + 1 - d, static_cast<i64>(t - d), n});
    else
      I.letters[t - d] = checked_add(I.letters[t - d], n);
  }
  normalize_blocks(I.blocks);
  return I;
}

}  // namespace blockcast
