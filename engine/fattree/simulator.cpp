// The FIFO link-level simulator (see simulator.hpp for the step semantics; Dimakopoulos and Dimopoulos 1995, Sec. 2).
#include "fattree/simulator.hpp"

#include <algorithm>
#include <numeric>

namespace blockcast::fattree {

SimResult simulate_timed(const FatTree& T, const Schedule& S, SimOptions opt);  // simulator_timed.cpp
std::string timed_error(const FatTree& T, const Schedule& S);                   // simulator_timed.cpp
void check_deliveries(std::vector<std::pair<Delivery, std::int64_t>>& got, const Schedule& S, SimResult& R);

std::string schedule_error(const FatTree& T, const Schedule& S) {
  auto leaf_ok = [&](std::int64_t x) { return x >= 0 && x < T.n; };
  for (std::size_t k = 0; k < S.lists.size(); ++k) {
    const auto& l = S.lists[k];
    if (l.empty()) return "multicast list " + std::to_string(k) + " is empty";
    for (std::size_t i = 0; i < l.size(); ++i)
      if (!leaf_ok(l[i]) || (i > 0 && l[i] <= l[i - 1]))
        return "multicast list " + std::to_string(k) + " must hold distinct leaves in increasing order";
  }
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    const Injection& in = S.injections[i];
    std::string at = "injection " + std::to_string(i) + ": ";
    if (in.step < 1) return at + "step " + std::to_string(in.step) + " < 1";
    if (!leaf_ok(in.src)) return at + "source " + std::to_string(in.src) + " is not a leaf";
    if (in.dst >= 0) {
      if (!leaf_ok(in.dst)) return at + "destination " + std::to_string(in.dst) + " is not a leaf";
      if (in.dst == in.src) return at + "destination equals the source";
    } else if (in.dst == kList) {
      if (in.list < 0 || in.list >= static_cast<std::int32_t>(S.lists.size())) return at + "bad list index";
      const auto& l = S.lists[static_cast<std::size_t>(in.list)];
      if (std::binary_search(l.begin(), l.end(), in.src)) return at + "multicast list contains the source";
    } else if (in.dst != kAllOthers) {
      return at + "bad destination code " + std::to_string(in.dst);
    }
  }
  if (!S.timings.empty()) return timed_error(T, S);
  return "";
}

namespace {

// FIFO of one link. std::deque allocates a block even when empty, which for the 4n links of
// a large tree costs gigabytes; an idle vector costs nothing.
class Fifo {
 public:
  void push_back(std::int32_t x) { v_.push_back(x); }
  std::int32_t front() const { return v_[head_]; }
  void pop_front() {
    if (++head_ == v_.size()) v_.clear(), head_ = 0;
  }
  std::size_t size() const { return v_.size() - head_; }
  bool empty() const { return size() == 0; }

 private:
  std::vector<std::int32_t> v_;
  std::size_t head_ = 0;
};

class FifoSim {
 public:
  FifoSim(const FatTree& T, const Schedule& S, SimOptions opt) : T_(T), S_(S), opt_(opt) {}

  SimResult run() {
    R_.max_queue_node.assign(static_cast<std::size_t>(T_.node_count()), 0);
    R_.max_queue_level.assign(static_cast<std::size_t>(T_.h + 1), 0);
    R_.max_link_queue_level.assign(static_cast<std::size_t>(T_.h + 1), 0);
    q_.resize(static_cast<std::size_t>(T_.link_count()));
    in_active_.assign(q_.size(), 0);
    held_.assign(static_cast<std::size_t>(T_.node_count()), 0);
    std::vector<std::int32_t> order(S_.injections.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
      return S_.injections[static_cast<std::size_t>(a)].step < S_.injections[static_cast<std::size_t>(b)].step;
    });
    rank_.assign(order.size(), 0);
    for (std::size_t k = 0; k < order.size(); ++k) rank_[static_cast<std::size_t>(order[k])] = static_cast<std::int32_t>(k);
    std::size_t next = 0;
    for (std::int64_t t = 1; next < order.size() || !active_.empty(); ++t) {
      if (active_.empty() && S_.injections[static_cast<std::size_t>(order[next])].step > t)
        t = S_.injections[static_cast<std::size_t>(order[next])].step;  // idle network: jump ahead
      std::size_t first = next;
      while (next < order.size() && S_.injections[static_cast<std::size_t>(order[next])].step == t) {
        const Injection& in = S_.injections[static_cast<std::size_t>(order[next])];
        push(T_.link_id({{0, in.src}, true}), order[next]);
        ++next;
      }
      for (std::size_t k = first; k < next; ++k) {  // a leaf sends at most c_1 packets per step
        std::int64_t up = T_.link_id({{0, S_.injections[static_cast<std::size_t>(order[k])].src}, true});
        if (static_cast<std::int64_t>(q_[static_cast<std::size_t>(up)].size()) > T_.cap(1))
          return fail("step " + std::to_string(t) + ": leaf " +
                      std::to_string(S_.injections[static_cast<std::size_t>(order[k])].src) + " injects " +
                      std::to_string(q_[static_cast<std::size_t>(up)].size()) + " packets but c1 = " +
                      std::to_string(T_.cap(1)));
      }
      if (!transmit(t)) return R_;
      deliver_and_forward(t);
    }
    check_deliveries(got_, S_, R_);
    return R_;
  }

