// The endgame on free routes: the coloured endgame's slots re-matched step by step (see
// routed_endgame.hpp; docs/kbroadcast.md Sec. 8.3).
#include "kitem/routed_endgame.hpp"

#include <algorithm>
#include <bit>
#include <deque>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>

#include "checked.hpp"
#include "expand.hpp"
#include "kitem/bounds.hpp"
#include "kitem/schedule_ops.hpp"

namespace blockcast {
namespace {

using i64 = std::int64_t;

// The free slots of the window, by step: who may send at s, who may receive at t.
struct Slots {
  std::vector<std::vector<std::int32_t>> senders;    // [s - m]
  std::vector<std::vector<std::int32_t>> receivers;  // [t - m]
  std::vector<int> receive_slots;                    // per processor, in the whole window
};

// Splits the expanded schedule: items < m stay in `kept`, the virtual items' messages that arrive
// by m + window become slots.
Slots free_slots(const Schedule& s, i64 m, int window, std::vector<Message>& kept) {
  Slots slots;
  slots.senders.resize(static_cast<size_t>(window + 1));
  slots.receivers.resize(static_cast<size_t>(window + 1));
  slots.receive_slots.assign(static_cast<size_t>(s.P), 0);
  for (const Message& msg : s.messages) {
    if (msg.item < m) {
      kept.push_back(msg);
      continue;
    }
    if (msg.recv_step > m + window) continue;
    slots.senders[static_cast<size_t>(msg.send_step - m)].push_back(msg.sender);
    slots.receivers[static_cast<size_t>(msg.recv_step - m)].push_back(msg.receiver);
    ++slots.receive_slots[static_cast<size_t>(msg.receiver)];
  }
  return slots;
}

class Router {
 public:
  Router(const Slots& slots, i64 P, int L, int K, std::uint64_t seed)
      : slots_(slots), L_(L), K_(K), all_(K == 64 ? ~0ull : (1ull << K) - 1), rng_(seed),
        held_(static_cast<size_t>(P), 0), usable_(static_cast<size_t>(P), 0), left_(slots.receive_slots),
        used_(static_cast<size_t>(P), 0), holders_(static_cast<size_t>(K), 1), arrivals_(slots.receivers.size()) {
    held_[0] = usable_[0] = all_;  // the source; items are renumbered by its first sends later
  }

  // The endgame messages (item = endgame index 0..K-1, send steps relative to m), or false.
  bool run(std::vector<Message>& out) {
    const int window = static_cast<int>(slots_.receivers.size()) - 1;
    for (int s = 0; s + L_ <= window; ++s) {
      for (const Message& a : arrivals_[static_cast<size_t>(s)]) usable_[static_cast<size_t>(a.receiver)] |= 1ull << a.item;
      if (!step(s, out)) return false;
    }
    for (size_t p = 1; p < held_.size(); ++p)
      if (held_[p] != all_) return false;
    return true;
  }

 private:
  int missing(std::int32_t q) const { return K_ - std::popcount(held_[static_cast<size_t>(q)]); }

  bool step(int s, std::vector<Message>& out) {
    const auto& recv = slots_.receivers[static_cast<size_t>(s + L_)];
    std::vector<std::int32_t> order;
    for (std::int32_t q : recv)
      if (missing(q) > 0) order.push_back(q);
    std::shuffle(order.begin(), order.end(), rng_);
    std::stable_sort(order.begin(), order.end(), [&](std::int32_t x, std::int32_t y) {
      return left_[static_cast<size_t>(x)] - missing(x) < left_[static_cast<size_t>(y)] - missing(y);
    });
    // Per item, the senders holding it, fewest items held first.
    std::vector<std::int32_t> senders;
    for (std::int32_t p : slots_.senders[static_cast<size_t>(s)])
      if (usable_[static_cast<size_t>(p)]) senders.push_back(p);
    std::shuffle(senders.begin(), senders.end(), rng_);
    std::stable_sort(senders.begin(), senders.end(), [&](std::int32_t x, std::int32_t y) {
      return std::popcount(usable_[static_cast<size_t>(x)]) < std::popcount(usable_[static_cast<size_t>(y)]);
    });
    std::vector<std::vector<std::int32_t>> bucket(static_cast<size_t>(K_));
    for (std::int32_t p : senders)
      for (std::uint64_t m = usable_[static_cast<size_t>(p)]; m; m &= m - 1)
        bucket[static_cast<size_t>(std::countr_zero(m))].push_back(p);
    std::vector<size_t> next(static_cast<size_t>(K_), 0);
    auto available = [&](int e) {
      auto& b = bucket[static_cast<size_t>(e)];
      size_t& i = next[static_cast<size_t>(e)];
      while (i < b.size() && used_[static_cast<size_t>(b[i])]) ++i;
      return i < b.size();
    };
    for (std::int32_t q : order) {
      int best = -1;
      const int start = static_cast<int>(rng_() % static_cast<std::uint64_t>(K_));
      for (int d = 0; d < K_; ++d) {
        const int e = (start + d) % K_;
        if (held_[static_cast<size_t>(q)] >> e & 1 || !available(e)) continue;
        if (best < 0 || holders_[static_cast<size_t>(e)] < holders_[static_cast<size_t>(best)]) best = e;
      }
      if (best < 0) continue;
      const std::int32_t p = bucket[static_cast<size_t>(best)][next[static_cast<size_t>(best)]];
      used_[static_cast<size_t>(p)] = 1;
      held_[static_cast<size_t>(q)] |= 1ull << best;
      ++holders_[static_cast<size_t>(best)];
      const Message msg{s, s + L_, p, q, best};
      out.push_back(msg);
      arrivals_[static_cast<size_t>(s + L_)].push_back(msg);
    }
    for (std::int32_t p : senders) used_[static_cast<size_t>(p)] = 0;
    for (std::int32_t q : recv) {
      --left_[static_cast<size_t>(q)];
      if (missing(q) > left_[static_cast<size_t>(q)]) return false;
    }
    return true;
  }

