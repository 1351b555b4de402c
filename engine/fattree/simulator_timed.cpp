// Replay of a store-and-forward schedule with explicit per-hop crossing steps (Schedule::
// timings), as produced by searches that let packets wait at routing nodes. Same checks and
// report as the FIFO simulator (Dimakopoulos and Dimopoulos 1995, Sec. 2 model): per (link, step) at most c_i
// packets, queue sizes from the waiting intervals, every required delivery exactly once.
// A multicast packet gives one step per link of its copy tree (tree.hpp, copy_tree): a copy
// waits at a routing node for each outgoing link separately, as in the FIFO simulator.
#include <algorithm>
#include <tuple>

#include "fattree/simulator.hpp"

namespace blockcast::fattree {

void check_deliveries(std::vector<std::pair<Delivery, std::int64_t>>& got, const Schedule& S, SimResult& R);

namespace {
std::vector<std::int32_t> destinations(const FatTree& T, const Schedule& S, const Injection& in) {
  if (in.dst >= 0) return {in.dst};
  if (in.dst == kList) return S.lists[static_cast<std::size_t>(in.list)];
  std::vector<std::int32_t> all;
  for (std::int32_t d = 0; d < T.n; ++d)
    if (d != in.src) all.push_back(d);
  return all;
}
}  // namespace

std::string timed_error(const FatTree& T, const Schedule& S) {
  if (S.timings.size() != S.injections.size()) return "timings must have one entry per injection";
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    const Injection& in = S.injections[i];
    const auto& tm = S.timings[i];
    std::string at = "injection " + std::to_string(i) + ": ";
    CopyTree c = copy_tree(T, in.src, destinations(T, S, in));
    if (tm.size() != c.links.size()) return at + "timings must give one step per link of the packet's copy tree";
    if (tm[0] != in.step) return at + "first hop must be crossed in the injection step";
    for (std::size_t k = 1; k < tm.size(); ++k)
      if (tm[k] <= tm[static_cast<std::size_t>(c.parent[k])]) return at + "hop steps must increase along the path";
  }
  return "";
}

namespace {
// Largest running sum per key of +1/-1 events (key, step, delta); -1 sorts first at a step.
template <class F>
void sweep(std::vector<std::tuple<std::int64_t, std::int64_t, int>>& ev, F on_max) {
  std::sort(ev.begin(), ev.end());
  std::int64_t key = -1, cur = 0;
  for (auto [k, s, d] : ev) {
    if (k != key) key = k, cur = 0;
    cur += d;
    on_max(k, cur);
  }
}
}  // namespace

SimResult simulate_timed(const FatTree& T, const Schedule& S, SimOptions opt) {
  SimResult R;
  R.max_queue_node.assign(static_cast<std::size_t>(T.node_count()), 0);
  R.max_queue_level.assign(static_cast<std::size_t>(T.h + 1), 0);
  R.max_link_queue_level.assign(static_cast<std::size_t>(T.h + 1), 0);
  std::vector<std::pair<std::int64_t, std::int64_t>> use;  // (link, step)
  std::vector<std::tuple<std::int64_t, std::int64_t, int>> link_ev, node_ev;
  std::vector<std::pair<Delivery, std::int64_t>> got;
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    const Injection& in = S.injections[i];
    const auto& tm = S.timings[i];
    CopyTree c = copy_tree(T, in.src, destinations(T, S, in));
    for (std::size_t k = 0; k < c.links.size(); ++k) {
      use.push_back({c.links[k], tm[k]});
      Link f = T.link_of(c.links[k]);
      if (!f.up && f.below.level == 0) got.push_back({{in.src, static_cast<std::int32_t>(f.below.index), in.payload}, tm[k]});
      if (k == 0) continue;
      std::int64_t before = tm[static_cast<std::size_t>(c.parent[k])];
      if (tm[k] > before + 1) {
        Node tail = f.up ? f.below : Node{f.below.level + 1, f.below.index / 2};
        if (opt.queue_free) {
          R.ok = false;
          R.error = "injection " + std::to_string(i) + " waits at node (" + std::to_string(tail.level) + "," +
                    std::to_string(tail.index) + ") in step " + std::to_string(before + 1) + " (queue-free mode)";
          return R;
        }
        // Queued after the transmissions of steps before+1 .. tm[k]-1.
        link_ev.push_back({c.links[k], before + 1, +1});
        link_ev.push_back({c.links[k], tm[k], -1});
        node_ev.push_back({T.node_id(tail), before + 1, +1});
        node_ev.push_back({T.node_id(tail), tm[k], -1});
      }
    }
  }
  std::sort(use.begin(), use.end());
  for (std::size_t a = 0; a < use.size();) {
    std::size_t b = a;
    while (b < use.size() && use[b] == use[a]) ++b;
    auto [link, step] = use[a];
    auto k = static_cast<std::int64_t>(b - a);
    if (k > T.link_cap(link)) {
      R.ok = false;
      R.error = "step " + std::to_string(step) + ": " + std::to_string(k) + " packets cross link " +
                T.link_name(link) + " of capacity " + std::to_string(T.link_cap(link));
      return R;
    }
    if (static_cast<std::int64_t>(R.crossings.size()) < step) R.crossings.resize(static_cast<std::size_t>(step), 0);
    R.crossings[static_cast<std::size_t>(step - 1)] += k;
    R.link_crossings += k;
    if (opt.trace) R.trace.push_back({step, link, k});
    a = b;
  }
  if (opt.trace)
    std::sort(R.trace.begin(), R.trace.end(), [](const LinkUse& x, const LinkUse& y) {
      return std::tie(x.step, x.link) < std::tie(y.step, y.link);
    });
  sweep(link_ev, [&](std::int64_t link, std::int64_t cur) {
    Link f = T.link_of(link);
    auto lvl = static_cast<std::size_t>(f.up ? f.below.level : f.below.level + 1);
    R.max_link_queue_level[lvl] = std::max(R.max_link_queue_level[lvl], cur);
  });
  sweep(node_ev, [&](std::int64_t id, std::int64_t cur) {
    auto& m = R.max_queue_node[static_cast<std::size_t>(id)];
    m = std::max(m, cur);
    auto lvl = static_cast<std::size_t>(T.node_of(id).level);
    R.max_queue_level[lvl] = std::max(R.max_queue_level[lvl], cur);
    R.max_queue = std::max(R.max_queue, cur);
  });
  check_deliveries(got, S, R);
  return R;
}

}  // namespace blockcast::fattree
