// Time-expanded CNF of the full fat-tree model and its decoding (see sat_model.hpp; Dimakopoulos and Dimopoulos 1995
// Sec. 2, SPEC Sec. 9).
#include "fattree/sat_model.hpp"

#include <algorithm>
#include <map>

#include "cardinality.hpp"
#include "checked.hpp"

namespace blockcast::fattree {

namespace {
bool multicast_op(Op op) { return op == Op::broadcast || op == Op::multinode_broadcast; }
Node tail_of(const FatTree& T, std::int64_t link) {
  Link l = T.link_of(link);
  return l.up ? l.below : Node{l.below.level + 1, l.below.index / 2};
}
bool leaf_down(const FatTree& T, std::int64_t link) {
  Link l = T.link_of(link);
  return !l.up && l.below.level == 0;
}
}  // namespace

void check_exact_spec(const ExactSpec& spec) {
  if (spec.op == Op::total_exchange_phased)
    throw InputError("exact search: total-exchange-phased is a schedule, not an operation (use total-exchange)");
  if (spec.tree.n > 64) throw InputError("exact search: n = " + std::to_string(spec.tree.n) + " is too large (n <= 64)");
  if (spec.steps < 1 || spec.steps > 400) throw InputError("exact search: --steps must be between 1 and 400");
  if (spec.queue_bound < kUnboundedQueue) throw InputError("exact search: queue bound must be >= 0");
  if (multicast_op(spec.op) && !spec.single_injection && spec.queue_bound > 0)
    throw InputError("exact search: a bounded queue Q > 0 is encoded exactly for unicast operations and for "
                     "single-injection multicast only (use --queue-bound 0, an unbounded queue or --model flood)");
  // One order variable per (item, link, step): refuse encodings beyond some 20 million.
  std::int64_t per_source = 0;  // sum of path lengths from one leaf
  for (int L = 1; L <= spec.tree.h; ++L) per_source += (std::int64_t{1} << (L - 1)) * 2 * L;
  std::int64_t hops = spec.op == Op::total_exchange ? spec.tree.n * per_source
                      : spec.op == Op::multinode_broadcast ? spec.tree.n * (2 * spec.tree.n - 2)
                                                           : per_source;
  if (checked_mul(hops, spec.steps, "encoding size") > 20'000'000)
    throw InputError("exact search: " + op_name(spec.op) + " on n = " + std::to_string(spec.tree.n) + " with " +
                     std::to_string(spec.steps) + " steps needs about " + std::to_string(hops * spec.steps) +
                     " variables; the bound is 20000000");
}

TimeExpandedModel::TimeExpandedModel(const ExactSpec& spec, std::chrono::steady_clock::time_point deadline)
    : spec_(spec) {
  check_exact_spec(spec);
  cnf_.set_deadline(deadline);
  multi_ = multicast_op(spec.op) && spec.queue_bound == 0 && !spec.single_injection;
  top_ = cnf_.new_var();
  cnf_.add_unit(top_);
  build_items();
  for (const auto& it : items_)
    for (std::size_t j = 0; j < it.lo.size(); ++j)
      if (it.lo[j] > it.hi[j]) {  // too far for the step bound: no schedule at all
        cnf_.add_clause(std::span<const sat::Lit>());
        return;
      }
  if (multi_) encode_multi();
  else encode_once();
  if (spec_.encoding.symmetry && !multi_) encode_symmetry();
}

Encoding parse_encoding(const std::string& text) {
  if (text == "all" || text.empty()) return {};
  Encoding e{false, false, false, false};
  if (text == "none") return e;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    if (part == "shared") e.shared_clock = true;
    else if (part == "implied") e.implied = true;
    else if (part == "redundant") e.redundant = true;
    else if (part == "symmetry") e.symmetry = true;
    else throw InputError("--encoding '" + text + "': unknown part '" + part +
                          "' (all, none, or a comma list of shared, implied, redundant, symmetry)");
    start = end + 1;
  }
  return e;
}

