// Queue-free schedule constraint model: domains, Hall pruning, symmetry breaking (see csp.hpp).
#include "fattree/csp.hpp"

#include <algorithm>
#include <bit>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include "checked.hpp"

namespace blockcast::fattree {

QueueFreeCsp::QueueFreeCsp(const FatTree& T, int steps, bool multicast)
    : T_(T), steps_(steps), multicast_(multicast) {
  if (steps < 1 || steps > 62) throw InputError("search: --steps must be between 1 and 62");
  if (T.n > 64) throw InputError("search: n = " + std::to_string(T.n) + " is too large for exhaustive search (n <= 64)");
  const auto L = static_cast<std::size_t>(T.link_count());
  const auto S1 = static_cast<std::size_t>(steps + 1);
  users_.resize(L);
  for (int s = 0; s < T.n; ++s)
    for (int d = 0; d < T.n; ++d) {
      if (s == d) continue;
      int v = static_cast<int>(src_.size());
      src_.push_back(s);
      dst_.push_back(d);
      val_.push_back(0);
      path_.push_back(path_links(T, s, d));
      lo_.push_back(1);
      hi_.push_back(steps - distance(s, d) + 1);
      for (std::size_t k = 0; k < path_.back().size(); ++k)
        users_[static_cast<std::size_t>(path_.back()[k])].push_back({v, static_cast<int>(k)});
    }
  load_.assign(L * S1, 0);
  if (multicast) ref_.assign(static_cast<std::size_t>(T.n) * S1 * L, 0);
  // Hall conditions are exact counting arguments only where every user of the link is a
  // distinct packet: every link for unicast; for multicast only a leaf's down-link (two
  // pairs entering leaf d come from two sources, hence two packets).
  for (std::int64_t e = 0; e < T.link_count(); ++e) {
    Link l = T.link_of(e);
    if (!multicast || (l.below.level == 0 && !l.up)) check_links_.push_back(e);
  }
}

bool QueueFreeCsp::can(int v, int t) const {
  const auto& p = path_[static_cast<std::size_t>(v)];
  const auto S1 = static_cast<std::size_t>(steps_ + 1), L = static_cast<std::size_t>(T_.link_count());
  for (std::size_t k = 0; k < p.size(); ++k) {
    auto e = static_cast<std::size_t>(p[k]);
    if (multicast_ && ref_[(static_cast<std::size_t>(src(v)) * S1 + static_cast<std::size_t>(t)) * L + e]) continue;
    if (load_[e * S1 + static_cast<std::size_t>(t) + k] >= T_.link_cap(p[k])) return false;
  }
  return true;
}

void QueueFreeCsp::assign(int v, int t) {
  const auto& p = path_[static_cast<std::size_t>(v)];
  const auto S1 = static_cast<std::size_t>(steps_ + 1), L = static_cast<std::size_t>(T_.link_count());
  for (std::size_t k = 0; k < p.size(); ++k) {
    auto e = static_cast<std::size_t>(p[k]);
    if (multicast_ && ref_[(static_cast<std::size_t>(src(v)) * S1 + static_cast<std::size_t>(t)) * L + e]++) continue;
    load_[e * S1 + static_cast<std::size_t>(t) + k]++;
  }
  val_[static_cast<std::size_t>(v)] = t;
}

void QueueFreeCsp::unassign(int v) {
  int t = val_[static_cast<std::size_t>(v)];
  const auto& p = path_[static_cast<std::size_t>(v)];
  const auto S1 = static_cast<std::size_t>(steps_ + 1), L = static_cast<std::size_t>(T_.link_count());
  for (std::size_t k = 0; k < p.size(); ++k) {
    auto e = static_cast<std::size_t>(p[k]);
    if (multicast_ && --ref_[(static_cast<std::size_t>(src(v)) * S1 + static_cast<std::size_t>(t)) * L + e]) continue;
    load_[e * S1 + static_cast<std::size_t>(t) + k]--;
  }
  val_[static_cast<std::size_t>(v)] = 0;
}

// Hall's condition for one link (sound, and exact for the link in isolation): the remaining
// packets that must cross link e each need a step in which e still has free capacity, and
// a step with f free links can take at most f of them. Decided as a maximum flow source ->
// packet (1) -> step (1, if the step is in the packet's window) -> sink (free capacity) with
// Boost.Graph's push-relabel: Hall holds iff every packet gets a unit of flow. Most calls
// pass, so an earliest-deadline-first assignment is tried first: if it places every packet it
// is itself a matching (a witness that Hall holds); only when it fails does the flow decide.
bool QueueFreeCsp::hall_ok(std::int64_t link, const std::vector<int>& users, const std::vector<Mask>& dom) {
  using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using Graph = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS, boost::no_property,
      boost::property<boost::edge_capacity_t, int,
                      boost::property<boost::edge_residual_capacity_t, int,
                                      boost::property<boost::edge_reverse_t, Traits::edge_descriptor>>>>;
  const std::size_t S1 = static_cast<std::size_t>(steps_ + 1);
  const auto m = users.size();
  // Vertices: 0 source, 1 sink, 2..m+1 packets, m+2.. steps 0..63.
  Graph g(m + 2 + 64);
  auto cap = get(boost::edge_capacity, g);
  auto rev = get(boost::edge_reverse, g);
  auto arc = [&](std::size_t a, std::size_t b, int c) {
    auto e = add_edge(a, b, g).first, r = add_edge(b, a, g).first;
    cap[e] = c, cap[r] = 0, rev[e] = r, rev[r] = e;
  };
  std::vector<Mask> slot(m);
  for (std::size_t i = 0; i < m; ++i)  // users[i] encodes (pair << 6) | hop
    slot[i] = dom[static_cast<std::size_t>(users[i] >> 6)] << (users[i] & 63);
  {
    int left[64];
    for (std::size_t tau = 0; tau < 64; ++tau)
      left[tau] = tau < S1 ? static_cast<int>(T_.link_cap(link) - load_[static_cast<std::size_t>(link) * S1 + tau]) : 0;
    std::vector<std::size_t> order(m);
    for (std::size_t i = 0; i < m; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return std::countl_zero(slot[a]) > std::countl_zero(slot[b]);  // earliest last slot first
    });
    bool all = true;
    for (std::size_t i : order) {
      Mask ok = slot[i];
      while (ok && left[std::countr_zero(ok)] == 0) ok &= ok - 1;
      if (!ok) {
        all = false;
        break;
      }
      --left[std::countr_zero(ok)];
    }
    if (all) return true;
  }
  Mask any = 0;
  for (std::size_t i = 0; i < m; ++i) {
    Mask slots = slot[i];
    any |= slots;
    arc(0, 2 + i, 1);
    for (; slots; slots &= slots - 1) arc(2 + i, m + 2 + static_cast<std::size_t>(std::countr_zero(slots)), 1);
  }
  for (Mask a = any; a; a &= a - 1) {
    auto tau = static_cast<std::size_t>(std::countr_zero(a));
    int free = tau < S1 ? static_cast<int>(T_.link_cap(link) - load_[static_cast<std::size_t>(link) * S1 + tau]) : 0;
    if (free > 0) arc(m + 2 + tau, 1, free);
  }
  return boost::push_relabel_max_flow(g, 0, 1) == static_cast<int>(m);
}

