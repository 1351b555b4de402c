// Constructive endgame by colouring the virtual trees of a cut block-cyclic schedule (see
// colored_endgame.hpp; Karp et al. 1993 Thm 3.2, docs/kbroadcast.md Sec. 8).
#include "kitem/colored_endgame.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <deque>
#include <tuple>
#include <unordered_map>

#include <boost/container_hash/hash.hpp>

#include "checked.hpp"
#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/schedule_ops.hpp"

namespace blockcast {

namespace {

// The trees one processor with this letter sequence meets (letter(tau) for tau = 0..window, all
// letters <= max_letter: steps before L + T - max_letter only see items before 0).
// Into s (a buffer the caller reuses: one call per phase of every block).
template <class LetterAt>
void trees_seen(const Assignment& a, int window, int trees, i64 max_letter, LetterAt letter_at, std::vector<int>& s) {
  s.clear();
  for (int tau = static_cast<int>(std::max<i64>(0, a.L + a.T - max_letter)); tau <= window; ++tau) {
    const i64 item = tau + letter_at(tau) - a.L - a.T;
    if (item >= 0 && item < trees) s.push_back(static_cast<int>(item));
  }
  std::sort(s.begin(), s.end());
}

// First processor id of each BlockWord in the expansion's layout (source 0, blocks in order).
std::vector<i64> block_bases(const Assignment& a) {
  std::vector<i64> base;
  i64 id = 1;
  for (const BlockWord& b : a.blocks) base.push_back(id), id = checked_add(id, checked_mul(b.count, b.r, "processors"), "processors");
  return base;
}

}  // namespace

std::optional<Rotation> receive_only_rotation(const Assignment& a, int K) {
  const i64 x = a.receive_only;
  if (x >= K) return Rotation{};
  const std::vector<i64> base = block_bases(a);
  // r = 1 processors, largest letter first.
  std::vector<std::pair<i64, i64>> ones;  // (u, id)
  for (size_t i = 0; i < a.blocks.size(); ++i)
    if (a.blocks[i].r == 1)
      for (i64 c = 0; c < a.blocks[i].count && c < 64; ++c) ones.push_back({a.blocks[i].u, base[i] + c});
  std::sort(ones.rbegin(), ones.rend());
  for (int g = 2; g <= static_cast<int>(ones.size()) + 1 && g <= 64; ++g) {
    Rotation r;
    r.ids = {a.P - 1};
    r.letters = {x};
    i64 sum = x;
    for (const auto& [u, id] : ones)
      if (r.g() < g && floor_mod(u - x, g) == 0) r.ids.push_back(id), r.letters.push_back(u), sum += u;
    if (r.g() == g && sum >= static_cast<i64>(K) * g) return r;
  }
  return std::nullopt;
}

void remap_roles(std::vector<Message>& messages, const Rotation& rot) {
  if (rot.g() < 2) return;
  const int g = rot.g();
  // Each id's place in the rotation (-1: not rotated), looked up once per message end: the
  // frames have P times the items' messages, so a table of the largest id costs nothing.
  std::vector<int> place(static_cast<size_t>(*std::max_element(rot.ids.begin(), rot.ids.end())) + 1, -1);
  for (int h = 0; h < g; ++h) place[static_cast<size_t>(rot.ids[static_cast<size_t>(h)])] = h;
  auto map = [&](std::int32_t& id, std::int32_t item) {
    if (static_cast<size_t>(id) >= place.size() || place[static_cast<size_t>(id)] < 0) return;
    id = static_cast<std::int32_t>(rot.ids[static_cast<size_t>(floor_mod(place[static_cast<size_t>(id)] - item, g))]);
  };
  for (Message& m : messages) map(m.sender, m.item), map(m.receiver, m.item);
}

void rotate_roles(Schedule& s, const Rotation& rot) {
  if (rot.g() < 2) return;
  remap_roles(s.messages, rot);
  sort_messages(s);
}

namespace {

// Calls f(letter_at, max_letter, processors) once per letter sequence of the layout: each phase
// of each block (less the processors the rotation takes), then the receive-only role or the
// rotation's g processors (processor j of the rotation plays role (j + i) mod g for item i; at
// step tau every role's item is congruent to tau + x - L - T (mod g)).
template <class F>
void for_each_sequence(const Assignment& a, const Rotation& rot, F f) {
  const std::vector<i64> base = block_bases(a);
  for (size_t i = 0; i < a.blocks.size(); ++i) {
    const BlockWord& b = a.blocks[i];
    i64 count = b.count;  // less the processors of this block that the rotation takes
    for (size_t h = 1; h < rot.ids.size(); ++h) count -= rot.ids[h] >= base[i] && rot.ids[h] < base[i] + b.count * b.r;
    if (count == 0) continue;
    const i64 max_letter = std::max<i64>(b.u, b.word.empty() ? 0 : *std::max_element(b.word.begin(), b.word.end()));
    for (int q = 0; q < b.r; ++q)
      f([&](int tau) -> i64 {
          const int k = static_cast<int>(floor_mod(tau - q, b.r));
          return k == 0 ? b.u : b.word[static_cast<size_t>(k - 1)];
        },
        max_letter, count);
  }
  if (rot.g() < 2) {
    f([&](int) -> i64 { return a.receive_only; }, a.receive_only, 1);
    return;
  }
  const i64 max_letter = *std::max_element(rot.letters.begin(), rot.letters.end());
  for (int j = 0; j < rot.g(); ++j)
    f([&](int tau) -> i64 {
        const i64 z = floor_mod(tau + rot.letters[0] - a.L - a.T, rot.g());
        return rot.letters[static_cast<size_t>(floor_mod(j + z, rot.g()))];
      },
      max_letter, 1);
}

}  // namespace

TreeClasses tree_classes(const Assignment& a, int window, const Rotation& rot) {
  if (window < a.L) throw InputError("endgame window " + std::to_string(window) + " < L = " + std::to_string(a.L));
  TreeClasses c;
  c.window = window;
  c.trees = window - a.L + 1;
  // Hashed: thousands of phases share a few sets, and a tree map's vector comparisons were
  // 14 % of the table's time at L = 7, P <= 2000.
  std::unordered_map<std::vector<int>, size_t, boost::hash<std::vector<int>>> index;
  std::vector<int> seen;
  for_each_sequence(a, rot, [&](auto letter_at, i64 max_letter, i64 count) {
    trees_seen(a, window, c.trees, max_letter, letter_at, seen);
    auto it = index.find(seen);
    if (it == index.end()) {
      it = index.emplace(seen, c.sets.size()).first;
      c.sets.push_back(seen), c.counts.push_back(0);
    }
    c.counts[it->second] += count;
  });
  return c;
}

i64 fewest_trees(const Assignment& a, int window, const Rotation& rot) {
  if (window < a.L) throw InputError("endgame window " + std::to_string(window) + " < L = " + std::to_string(a.L));
  const int trees = window - a.L + 1;
  i64 fewest = std::numeric_limits<i64>::max();
  for_each_sequence(a, rot, [&](auto letter_at, i64 max_letter, i64) {
    i64 n = 0;
    for (int tau = static_cast<int>(std::max<i64>(0, a.L + a.T - max_letter)); tau <= window; ++tau) {
      const i64 item = tau + letter_at(tau) - a.L - a.T;
      n += item >= 0 && item < trees;
    }
    fewest = std::min(fewest, n);
  });
  return fewest;
}

namespace {

// Depth-first colouring: most constrained tree first, colours interchangeable (a new colour
// is only ever the next unused one).
class Colorer {
 public:
  Colorer(const TreeClasses& c, int K, const Limits& limits)
      : c_(c), K_(K), limits_(limits), end_(limits.end_from(Clock::now())) {
    of_tree_.resize(static_cast<size_t>(c.trees));
    for (size_t s = 0; s < c.sets.size(); ++s)
      for (int v : c.sets[s]) of_tree_[static_cast<size_t>(v)].push_back(s);
    present_.assign(c.sets.size(), 0);
    missing_.assign(c.sets.size(), K);
    free_.resize(c.sets.size());
    for (size_t s = 0; s < c.sets.size(); ++s) free_[s] = static_cast<int>(c.sets[s].size());
    color_.assign(static_cast<size_t>(c.trees), -1);
  }