  const Slots& slots_;
  const int L_, K_;
  const std::uint64_t all_;
  std::mt19937_64 rng_;
  std::vector<std::uint64_t> held_;    // items received or in flight
  std::vector<std::uint64_t> usable_;  // items arrived (may be forwarded)
  std::vector<int> left_;              // free receive slots not yet passed
  std::vector<std::uint8_t> used_;     // sender busy in this step
  std::vector<i64> holders_;
  std::vector<std::vector<Message>> arrivals_;  // by arrival step
};

// The slots of the frame m (virtual items m.., rotated as the schedule is) and, in `kept`, the
// messages of items 0..m-1.
Slots frame_slots(const Assignment& a, i64 m, int window, const Rotation& rotation, std::vector<Message>& kept,
                  Schedule* expanded = nullptr) {
  Schedule s = expand_assignment(a, m + window - a.L + 1);
  rotate_roles(s, rotation);
  Slots slots = free_slots(s, m, window, kept);
  if (expanded) *expanded = std::move(s);
  return slots;
}

// Per processor, its slot steps (sends, then -1, then receptions): equal lists are
// interchangeable roles for the routing.
std::vector<std::vector<int>> signatures(const Slots& slots, i64 P) {
  std::vector<std::vector<int>> sig(static_cast<size_t>(P));
  for (size_t t = 0; t < slots.senders.size(); ++t)
    for (std::int32_t p : slots.senders[t]) sig[static_cast<size_t>(p)].push_back(static_cast<int>(t));
  for (auto& v : sig) v.push_back(-1);
  for (size_t t = 0; t < slots.receivers.size(); ++t)
    for (std::int32_t p : slots.receivers[t]) sig[static_cast<size_t>(p)].push_back(static_cast<int>(t));
  return sig;
}

// The processor of `to` that plays each processor's role in `from` (shift argument: the slot
// lists agree as multisets). std::logic_error if they do not.
std::vector<std::int32_t> role_map(const Slots& from, const Slots& to, i64 P) {
  const auto a = signatures(from, P), b = signatures(to, P);
  auto order = [P](const std::vector<std::vector<int>>& sig) {
    std::vector<std::int32_t> id(static_cast<size_t>(P));
    std::iota(id.begin(), id.end(), 0);
    std::stable_sort(id.begin(), id.end(), [&](std::int32_t x, std::int32_t y) {
      return sig[static_cast<size_t>(x)] < sig[static_cast<size_t>(y)];
    });
    return id;
  };
  const auto ia = order(a), ib = order(b);
  std::vector<std::int32_t> map(static_cast<size_t>(P));
  for (size_t i = 0; i < ia.size(); ++i) {
    if (a[static_cast<size_t>(ia[i])] != b[static_cast<size_t>(ib[i])])
      throw std::logic_error("routed endgame: the slots of two frames are not a permutation of each other");
    map[static_cast<size_t>(ia[i])] = ib[i];
  }
  return map;
}

void check_endgame(const Assignment& a, i64 k, int K, int window) {
  if (K < 1 || K > 64 || K > k) throw InputError("endgame of " + std::to_string(K) + " items for k = " + std::to_string(k));
  if (window < a.L) throw InputError("endgame window " + std::to_string(window) + " < L = " + std::to_string(a.L));
  if (k > K && window < a.delay() - 1)
    throw InputError("endgame window " + std::to_string(window) + " ends before the kept items (delay " +
                     std::to_string(a.delay()) + ")");
}

}  // namespace

std::optional<Schedule> routed_schedule(const Assignment& a, i64 k, int K, int window, const Rotation& rotation,
                                        std::uint64_t seed) {
  check_endgame(a, k, K, window);
  const i64 m = k - K;
  std::vector<Message> kept0, endgame;
  const Slots canonical = frame_slots(a, 0, window, rotation, kept0);
  if (!Router(canonical, a.P, a.L, K, seed).run(endgame)) return std::nullopt;
  Schedule s;
  std::vector<Message> kept;
  const Slots here = frame_slots(a, m, window, rotation, kept, &s);
  const std::vector<std::int32_t> map = role_map(canonical, here, a.P);
  // Number the endgame items by the source's first send (messages are in step order).
  std::vector<int> label(static_cast<size_t>(K), -1);
  int next = 0;
  for (const Message& msg : endgame)
    if (msg.sender == 0 && label[static_cast<size_t>(msg.item)] < 0) label[static_cast<size_t>(msg.item)] = next++;
  for (Message msg : endgame) {
    msg.item = static_cast<std::int32_t>(m + label[static_cast<size_t>(msg.item)]);
    msg.send_step += static_cast<std::int32_t>(m);
    msg.recv_step += static_cast<std::int32_t>(m);
    msg.sender = map[static_cast<size_t>(msg.sender)];
    msg.receiver = map[static_cast<size_t>(msg.receiver)];
    kept.push_back(msg);
  }
  s.messages = std::move(kept);
  sort_messages(s);
  s.items = static_cast<std::int32_t>(k);
  return s;
}

EndgamePlan routed_plan(const Assignment& a, int max_K, int max_extra, std::uint64_t seeds, const Limits& limits) {
  // The slots depend on the window and the rotation only, not on K: built once each.
  std::deque<std::tuple<int, std::vector<std::int64_t>, Slots>> cache;  // stable references
  auto slots = [&](int W, const Rotation& rot) -> const Slots& {
    for (const auto& [w, ids, s] : cache)
      if (w == W && ids == rot.ids) return s;
    std::vector<Message> kept;
    cache.emplace_back(W, rot.ids, frame_slots(a, 0, W, rot, kept));
    return std::get<2>(cache.back());
  };
  EndgamePlan plan;
  plan.L = a.L, plan.P = a.P, plan.delay = static_cast<int>(a.delay());
  for (int K = 1; K <= std::min(max_K, 64); ++K) {
    EndgamePlan::Entry e;
    e.K = K;
    const int lo = static_cast<int>(kitem_lower_bound(a.L, a.P, K));
    if (const std::optional<Rotation> rot = receive_only_rotation(a, K)) {
      e.rotation = *rot;
      for (int W = std::max(lo, a.L); W <= lo + max_extra && !e.window && !limits.expired(); ++W) {
        // A processor meets as many virtual trees as it has free receive slots: fewer than K
        // (read off the letter pattern, no expansion) and no routing can work.
        const TreeClasses c = tree_classes(a, W, *rot);
        if (std::any_of(c.sets.begin(), c.sets.end(), [&](const auto& set) { return static_cast<int>(set.size()) < K; }))
          continue;
        const Slots& s = slots(W, *rot);
        for (std::uint64_t seed = 0; seed < seeds && !limits.expired(); ++seed) {
          std::vector<Message> endgame;
          if (Router(s, a.P, a.L, K, seed).run(endgame)) {
            e.window = W, e.routed = seed;
            break;
          }
        }
      }
    }
    plan.entries.push_back(std::move(e));
  }
  return plan;
}

Schedule plan_schedule(const Assignment& a, const EndgamePlan& plan, i64 k) {
  const auto [time, K] = plan.time(k);
  if (K == 0) throw InputError("no endgame of this plan beats the cut schedule for k = " + std::to_string(k));
  const EndgamePlan::Entry& e = plan.entries[static_cast<size_t>(K - 1)];
  if (!e.routed) return colored_schedule(a, k, K, *e.window, e.color, e.rotation);
  std::optional<Schedule> s = routed_schedule(a, k, K, *e.window, e.rotation, *e.routed);
  if (!s) throw std::logic_error("routed endgame: the plan's seed no longer routes");
  return std::move(*s);
}

}  // namespace blockcast
