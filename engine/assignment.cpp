#include "assignment.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "trim.hpp"

namespace blockcast {

namespace {
std::string block_name(const BlockWord& b) {
  return "block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) + ") word '" +
         word_string(b.word) + "'";
}
}  // namespace

std::optional<std::string> check_assignment(const Instance& inst, const Assignment& a) {
  if (a.L != inst.L || a.T != inst.T)
    return "assignment is for L=" + std::to_string(a.L) + ", T=" + std::to_string(a.T) +
           " but the instance has L=" + std::to_string(inst.L) + ", T=" + std::to_string(inst.T);
  const int W = inst.alphabet();
  std::vector<i64> used(W, 0);
  std::map<std::pair<int, i64>, i64> have;
  for (const auto& b : a.blocks) {
    if (b.count < 1) return block_name(b) + ": count must be >= 1";
    for (Letter j : b.word)
      if (j < 0 || j >= W)
        return block_name(b) + ": unknown letter " + letter_name(j) + " (instance alphabet a.." +
               letter_name(W - 1) + ")";
    if (auto v = word_violation(b.r, b.u, b.word)) return block_name(b) + ": " + *v;
    have[{b.r, b.u}] = checked_add(have[{b.r, b.u}], b.count);
    for (Letter j : b.word) used[j] = checked_add(used[j], b.count);
  }
  std::map<std::pair<int, i64>, i64> want;
  for (const auto& b : inst.blocks) want[{b.r, b.u}] = b.count;
  for (const auto& [k, n] : want)
    if (have[k] != n)
      return "block type (r=" + std::to_string(k.first) + ", u=" + std::to_string(k.second) +
             ") has " + std::to_string(have[k]) + " blocks assigned, the instance has " +
             std::to_string(n);
  for (const auto& [k, n] : have)
    if (!want.count(k) && n > 0)
      return "block type (r=" + std::to_string(k.first) + ", u=" + std::to_string(k.second) +
             ") does not occur in the instance";
  if (a.receive_only < 0 || a.receive_only >= W)
    return "receive-only letter " + letter_name(a.receive_only) + " outside the alphabet";
  used[a.receive_only] = checked_add(used[a.receive_only], 1);
  for (int j = 0; j < W; ++j)
    if (used[j] != inst.letters[j])
      return "letter conservation broken for '" + letter_name(j) + "': words and receive-only use " +
             std::to_string(used[j]) + ", the tree has " + std::to_string(inst.letters[j]) +
             " leaves";
  return std::nullopt;
}

Instance listed_instance(const Assignment& a) {
  Instance I;
  I.L = a.L;
  I.T = a.T;
  I.t = a.t;
  I.shape = a.shape;
  I.P = a.P;
  if (a.receive_only < 0) throw InputError("receive-only letter must be a letter a, b, ...");
  int W = std::max(a.L, a.receive_only + 1);
  for (const auto& b : a.blocks) {
    I.blocks.push_back({b.r, b.u, b.count});
    for (Letter j : b.word) W = std::max(W, j + 1);
  }
  normalize_blocks(I.blocks);
  I.letters.assign(W, 0);
  for (const auto& b : a.blocks)
    for (Letter j : b.word) I.letters[j] = checked_add(I.letters[j], b.count);
  I.letters[a.receive_only] += 1;
  return I;
}

Instance claimed_instance(const Assignment& a) {
  if (a.shape == Shape::optimal) return optimal_instance(a.L, a.t);
  Instance I = listed_instance(a);
  if (auto e = shape_error(I))
    throw InputError("schedule is not a " + shape_name(a.shape) + " tree: " + *e);
  return I;
}

void normalize(Assignment& a) {
  // Descending (r, u, word), equal entries merged: sort and merge neighbours in place (the
  // every-P table normalises every composed part, so no map and no word copies).
  auto& v = a.blocks;
  std::sort(v.begin(), v.end(), [](const BlockWord& x, const BlockWord& y) {
    return std::tie(x.r, x.u, x.word) > std::tie(y.r, y.u, y.word);
  });
  std::size_t k = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (k > 0 && v[k - 1].r == v[i].r && v[k - 1].u == v[i].u && v[k - 1].word == v[i].word)
      v[k - 1].count = checked_add(v[k - 1].count, v[i].count);
    else if (k++ != i)
      v[k - 1] = std::move(v[i]);
  }
  v.resize(k);
}

}  // namespace blockcast