  TreeColoring run() {
    TreeColoring out;
    for (const auto& s : c_.sets)
      if (static_cast<int>(s.size()) < K_) {  // fewer trees than colours: nothing to search
        out.verdict = Verdict::impossible;
        return out;
      }
    const int r = dfs(0);
    out.nodes = nodes_;
    out.verdict = r > 0 ? Verdict::solved : r == 0 ? Verdict::impossible : Verdict::unknown;
    if (r > 0) out.color = renumbered();
    return out;
  }

 private:
  int missing(size_t s) const { return missing_[s]; }

  // The unassigned tree in the tightest set (least free minus missing), ties: most sets.
  int pick() const {
    int best = -1, best_slack = std::numeric_limits<int>::max();  // a tree in no set is still picked
    size_t best_deg = 0;
    for (int v = 0; v < c_.trees; ++v) {
      if (color_[static_cast<size_t>(v)] >= 0) continue;
      int slack = 1 << 30;
      for (size_t s : of_tree_[static_cast<size_t>(v)]) slack = std::min(slack, free_[s] - missing(s));
      const size_t deg = of_tree_[static_cast<size_t>(v)].size();
      if (slack < best_slack || (slack == best_slack && deg > best_deg)) best = v, best_slack = slack, best_deg = deg;
    }
    return best;
  }