 private:
  void push(std::int64_t link, std::int32_t inj) {
    auto l = static_cast<std::size_t>(link);
    q_[l].push_back(inj);
    if (!in_active_[l]) {
      in_active_[l] = 1;
      active_.push_back(link);
    }
  }

  SimResult fail(std::string why) {
    R_.ok = false;
    R_.error = std::move(why);
    return R_;
  }

  bool transmit(std::int64_t t) {
    arrivals_.clear();
    std::int64_t crossed = 0;
    std::vector<std::int64_t> still;
    touched_.clear();
    for (std::int64_t e : active_) {
      auto& q = q_[static_cast<std::size_t>(e)];
      std::int64_t cap = T_.link_cap(e);
      if (opt_.queue_free && static_cast<std::int64_t>(q.size()) > cap) {
        Link l = T_.link_of(e);
        Node tail = l.up ? l.below : Node{l.below.level + 1, l.below.index / 2};
        fail("step " + std::to_string(t) + ": " + std::to_string(q.size()) + " packets want link " +
             T_.link_name(e) + " of capacity " + std::to_string(cap) + ", so node (" + std::to_string(tail.level) +
             "," + std::to_string(tail.index) + ") would need a queue");
        return false;
      }
      std::int64_t k = std::min<std::int64_t>(cap, static_cast<std::int64_t>(q.size()));
      for (std::int64_t i = 0; i < k; ++i) {
        arrivals_.push_back({e, q.front()});
        q.pop_front();
      }
      crossed += k;
      if (opt_.trace && k > 0) R_.trace.push_back({t, e, k});
      if (!q.empty()) {
        still.push_back(e);
        Link l = T_.link_of(e);
        Node tail = l.up ? l.below : Node{l.below.level + 1, l.below.index / 2};
        auto qs = static_cast<std::int64_t>(q.size());
        auto& lq = R_.max_link_queue_level[static_cast<std::size_t>(tail.level)];
        lq = std::max(lq, qs);
        auto id = static_cast<std::size_t>(T_.node_id(tail));
        if (held_[id] == 0) touched_.push_back(id);
        held_[id] += qs;
      } else {
        in_active_[static_cast<std::size_t>(e)] = 0;
      }
    }
    for (std::size_t id : touched_) {
      auto lvl = static_cast<std::size_t>(T_.node_of(static_cast<std::int64_t>(id)).level);
      R_.max_queue_node[id] = std::max(R_.max_queue_node[id], held_[id]);
      R_.max_queue_level[lvl] = std::max(R_.max_queue_level[lvl], held_[id]);
      R_.max_queue = std::max(R_.max_queue, held_[id]);
      held_[id] = 0;
    }
    active_ = std::move(still);
    if (static_cast<std::int64_t>(R_.crossings.size()) < t) R_.crossings.resize(static_cast<std::size_t>(t), 0);
    R_.crossings[static_cast<std::size_t>(t - 1)] = crossed;
    R_.link_crossings += crossed;
    return true;
  }