std::string encoding_name(const Encoding& e) {
  std::string s;
  auto add = [&](bool on, const char* name) {
    if (on) (s += s.empty() ? "" : ",") += name;
  };
  add(e.shared_clock, "shared");
  add(e.implied, "implied");
  add(e.redundant, "redundant");
  add(e.symmetry, "symmetry");
  return s.empty() ? "none" : s;
}

void TimeExpandedModel::build_items() {
  const FatTree& T = spec_.tree;
  for (const Delivery& d : required_deliveries(spec_.op, T.n)) {
    if (multicast_op(spec_.op)) {
      if (items_.empty() || items_.back().src != d.src) items_.push_back({d.src, {}, d.payload, {}, {}, {}, {}});
      items_.back().dests.push_back(d.dst);
    } else {
      items_.push_back({d.src, {d.dst}, d.payload, {}, {}, {}, {}});
    }
  }
  for (auto& it : items_) {
    it.tree = copy_tree(T, it.src, it.dests);
    for (std::size_t j = 0; j < it.tree.links.size(); ++j) {
      it.lo.push_back(it.tree.depth[j] + 1);
      it.hi.push_back(spec_.steps - it.tree.rest[j]);
    }
  }
}

void TimeExpandedModel::clause(std::vector<sat::Lit> c) {
  std::vector<sat::Lit> out;
  for (sat::Lit l : c) {
    if (l == top_) return;
    if (l != -top_) out.push_back(l);
  }
  cnf_.add_clause(out);
}

void TimeExpandedModel::at_most(std::vector<sat::Lit> lits, int k) {
  std::vector<sat::Lit> out;
  for (sat::Lit l : lits) {
    if (l == top_) --k;
    else if (l != -top_) out.push_back(l);
  }
  sat::at_most(cnf_, out, k, k == 1 && out.size() <= 6 ? sat::CardEncoding::pairwise : sat::CardEncoding::totalizer);
}

// A queue-free item crossing a link in step t left its source (below an up-link) in step
// t - depth, and one crossing a down-link reaches a destination below it in step t + l (every
// leaf below is l hops away), each copy at its own leaf. Leaves inject and receive at most c_1
// per step, so at most c_1 2^l items cross the link above a level-l node in one step: its
// capacity constraint is implied when c_{l+1} >= c_1 2^l. Never for leaf links (l = 0: they
// are the leaves' own limits) nor with queues (waiting packets bunch up).
// A flooded message (one injection, copied toward every leaf) crossing a down-link reaches
// every leaf below it in the same later step, so such a link carries at most c_1 per step.
bool TimeExpandedModel::implied_capacity(std::int64_t link) const {
  if (spec_.queue_bound != 0 || !spec_.encoding.implied) return false;
  const FatTree& T = spec_.tree;
  const Link e = T.link_of(link);
  const int l = e.below.level;
  if (l == 0) return false;
  if (!multi_ && multicast_op(spec_.op) && !e.up) return T.link_cap(link) >= T.cap(1);
  return T.link_cap(link) >= T.cap(1) * (std::int64_t{1} << l);
}

sat::Lit TimeExpandedModel::y(const Item& it, std::size_t j, int t) const {
  if (t < it.lo[j]) return -top_;
  if (t >= it.hi[j]) return top_;
  return it.base[j] + (t - it.lo[j]);
}

sat::Lit TimeExpandedModel::x_multi(const Item& it, std::size_t j, int t) const {
  if (t < it.lo[j] || t > it.hi[j]) return -top_;
  return it.base[j] + (t - it.lo[j]);
}

