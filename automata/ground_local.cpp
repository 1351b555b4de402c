// The local search of ground_local.hpp. A step evaluates only the swaps that can be among the
// best. Swapping the throws of p and q removes the landings p + s_p, q + s_q and adds
// p + s_q, q + s_p; neither added landing equals a removed one (q != p, s_q != s_p).
// Removing p's landing gains 1 (p is conflicted), removing q's gains 1 or nothing, and an
// added landing costs 1 unless it is on a free time. So a swap with neither added landing
// free (q != c - s_p and s_q != c - p for every free time c) changes the cost by 0 when q is
// conflicted and by at least +1 otherwise. Hence when some swap with a free-time candidate or
// a conflicted q changes the cost by <= 0, the best swaps over all q are exactly the best of
// those, taken in ascending q as a full scan lists them: the same random choices as the full
// scan of every q, for the candidates of the few free times and conflicted positions (the
// full scan stays for steps whose best is +1). The conflicted positions and free times are
// kept up to date per swap (four landing times change) instead of rescanned per step.
// conjecture --L 250: the local search was a third of the CPU, three quarters of its steps
// do not lower the cost.
#include "ground_local.hpp"

#include <algorithm>
#include <climits>

namespace blockcast {

namespace {

// Membership of `item` in a list with its index table (-1: absent); O(1) either way.
void set_member(std::vector<int>& list, std::vector<int>& idx, int item, bool on) {
  if (on && idx[item] < 0) {
    idx[item] = static_cast<int>(list.size());
    list.push_back(item);
  } else if (!on && idx[item] >= 0) {
    const int last = list.back();
    list[idx[item]] = last, idx[last] = idx[item];
    list.pop_back(), idx[item] = -1;
  }
}

void list_add(std::vector<int>& list, std::vector<int>& slot, int item) {
  slot[item] = static_cast<int>(list.size());
  list.push_back(item);
}

void list_remove(std::vector<int>& list, std::vector<int>& slot, int item) {
  const int last = list.back();
  list[slot[item]] = last, slot[last] = slot[item];
  list.pop_back();
}

}  // namespace

std::uint64_t GroundLocalSearch::next() {  // xorshift64
  rng_ ^= rng_ << 13, rng_ ^= rng_ >> 7, rng_ ^= rng_ << 17;
  return rng_;
}

// The cost change of swapping the throws of p and q (hits_ left as it was).
std::int64_t GroundLocalSearch::swap_delta(int p, int q) {
  const int a1 = p + s_[p], b1 = q + s_[q], a2 = p + s_[q], b2 = q + s_[p];
  std::int64_t d = 0;
  auto change = [&](int c, int dh) {
    d -= pen(c, hits_[c]);
    hits_[c] += dh;
    d += pen(c, hits_[c]);
  };
  change(a1, -1), change(b1, -1), change(a2, 1), change(b2, 1);
  ++hits_[a1], ++hits_[b1], --hits_[a2], --hits_[b2];
  return d;
}

// Landing time c changed its hits: its positions' conflict flags and its own freedom.
void GroundLocalSearch::refresh(int c) {
  const bool conflicted = out(c) || hits_[c] > 1;
  for (int p : land_[c]) set_member(conf_, conf_idx_, p, conflicted);
  if (!out(c)) set_member(free_, free_idx_, c, hits_[c] == 0);
}

void GroundLocalSearch::apply_swap(int p, int q) {
  const int a1 = p + s_[p], b1 = q + s_[q];
  list_remove(land_[a1], land_slot_, p), list_remove(land_[b1], land_slot_, q);
  --hits_[a1], --hits_[b1];
  std::swap(at_[s_[p]][at_slot_[p]], at_[s_[q]][at_slot_[q]]);
  std::swap(at_slot_[p], at_slot_[q]);
  std::swap(s_[p], s_[q]);
  const int a2 = p + s_[p], b2 = q + s_[q];
  list_add(land_[a2], land_slot_, p), list_add(land_[b2], land_slot_, q);
  ++hits_[a2], ++hits_[b2];
  for (int c : {a1, b1, a2, b2}) refresh(c);
}

// The k-th conflicted position in ascending order (the list itself is unordered).
int GroundLocalSearch::conflicted_by_rank(std::size_t k) {
  pick_.assign(conf_.begin(), conf_.end());
  std::nth_element(pick_.begin(), pick_.begin() + static_cast<std::ptrdiff_t>(k), pick_.end());
  return pick_[k];
}

// The best swaps of p among the free-time candidates and the conflicted positions into
// best_, ascending q, when their cost change is <= 0; returns it (1 otherwise).
std::int64_t GroundLocalSearch::likely_swaps(int p) {
  best_.clear();
  std::int64_t bd = 1;
  auto offer = [&](int q) {
    if (q < 0 || q >= r_ || s_[q] == s_[p]) return;
    const std::int64_t d = swap_delta(p, q);
    if (d < bd) bd = d, best_.clear();
    if (d == bd && d <= 0) best_.push_back(q);
  };
  for (int c : free_) {
    offer(c - s_[p]);
    const int v = c - p;
    if (v >= 0 && v < static_cast<int>(at_.size()))
      for (int q : at_[v]) offer(q);
  }
  for (int q : conf_) offer(q);
  std::sort(best_.begin(), best_.end());
  best_.erase(std::unique(best_.begin(), best_.end()), best_.end());
  return bd;
}

// The start: positions in order, each taking the largest throw left that lands on a free
// time of x..x+r-1 (the depth-first search's first descent, without backtracking); a
// position with none takes the largest throw left. Most landings are then right, and the
// local search repairs the rest (from throws sorted in descending order it took about 800
// steps of O(r) per root at L = 250).
void GroundLocalSearch::greedy_start(const std::vector<std::int32_t>& throws) {
  left_.assign(throws.begin(), throws.end());
  taken_.assign(static_cast<std::size_t>(x_ + r_), 0);
  s_.assign(r_, -1);
  int top = static_cast<int>(left_.size()) - 1;
  for (int p = 0; p < r_; ++p) {
    while (top >= 0 && left_[top] == 0) --top;
    int v = std::min(top, x_ + r_ - 1 - p);
    while (v >= 0 && (left_[v] == 0 || p + v < x_ || taken_[p + v])) --v;
    if (v < 0) v = top;
    s_[p] = v, --left_[v];
    if (p + v < x_ + r_) taken_[p + v] = 1;
  }
}

bool GroundLocalSearch::run(const std::vector<std::int32_t>& throws, int r, int x, std::int64_t max_steps,
                            std::int64_t& steps, std::uint64_t seed) {
  r_ = r, x_ = x, rng_ = seed;
  greedy_start(throws);
  const int times = r + static_cast<int>(throws.size()) + 1;
  hits_.assign(times, 0);
  at_.resize(throws.size()), land_.resize(std::max<std::size_t>(land_.size(), times));
  for (auto& a : at_) a.clear();
  for (auto& l : land_) l.clear();
  at_slot_.assign(r, 0), land_slot_.assign(r, 0);
  conf_.clear(), free_.clear();
  conf_idx_.assign(r, -1), free_idx_.assign(times, -1);
  for (int p = 0; p < r; ++p) {
    list_add(at_[s_[p]], at_slot_, p);
    list_add(land_[p + s_[p]], land_slot_, p);
    ++hits_[p + s_[p]];
  }
  std::int64_t cost = 0;
  for (int c = 0; c < times; ++c) cost += pen(c, hits_[c]);
  for (int c = 0; c < times; ++c) refresh(c);
  while (cost > 0 && steps < max_steps) {
    ++steps;
    const int p = conflicted_by_rank(next() % conf_.size());
    std::int64_t bd = likely_swaps(p);
    if (bd > 0) {  // every swap raises the cost: the best of all of them
      bd = INT64_MAX;
      best_.clear();
      for (int q = 0; q < r; ++q) {
        if (s_[q] == s_[p]) continue;
        const std::int64_t d = swap_delta(p, q);
        if (d < bd) bd = d, best_.clear();
        if (d == bd) best_.push_back(q);
      }
    }
    if (best_.empty()) return false;  // every throw equal: nothing to swap
    int q = best_[next() % best_.size()];
    if (bd >= 0 && next() % 10 == 0) {
      q = static_cast<int>(next() % r);
      if (s_[q] == s_[p]) continue;
      bd = swap_delta(p, q);
    }
    apply_swap(p, q);
    cost += bd;
  }
  return cost == 0;
}

}  // namespace blockcast
