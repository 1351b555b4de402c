// Subramonian and Venkatasubramanian 1993, Sec. 6 simple schedule (see simple_schedule.hpp).
#include "kitem/simple_schedule.hpp"

#include <algorithm>
#include <vector>

#include "expand.hpp"
#include "kitem/schedule_ops.hpp"
#include "postal.hpp"

namespace blockcast {

namespace {
struct Node {
  int label = 0, depth = 0, parent = -1, child_index = 0;
  std::vector<int> children;
};
}  // namespace

SimpleSchedule simple_schedule(int L, i64 P, i64 k) {
  require_latency(L);
  if (P < 2) throw InputError("P must be >= 2, got " + std::to_string(P));
  if (k < 1) throw InputError("k must be >= 1, got " + std::to_string(k));
  if (static_cast<double>(P) * static_cast<double>(k + 4 * L + 64) > static_cast<double>(kMaxScheduleEvents))
    throw InputError("simple schedule window too large");
  const int Lp = L + 1;
  // Depth T' = min{T : f'_T >= P-1} for latency L+1 (postal.hpp numbers labels from 0).
  int Tp = 0;
  for (auto f = fib_sequence(Lp, 0); f.back() < P - 1; f = fib_sequence(Lp, ++Tp)) {
  }
  // All nodes of label <= T' (universal tree, latency L+1), then keep P-1 of them.
  std::vector<Node> all{{0, 0, -1, 0, {}}};
  for (size_t n = 0; n < all.size(); ++n)
    for (int c = 0; all[n].label + Lp + c <= Tp; ++c) all.push_back({all[n].label + Lp + c, all[n].depth + 1, static_cast<int>(n), c, {}});
  std::vector<int> keep;
  for (size_t n = 0; n < all.size(); ++n)
    if (all[n].label < Tp) keep.push_back(static_cast<int>(n));
  std::vector<int> last;
  for (size_t n = 0; n < all.size(); ++n)
    if (all[n].label == Tp) last.push_back(static_cast<int>(n));
  std::stable_sort(last.begin(), last.end(), [&](int a, int b) { return all[a].depth < all[b].depth; });
  for (size_t n = 0; static_cast<i64>(keep.size()) < P - 1; ++n) keep.push_back(last.at(n));
  std::vector<char> in(all.size(), 0);
  for (int n : keep) in[n] = 1;
  for (int n : keep)
    if (all[n].parent >= 0) all[all[n].parent].children.push_back(n);
  // Groups: consecutive processors per internal node; the receive-only processor is last.
  std::vector<int> group_start(all.size(), -1), internal;
  int next = 1;
  for (int n : keep)
    if (!all[n].children.empty()) {
      std::sort(all[n].children.begin(), all[n].children.end(), [&](int a, int b) { return all[a].label < all[b].label; });
      group_start[n] = next, next += static_cast<int>(all[n].children.size());
      internal.push_back(n);
    }
  const int pure = static_cast<int>(P - 1);
  SimpleSchedule out;
  out.tree_depth = Tp, out.groups = static_cast<int>(internal.size());
  Schedule& s = out.plan;
  s.P = P, s.L = L, s.items = static_cast<std::int32_t>(k), s.expected_delay = L + Tp;
  auto player = [&](int n, i64 i) {
    const auto G = static_cast<i64>(all[n].children.size());
    return G == 0 ? -1 : group_start[n] + static_cast<int>(i % G);
  };
  // Lemma 6.2: a fixed allocation of the leaves (sorted by label) to groups, G_j - 1 each,
  // and one to the receive-only processor (group -1).
  std::vector<int> leaves;
  for (int n : keep)
    if (all[n].children.empty()) leaves.push_back(n);
  std::stable_sort(leaves.begin(), leaves.end(), [&](int a, int b) { return all[a].label < all[b].label; });
  std::vector<int> leaf_group;
  for (int n : internal)
    for (size_t c = 1; c < all[n].children.size(); ++c) leaf_group.push_back(n);
  leaf_group.push_back(-1);
  if (leaf_group.size() != leaves.size()) throw std::logic_error("simple schedule: leaf count mismatch");
  // Non-terminal messages and the terminal receives to place, keyed by designed arrival.
  std::vector<std::vector<char>> has(static_cast<size_t>(P), std::vector<char>(static_cast<size_t>(k), 0));
  struct Pending { i64 item; int sender; int send_step; int group; };
  std::vector<std::vector<Pending>> terminal_at;  // designed arrival step -> pending
  auto recv_step = [&](int n, i64 i) { return static_cast<int>(i) + L + all[n].label; };
  for (i64 i = 0; i < k; ++i) {
    const int root = keep.front();
    const int rp = all[root].children.empty() ? pure : player(root, i);
    s.messages.push_back({static_cast<std::int32_t>(i), static_cast<std::int32_t>(i + L), 0, rp, static_cast<std::int32_t>(i)});
    has[rp][i] = 1;
    for (int n : internal) {
      const int from = player(n, i);
      for (int c : all[n].children) {
        const int send = recv_step(n, i) + all[c].child_index;
        if (!all[c].children.empty()) {
          const int to = player(c, i);
          s.messages.push_back({send, send + Lp, from, to, static_cast<std::int32_t>(i)});
          has[to][i] = 1;
        } else {
          const auto li = static_cast<size_t>(std::find(leaves.begin(), leaves.end(), c) - leaves.begin());
          const int arrive = send + Lp;
          if (static_cast<int>(terminal_at.size()) <= arrive) terminal_at.resize(arrive + 1);
          terminal_at[arrive].push_back({i, from, send, leaf_group[li]});
        }
      }
    }
  }
  // Lemma 6.3, the Assignment protocol: per step and group, oldest item first, an unmarked
  // processor of the group that lacks the item.
  for (auto& at : terminal_at) {
    std::stable_sort(at.begin(), at.end(), [](const Pending& a, const Pending& b) { return a.item < b.item; });
    std::vector<char> marked(static_cast<size_t>(P), 0);
    for (const Pending& t : at) {
      int to = -1;
      if (t.group < 0) {
        to = pure;
      } else {
        const int G = static_cast<int>(all[t.group].children.size());
        for (int q = group_start[t.group]; q < group_start[t.group] + G && to < 0; ++q)
          if (!marked[q] && !has[q][t.item]) to = q;
      }
      if (to < 0 || has[to][t.item]) {
        out.problem = "Assignment protocol fails at step " + std::to_string(t.send_step + Lp) + " for item " + std::to_string(t.item);
        return out;
      }
      marked[to] = 1;
      has[to][t.item] = 1;
      s.messages.push_back({t.send_step, t.send_step + Lp, t.sender, to, static_cast<std::int32_t>(t.item)});
    }
  }
  for (i64 p = 1; p < P; ++p)
    for (i64 i = 0; i < k; ++i)
      if (!has[p][i]) {
        out.problem = "processor " + std::to_string(p) + " never gets item " + std::to_string(i);
        return out;
      }
  sort_messages(s);
  return out;
}

}  // namespace blockcast