void TimeExpandedModel::encode_once() {
  const FatTree& T = spec_.tree;
  const int S = spec_.steps;
  std::map<std::pair<std::int64_t, int>, std::vector<sat::Lit>> cross;  // (link, step) -> x
  std::map<std::pair<std::int64_t, int>, std::vector<sat::Lit>> wait;   // (node id, step) -> w
  std::map<std::int64_t, std::vector<std::pair<std::size_t, std::size_t>>> users;  // link -> (item, j)
  // Shared clock: link j of an item reads the ladder of its first link shifted by depth_j. Its
  // window shrinks to [lo_0 + depth_j, hi_0 + depth_j), which loses no queue-free schedule.
  const bool shared = spec_.queue_bound == 0 && spec_.encoding.shared_clock;
  for (auto& it : items_) {
    const std::size_t m = it.tree.links.size();
    it.base.assign(m, 0);
    for (std::size_t j = 0; j < m; ++j) {
      if (shared && j > 0) {
        it.hi[j] = it.hi[0] + it.tree.depth[j];
        it.base[j] = it.base[0];
        continue;
      }
      int w = it.hi[j] - it.lo[j];
      if (w > 0) {
        it.base[j] = cnf_.new_var();
        for (int k = 1; k < w; ++k) cnf_.new_var();
      }
      for (int t = it.lo[j]; t + 1 < it.hi[j]; ++t) clause({-y(it, j, t), y(it, j, t + 1)});  // ladder
    }
  }
  std::map<std::pair<sat::Lit, sat::Lit>, sat::Lit> crossing;  // (y[t], y[t-1]) -> x: shared ladders share x
  for (std::size_t i = 0; i < items_.size(); ++i) {
    const Item& it = items_[i];
    for (std::size_t j = 0; j < it.tree.links.size(); ++j) {
      const std::int64_t e = it.tree.links[j];
      if (!implied_capacity(e)) {
        users[e].push_back({i, j});
        for (int t = it.lo[j]; t <= it.hi[j]; ++t) {  // crossing literal x <=> y[t] & !y[t-1]
          sat::Lit a = y(it, j, t), b = y(it, j, t - 1), x;
          if (a == top_ && b == -top_) x = top_;
          else if (auto f = crossing.find({a, b}); f != crossing.end()) x = f->second;
          else {
            x = cnf_.new_var();
            clause({-x, a});
            clause({-x, -b});
            clause({x, -a, b});
            crossing[{a, b}] = x;
          }
          cross[{e, t}].push_back(x);
        }
      }
      if (j == 0 || shared) continue;  // a shared clock needs no precedence clauses
      const std::size_t p = static_cast<std::size_t>(it.tree.parent[j]);
      for (int t = it.lo[j]; t < it.hi[j]; ++t) {
        clause({-y(it, j, t), y(it, p, t - 1)});                           // after the parent link
        if (spec_.queue_bound == 0) clause({y(it, j, t), -y(it, p, t - 1)});  // and at once
      }
      if (spec_.queue_bound > 0) {
        const std::int64_t node = T.node_id(tail_of(T, e));
        for (int t = it.lo[p] + 1; t < it.hi[j]; ++t) {  // waiting after step t: w = y_p[t-1] & !y_j[t]
          sat::Lit a = y(it, p, t - 1), b = y(it, j, t);
          if (a == -top_ || b == top_) continue;
          sat::Lit w = cnf_.new_var();
          clause({w, -a, b});
          clause({-w, a});
          clause({-w, -b});
          wait[{node, t}].push_back(w);
        }
      }
    }
  }
  for (auto& [key, xs] : cross) at_most(xs, static_cast<int>(T.link_cap(key.first)));
  for (auto& [key, ws] : wait) at_most(ws, spec_.queue_bound);
  if (!spec_.encoding.redundant) return;
  for (const auto& [e, us] : users) {
    const auto c = T.link_cap(e);
    if (static_cast<std::int64_t>(us.size()) <= c) continue;
    int E = S, F = 1;
    for (auto [i, j] : us) E = std::min(E, items_[i].lo[j]), F = std::max(F, items_[i].hi[j]);
    for (int t = E; t < F; ++t) {
      std::vector<sat::Lit> done, left;
      for (auto [i, j] : us) {
        done.push_back(y(items_[i], j, t));
        left.push_back(-y(items_[i], j, t));
      }
      std::int64_t kd = c * (t - E + 1), kl = c * (F - t);
      if (kd < static_cast<std::int64_t>(us.size())) at_most(done, static_cast<int>(kd));
      if (kl < static_cast<std::int64_t>(us.size())) at_most(left, static_cast<int>(kl));
    }
  }
}