// Symmetry breaking (sound): an automorphism of the tree that fixes leaf 0 (swapping the two
// children of any routing node whose subtree avoids leaf 0) maps schedules to schedules with
// the same time. Applying, at every such node u independently, the swap that puts the child
// holding the earliest t(0, x) on the left, every schedule has an image in which
// min_{x in left(u)} t(0,x) <= min_{x in right(u)} t(0,x) for all such u. We prune a node
// once the smallest possible left minimum exceeds the largest possible right minimum.
bool QueueFreeCsp::symmetry_ok(const std::vector<Mask>& dom) const {
  auto lo = [&](std::int64_t x) {  // pair (0, x) has variable index x - 1
    int v = static_cast<int>(x - 1);
    return value(v) ? value(v) : std::countr_zero(dom[static_cast<std::size_t>(v)]);
  };
  auto hi = [&](std::int64_t x) {
    int v = static_cast<int>(x - 1);
    return value(v) ? value(v) : 63 - std::countl_zero(dom[static_cast<std::size_t>(v)]);
  };
  for (int l = 1; l < T_.h; ++l)
    for (std::int64_t j = 1; j < (T_.n >> l); ++j) {  // j = 0 is leaf 0's own ancestor
      std::int64_t a = j << l, mid = a + (std::int64_t{1} << (l - 1)), b = a + (std::int64_t{1} << l);
      int left = 1 << 30, right = 1 << 30;
      for (std::int64_t x = a; x < mid; ++x) left = std::min(left, lo(x));
      for (std::int64_t x = mid; x < b; ++x) right = std::min(right, hi(x));
      if (left > right) return false;
    }
  return true;
}

bool QueueFreeCsp::propagate(CspStats& st, int& branch, Mask& domain) {
  std::vector<Mask> dom(static_cast<std::size_t>(vars()), 0);
  branch = -1;
  int best = 1 << 30;
  for (int v = 0; v < vars(); ++v) {
    if (value(v)) {
      dom[static_cast<std::size_t>(v)] = Mask{1} << value(v);
      continue;
    }
    Mask m = 0;
    for (int t = lo_[static_cast<std::size_t>(v)]; t <= hi_[static_cast<std::size_t>(v)]; ++t)
      if (can(v, t)) m |= Mask{1} << t;
    if (!m) {
      st.empty_domain++;
      return false;
    }
    dom[static_cast<std::size_t>(v)] = m;
    // Fewest values first; among equals the longest path (it constrains the most links).
    int key = std::popcount(m) * 64 - static_cast<int>(path_[static_cast<std::size_t>(v)].size());
    if (key < best) best = key, branch = v;
  }
  if (!symmetry_ok(dom)) {
    st.symmetry++;
    return false;
  }
  std::vector<int> users;
  for (std::int64_t e : check_links_) {
    users.clear();
    for (auto [v, k] : users_[static_cast<std::size_t>(e)])
      if (!value(v)) users.push_back(v << 6 | k);
    if (!users.empty() && !hall_ok(e, users, dom)) {
      st.matching++;
      return false;
    }
  }
  if (branch >= 0) domain = dom[static_cast<std::size_t>(branch)];
  return true;
}

}  // namespace blockcast::fattree