  // 1 solved, 0 exhausted, -1 limit.
  int dfs(int assigned) {
    if (assigned == c_.trees) {
      solution_ = color_;  // the stack unwinds (and unassigns) on the way out
      return 1;
    }
    ++nodes_;
    if (limits_.max_nodes > 0 && nodes_ > limits_.max_nodes) return -1;
    if ((nodes_ & 1023) == 0 && Clock::now() >= end_) return -1;
    const int v = pick();
    // Colours in order of how many of v's sets still miss them (a tree that no set needs
    // anything from takes colour 0).
    std::vector<std::pair<int, int>> order;
    for (int e = 0; e < std::min(K_, used_ + 1); ++e) {
      int need = 0;
      for (size_t s : of_tree_[static_cast<size_t>(v)]) need += !(present_[s] >> e & 1);
      order.push_back({-need, e});
    }
    std::sort(order.begin(), order.end());
    for (auto [neg, e] : order) {
      if (!assign(v, e)) {
        unassign(v, e);
        continue;
      }
      const int r = dfs(assigned + 1);
      unassign(v, e);
      if (r != 0) return r;
    }
    return 0;
  }

  bool assign(int v, int e) {
    color_[static_cast<size_t>(v)] = e;
    saved_.push_back(used_);
    used_ = std::max(used_, e + 1);
    bool ok = K_ - used_ <= c_.trees;  // cheap global check; the sets below are the real test
    for (size_t s : of_tree_[static_cast<size_t>(v)]) {
      saved_present_.push_back(present_[s]);
      saved_missing_.push_back(missing_[s]);
      missing_[s] -= !(present_[s] >> e & 1);
      present_[s] |= 1ull << e;
      --free_[s];
      if (missing(s) > free_[s]) ok = false;
    }
    return ok;
  }

  void unassign(int v, int) {
    const auto& sets = of_tree_[static_cast<size_t>(v)];
    for (size_t i = sets.size(); i-- > 0;) {
      present_[sets[i]] = saved_present_.back();
      missing_[sets[i]] = saved_missing_.back();
      saved_missing_.pop_back();
      saved_present_.pop_back();
      ++free_[sets[i]];
    }
    used_ = saved_.back();
    saved_.pop_back();
    color_[static_cast<size_t>(v)] = -1;
  }

  // Colours renumbered by first use in tree order, so item m + e is never sent before step m + e.
  std::vector<int> renumbered() const {
    std::vector<int> map(static_cast<size_t>(K_), -1), out(solution_.size());
    int next = 0;
    for (size_t v = 0; v < solution_.size(); ++v) {
      int& m = map[static_cast<size_t>(solution_[v])];
      if (m < 0) m = next++;
      out[v] = m;
    }
    return out;
  }