void TimeExpandedModel::encode_multi() {
  const FatTree& T = spec_.tree;
  std::map<std::pair<std::int64_t, int>, std::vector<sat::Lit>> cross;
  for (auto& it : items_) {
    const std::size_t m = it.tree.links.size();
    it.base.assign(m, 0);
    for (std::size_t j = 0; j < m; ++j) {
      it.base[j] = cnf_.new_var();
      for (int k = 0; k < it.hi[j] - it.lo[j]; ++k) cnf_.new_var();
    }
    for (std::size_t j = 0; j < m; ++j) {
      std::vector<sat::Lit> any;
      for (int t = it.lo[j]; t <= it.hi[j]; ++t) {
        sat::Lit x = x_multi(it, j, t);
        if (!implied_capacity(it.tree.links[j])) cross[{it.tree.links[j], t}].push_back(x);
        any.push_back(x);
        if (j > 0) clause({-x, x_multi(it, static_cast<std::size_t>(it.tree.parent[j]), t - 1)});  // never waits
      }
      if (leaf_down(T, it.tree.links[j])) clause(any);  // every destination is reached
    }
  }
  for (auto& [key, xs] : cross) at_most(xs, static_cast<int>(T.link_cap(key.first)));
}

Schedule TimeExpandedModel::decode(const sat::SatResult& r) const {
  const FatTree& T = spec_.tree;
  Schedule S;
  S.required = required_deliveries(spec_.op, T.n);
  auto val = [&](sat::Lit l) { return l == top_ || (l != -top_ && r.value(l)); };
  for (const Item& it : items_) {
    const std::size_t m = it.tree.links.size();
    if (!multi_) {
      std::vector<std::int64_t> tau(m);
      for (std::size_t j = 0; j < m; ++j) {
        int t = it.lo[j];
        while (!val(y(it, j, t))) ++t;
        tau[j] = t;
      }
      Injection in = it.dests.size() == 1 ? unicast(tau[0], it.src, it.dests[0], it.payload)
                                          : broadcast(tau[0], it.src, it.payload);
      S.injections.push_back(in);
      S.timings.push_back(tau);
      continue;
    }
    // Multi: the first crossing of each destination's leaf down-link fixes the injection step.
    std::map<std::int64_t, std::vector<std::int32_t>> by_step;
    for (std::size_t j = 0; j < m; ++j) {
      if (!leaf_down(T, it.tree.links[j])) continue;
      int t = it.lo[j];
      while (!val(x_multi(it, j, t))) ++t;
      by_step[t - it.tree.depth[j]].push_back(static_cast<std::int32_t>(T.link_of(it.tree.links[j]).below.index));
    }
    for (auto& [t, d] : by_step) {
      std::sort(d.begin(), d.end());
      if (d.size() == 1) S.injections.push_back(unicast(t, it.src, d[0], it.payload));
      else if (static_cast<std::int64_t>(d.size()) == T.n - 1) S.injections.push_back(broadcast(t, it.src, it.payload));
      else {
        S.lists.push_back(d);
        S.injections.push_back({t, it.src, kList, static_cast<std::int32_t>(S.lists.size() - 1), it.payload});
      }
    }
  }
  return S;
}

std::string TimeExpandedModel::space() const {
  std::string q = spec_.queue_bound < 0   ? "unbounded queues"
                  : spec_.queue_bound == 0 ? "no queues (a packet never waits at a routing node)"
                                          : "at most " + std::to_string(spec_.queue_bound) +
                                                " waiting packets per routing node after each step";
  std::string s = "every schedule of " + op_name(spec_.op) + " on n = " + std::to_string(spec_.tree.n) +
                  " within the step bound: at most c_i packets per link, direction and step, " +
                  "one step per link, leaves inject and receive at most c_1 per step and never relay, " + q;
  if (multicast_op(spec_.op))
    s += multi_ ? "; a leaf may inject its message any number of times, each copy to any subset of leaves, copied "
                  "at routing nodes"
         : spec_.single_injection ? "; each message injected once and copied at routing nodes toward all leaves"
                                  : "; copies made at routing nodes (one crossing per message and link suffices)";
  return s;
}

}  // namespace blockcast::fattree
