#include "assignment.hpp"

#include <algorithm>
#include <tuple>

#include "trim.hpp"

namespace blockcast {

namespace {
std::string block_name(const BlockWord& b) {
  return "block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) + ") word '" +
         word_string(b.word) + "'";
}
}  // namespace

namespace {
struct TypeCount {
  int r = 0;
  i64 u = 0;
  i64 count = 0;
  std::pair<int, i64> key() const { return {r, u}; }
};
// Sort by (r, u) and add up the counts of equal types (overflow-checked).
void merge_types(std::vector<TypeCount>& v) {
  std::sort(v.begin(), v.end(), [](const TypeCount& x, const TypeCount& y) { return x.key() < y.key(); });
  std::size_t out = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (out > 0 && v[out - 1].key() == v[i].key())
      v[out - 1].count = checked_add(v[out - 1].count, v[i].count);
    else
      v[out++] = v[i];
  }
  v.resize(out);
}
}  // namespace

std::optional<std::string> check_assignment(const Instance& inst, const Assignment& a, WordChecks words) {
  if (a.L != inst.L || a.T != inst.T)
    return "assignment is for L=" + std::to_string(a.L) + ", T=" + std::to_string(a.T) +
           " but the instance has L=" + std::to_string(inst.L) + ", T=" + std::to_string(inst.T);
  const int W = inst.alphabet();
  std::vector<i64> used(W, 0);
  // Block types as sorted (r, u, count) runs rather than maps: a composed case of the
  // induction has 10^4 blocks, and map inserts were a tenth of verifying a certificate.
  std::vector<TypeCount> have;
  have.reserve(a.blocks.size());
  for (const auto& b : a.blocks) {
    if (b.count < 1) return block_name(b) + ": count must be >= 1";
    for (Letter j : b.word)
      if (j < 0 || j >= W)
        return block_name(b) + ": unknown letter " + letter_name(j) + " (instance alphabet a.." +
               letter_name(W - 1) + ")";
    if (words == WordChecks::all || b.u == a.T)
      if (auto v = word_violation(b.r, b.u, b.word)) return block_name(b) + ": " + *v;
    have.push_back({b.r, b.u, b.count});
    for (Letter j : b.word) used[j] = checked_add(used[j], b.count);
  }
  std::vector<TypeCount> want;
  want.reserve(inst.blocks.size());
  for (const auto& b : inst.blocks) want.push_back({b.r, b.u, b.count});
  merge_types(have);
  merge_types(want);
  auto type_name = [](const TypeCount& k) {
    return "block type (r=" + std::to_string(k.r) + ", u=" + std::to_string(k.u) + ")";
  };
  std::size_t i = 0, k = 0;
  while (i < have.size() || k < want.size()) {
    if (k == want.size() || (i < have.size() && have[i].key() < want[k].key())) {
      if (have[i].count > 0) return type_name(have[i]) + " does not occur in the instance";
      ++i;
    } else if (i == have.size() || want[k].key() < have[i].key()) {
      if (want[k].count != 0)
        return type_name(want[k]) + " has 0 blocks assigned, the instance has " + std::to_string(want[k].count);
      ++k;
    } else {
      if (have[i].count != want[k].count)
        return type_name(want[k]) + " has " + std::to_string(have[i].count) + " blocks assigned, the instance has " +
               std::to_string(want[k].count);
      ++i, ++k;
    }
  }
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