  const TreeClasses& c_;
  const int K_;
  const Limits& limits_;
  const Clock::time_point end_;
  std::vector<std::vector<size_t>> of_tree_;
  std::vector<std::uint64_t> present_;
  std::vector<int> missing_;  // colours set s still lacks: K - popcount(present_[s])
  std::vector<int> free_;
  std::vector<int> color_, solution_;
  int used_ = 0;
  std::vector<int> saved_;
  std::vector<std::uint64_t> saved_present_;
  std::vector<int> saved_missing_;
  std::int64_t nodes_ = 0;
};

}  // namespace

TreeColoring color_trees(const TreeClasses& classes, int K, const Limits& limits) {
  if (K < 1 || K > 64) throw InputError("endgame colours: K must be in 1..64, got " + std::to_string(K));
  return Colorer(classes, K, limits).run();
}

Schedule colored_schedule(const Assignment& a, std::int64_t k, int K, int window, const std::vector<int>& color,
                          const Rotation& rotation) {
  if (K < 1 || K > k) throw InputError("endgame of " + std::to_string(K) + " items for k = " + std::to_string(k));
  const std::int64_t m = k - K;
  if (m > 0 && window < a.delay() - 1)
    throw InputError("endgame window " + std::to_string(window) + " ends before the kept items (delay " +
                     std::to_string(a.delay()) + ")");
  const int trees = window - a.L + 1;
  if (static_cast<int>(color.size()) != trees) throw InputError("endgame colouring has the wrong number of trees");
  Schedule s = expand_assignment(a, m + trees);
  rotate_roles(s, rotation);
  std::vector<std::uint8_t> has(static_cast<size_t>(a.P * K), 0);  // (receiver, endgame item) received
  size_t out = 0;
  for (const Message& msg : s.messages) {
    Message x = msg;
    if (x.item >= m) {
      if (x.recv_step > m + window) continue;
      x.item = static_cast<std::int32_t>(m + color[static_cast<size_t>(x.item - m)]);
      auto& h = has[static_cast<size_t>(x.receiver * K + (x.item - m))];
      if (h) continue;  // a later copy of an item the receiver already holds
      h = 1;
    }
    s.messages[out++] = x;
  }
  s.messages.resize(out);
  s.items = static_cast<std::int32_t>(k);
  return s;
}

std::pair<std::int64_t, int> EndgamePlan::time(std::int64_t k) const {
  std::pair<std::int64_t, int> best{delay + k - 1, 0};
  for (const Entry& e : entries) {
    if (!e.window || e.K > k) continue;
    const std::int64_t m = k - e.K;
    if (m > 0 && *e.window < delay - 1) continue;
    // Kept items finish at m + D - 1 <= m + window; the endgame at m + finish.
    const std::int64_t end = e.finish ? std::max<std::int64_t>(*e.finish, m > 0 ? delay - 1 : 0) : *e.window;
    best = std::min(best, std::pair<std::int64_t, int>{m + end, e.K});
  }
  return best;
}

EndgamePlan endgame_plan(const Assignment& a, int max_K, int max_extra, const Limits& limits) {
  // The tree sets depend on the window and the rotation only, not on K: computed once each.
  std::deque<std::tuple<int, std::vector<std::int64_t>, TreeClasses>> cache;  // stable references
  auto classes = [&](int W, const Rotation& rot) -> const TreeClasses& {
    for (const auto& [w, ids, c] : cache)
      if (w == W && ids == rot.ids) return c;
    cache.emplace_back(W, rot.ids, tree_classes(a, W, rot));
    return std::get<2>(cache.back());
  };
  // A processor of block (r, u, w) meets (u + sum w) / r + j trees in window L + T - 1 + j, j >
  // = 0 (colored_endgame.hpp, docs/kbroadcast.md Sec. 8): the smallest quotient over blocks with
  // r >= 2 refutes most windows without computing any tree set.
  i64 qmin = std::numeric_limits<i64>::max();
  for (const BlockWord& b : a.blocks) {
    if (b.r < 2) continue;
    i64 sum = b.u;
    for (Letter l : b.word) sum += l;
    qmin = std::min(qmin, sum / b.r);
  }
  EndgamePlan plan;
  plan.L = a.L, plan.P = a.P, plan.delay = static_cast<int>(a.delay());
  for (int K = 1; K <= std::min(max_K, 64); ++K) {
    EndgamePlan::Entry e;
    e.K = K;
    const int lo = static_cast<int>(kitem_lower_bound(a.L, a.P, K));
    const std::optional<Rotation> rot = receive_only_rotation(a, K);
    if (!rot) {  // the receive-only processor cannot meet K trees
      plan.entries.push_back(std::move(e));
      continue;
    }
    e.rotation = *rot;
    for (int W = lo; W <= lo + max_extra && !limits.expired(); ++W) {
      const i64 j = W - (a.L + a.T - 1);
      if (j >= 0 && qmin != std::numeric_limits<i64>::max() && qmin + j < K) continue;  // some block meets < K trees
      const TreeColoring c = color_trees(classes(W, *rot), K, limits);
      if (c.verdict == Verdict::solved) {
        e.window = W, e.color = c.color;
        break;
      }
    }
    plan.entries.push_back(std::move(e));
  }
  return plan;
}

}  // namespace blockcast