  // Does injection `in` have a destination on the far side of link f?
  bool beyond(const Injection& in, std::int64_t f) const {
    if (in.dst == kAllOthers) return true;  // a copy never heads back toward its source in a tree
    Link l = T_.link_of(f);
    std::int64_t lo = l.below.index << l.below.level, hi = lo + (std::int64_t{1} << l.below.level);
    if (in.dst >= 0) {
      bool inside = in.dst >= lo && in.dst < hi;
      return l.up ? !inside : inside;
    }
    const auto& v = S_.lists[static_cast<std::size_t>(in.list)];
    auto cnt = std::lower_bound(v.begin(), v.end(), hi) - std::lower_bound(v.begin(), v.end(), lo);
    return l.up ? cnt < static_cast<std::ptrdiff_t>(v.size()) : cnt > 0;
  }

  void deliver_and_forward(std::int64_t t) {
    std::stable_sort(arrivals_.begin(), arrivals_.end(), [&](const auto& a, const auto& b) {
      return rank_[static_cast<std::size_t>(a.second)] < rank_[static_cast<std::size_t>(b.second)];
    });
    for (auto [e, inj] : arrivals_) {
      const Injection& in = S_.injections[static_cast<std::size_t>(inj)];
      Link l = T_.link_of(e);
      Node v = l.up ? Node{l.below.level + 1, l.below.index / 2} : l.below;
      if (v.level == 0) {
        got_.push_back({{in.src, static_cast<std::int32_t>(v.index), in.payload}, t});
        continue;
      }
      std::int64_t out[3] = {-1, T_.link_id({{v.level - 1, 2 * v.index}, false}),
                             T_.link_id({{v.level - 1, 2 * v.index + 1}, false})};
      if (v.level < T_.h) out[0] = T_.link_id({v, true});
      std::int64_t back = l.up ? e + 1 : e - 1;  // the same branch in the other direction
      for (std::int64_t f : out)
        if (f >= 0 && f != back && beyond(in, f)) push(f, inj);
    }
  }

  const FatTree& T_;
  const Schedule& S_;
  SimOptions opt_;
  SimResult R_;
  std::vector<Fifo> q_;
  std::vector<char> in_active_;
  std::vector<std::int64_t> active_;
  std::vector<std::int64_t> held_;
  std::vector<std::size_t> touched_;
  std::vector<std::int32_t> rank_;
  std::vector<std::pair<std::int64_t, std::int32_t>> arrivals_;
  std::vector<std::pair<Delivery, std::int64_t>> got_;
};

}  // namespace

void check_deliveries(std::vector<std::pair<Delivery, std::int64_t>>& got, const Schedule& S, SimResult& R) {
  std::sort(got.begin(), got.end());
  std::vector<Delivery> req = S.required;
  std::sort(req.begin(), req.end());
  std::size_t i = 0, j = 0;
  std::string first;
  while (i < got.size() || j < req.size()) {
    if (j == req.size() || (i < got.size() && got[i].first < req[j])) {
      bool dup = j > 0 && got[i].first == req[j - 1];
      (dup ? R.duplicates : R.unexpected)++;
      if (first.empty())
        first = std::string(dup ? "duplicate" : "unexpected") + " delivery of payload " +
                std::to_string(got[i].first.payload) + " from " + std::to_string(got[i].first.src) + " to " +
                std::to_string(got[i].first.dst) + " in step " + std::to_string(got[i].second);
      ++i;
    } else if (i == got.size() || req[j] < got[i].first) {
      if (first.empty())
        first = "payload " + std::to_string(req[j].payload) + " from " + std::to_string(req[j].src) + " never reaches " +
                std::to_string(req[j].dst);
      R.missing++;
      ++j;
    } else {
      R.delivered++;
      R.completion = std::max(R.completion, got[i].second);
      ++i;
      ++j;
    }
  }
  for (const auto& g : got) R.completion = std::max(R.completion, g.second);
  if (!first.empty() && R.ok) {
    R.ok = false;
    R.error = first;
  }
}

SimResult simulate(const FatTree& T, const Schedule& S, SimOptions opt) {
  if (std::string e = schedule_error(T, S); !e.empty()) {
    SimResult R;
    R.ok = false;
    R.error = e;
    return R;
  }
  if (!S.timings.empty()) return simulate_timed(T, S, opt);
  return FifoSim(T, S, opt).run();
}

}  // namespace blockcast::fattree
