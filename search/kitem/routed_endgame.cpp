// The endgame on free routes: the coloured endgame's slots re-matched step by step (see
// routed_endgame.hpp; docs/kbroadcast.md Sec. 8.3).
#include "kitem/routed_endgame.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <deque>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>

#include "checked.hpp"
#include "expand.hpp"
#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/schedule_ops.hpp"

namespace blockcast {
namespace {

using i64 = std::int64_t;

// Per processor, its free receive slots at steps 0..window of the frame.
std::vector<int> receive_slots(const FrameSlots& slots, i64 P, int window) {
  std::vector<int> n(static_cast<size_t>(P), 0);
  for (size_t t = 0; t <= static_cast<size_t>(window) && t < slots.receivers.size(); ++t)
    for (std::int32_t q : slots.receivers[t]) ++n[static_cast<size_t>(q)];
  return n;
}

// The messages of frame m: items 0 .. m + window - L (the last virtual item whose root receives
// in the window), roles rotated, in the expansion's order (`header`: P, L, items).
std::vector<Message> frame_messages(const Assignment& a, i64 m, int window, const Rotation& rotation,
                                    Schedule* header = nullptr) {
  Schedule s = expand_assignment(a, m + window - a.L + 1);
  remap_roles(s.messages, rotation);
  std::vector<Message> out = std::move(s.messages);
  if (header) *header = std::move(s);
  return out;
}

// The messages of frame 0 that arrive by `window`, roles rotated: all its slots are made of.
// The expansion stops after send step window - L; frame_messages would expand the last
// virtual items' whole trees, about half of them after the window. Same messages in the same
// order as frame_messages(a, 0, window, rotation) less those arriving later (expand.hpp's
// batches), so the slots, and every routing on them, are the same.
std::vector<Message> arriving_messages(const Assignment& a, int window, const Rotation& rotation) {
  std::vector<Message> out;
  Schedule header;
  expand_assignment_batches(a, window - a.L + 1, header, [&](const std::vector<Message>& batch) {
    for (const Message& msg : batch)
      if (msg.recv_step <= window) out.push_back(msg);
    return !batch.empty() && batch.back().send_step < window - a.L;
  });
  remap_roles(out, rotation);
  return out;
}

// Splits a frame's messages: items < m go to `kept`, the virtual items' messages that arrive by
// m + window become slots. The lists keep the expansion's order ((send step, sender),
// engine/expand.hpp), which does not depend on how many items were expanded: a plan's routing
// (on the prefix of its largest window) and routed_schedule's (expanded to the window) see the
// same lists, so an attempt replays.
FrameSlots free_slots(const std::vector<Message>& messages, i64 m, int window, std::vector<Message>* kept) {
  FrameSlots slots;
  slots.senders.resize(static_cast<size_t>(window + 1));
  slots.receivers.resize(static_cast<size_t>(window + 1));
  for (const Message& msg : messages) {
    if (msg.item < m) {
      if (kept) kept->push_back(msg);
      continue;
    }
    if (msg.recv_step > m + window) continue;
    slots.senders[static_cast<size_t>(msg.send_step - m)].push_back(msg.sender);
    slots.receivers[static_cast<size_t>(msg.recv_step - m)].push_back(msg.receiver);
  }
  return slots;
}

class Router {
 public:
  // The routing in the prefix of `slots` up to `window`; left: receive_slots(slots, P, window).
  // priority: per processor, how many earlier attempts left it short (empty: none), at most
  // `offset` each.
  Router(const FrameSlots& slots, int window, const std::vector<int>& left, i64 P, int L, int K, std::uint64_t seed,
         const std::vector<int>& priority, int offset)
      : slots_(slots), window_(window), priority_(priority), offset_(offset), L_(L), K_(K),
        all_(K == 64 ? ~0ull : (1ull << K) - 1), rng_(seed), held_(static_cast<size_t>(P), 0),
        usable_(static_cast<size_t>(P), 0), held_count_(static_cast<size_t>(P), 0), usable_count_(static_cast<size_t>(P), 0),
        left_(left), used_(static_cast<size_t>(P), 0), holders_(static_cast<size_t>(K), 1),
        arrivals_(static_cast<size_t>(window) + 1), bucket_(static_cast<size_t>(K)), next_(static_cast<size_t>(K)) {
    held_[0] = usable_[0] = all_;  // the source; items are renumbered by its first sends later
    held_count_[0] = usable_count_[0] = K;
  }

  // The endgame messages (item = endgame index 0..K-1, send steps relative to m), or false.
  // With `short_of`, a failed attempt goes on to the end and adds 1 for every processor it
  // leaves short of an item (the next attempt's priority); without, it stops at the first
  // processor that can no longer get its items.
  bool run(std::vector<Message>& out, std::vector<int>* short_of = nullptr) {
    bool ok = true;
    for (int s = 0; s + L_ <= window_; ++s) {
      for (const Message& a : arrivals_[static_cast<size_t>(s)]) {  // distinct items: held_ counts them in flight
        usable_[static_cast<size_t>(a.receiver)] |= 1ull << a.item;
        ++usable_count_[static_cast<size_t>(a.receiver)];
      }
      ok = step(s, out) && ok;
      if (!ok && !short_of) return false;
    }
    for (size_t p = 1; p < held_.size(); ++p)
      if (held_[p] != all_) {
        ok = false;
        if (short_of) ++(*short_of)[p];
      }
    return ok;
  }

 private:
  // Sorted by key, in random order among equal keys (this attempt's tie-breaking).
  // Keys are small and >= 0 (slack, items held): a counting sort after the shuffle.
  void shuffled_by_key(std::vector<std::pair<int, std::int32_t>>& v) {
    std::shuffle(v.begin(), v.end(), rng_);
    int top = 0;
    for (const auto& x : v) top = std::max(top, x.first);
    count_.assign(static_cast<size_t>(top) + 2, 0);
    for (const auto& x : v) ++count_[static_cast<size_t>(x.first) + 1];
    for (size_t i = 1; i < count_.size(); ++i) count_[i] += count_[i - 1];
    sorted_.resize(v.size());
    for (const auto& x : v) sorted_[count_[static_cast<size_t>(x.first)]++] = x;
    v.swap(sorted_);
  }

  // Counts kept beside the bit sets: std::popcount is a library call without -mpopcnt.
  int missing(std::int32_t q) const { return K_ - held_count_[static_cast<size_t>(q)]; }
  int priority(std::int32_t q) const { return priority_.empty() ? 0 : priority_[static_cast<size_t>(q)]; }

  // Whether item e still has a sender not used in this step (advances past used ones).
  bool available(int e) {
    const auto& b = bucket_[static_cast<size_t>(e)];
    size_t& i = next_[static_cast<size_t>(e)];
    while (i < b.size() && used_[static_cast<size_t>(b[i])]) ++i;
    return i < b.size();
  }

  // Among the items in `candidates`, the one with the fewest holders; among equals the first
  // from `start` on, cyclically (bits start..K-1, then 0..start-1).
  int rarest(std::uint64_t candidates, int start) const {
    int best = -1;
    const std::uint64_t high = candidates & (~0ull << start);
    for (std::uint64_t part : {high, candidates & ~high})
      for (std::uint64_t m = part; m; m &= m - 1) {
        const int e = std::countr_zero(m);
        if (best < 0 || holders_[static_cast<size_t>(e)] < holders_[static_cast<size_t>(best)]) best = e;
      }
    return best;
  }

  bool step(int s, std::vector<Message>& out) {
    const auto& recv = slots_.receivers[static_cast<size_t>(s + L_)];
    // Receivers by slack (free receive slots left minus items missing) less priority, random
    // among equals (slack < 0 only in an attempt that goes on after failing).
    auto& order = order_;
    order.clear();
    for (std::int32_t q : recv)
      if (const int miss = missing(q); miss > 0)
        order.push_back({std::max(0, left_[static_cast<size_t>(q)] - miss + offset_ - priority(q)), q});
    shuffled_by_key(order);
    // Per item, the senders holding it, fewest items held first.
    auto& senders = senders_;
    senders.clear();
    for (std::int32_t p : slots_.senders[static_cast<size_t>(s)])
      if (usable_[static_cast<size_t>(p)]) senders.push_back({usable_count_[static_cast<size_t>(p)], p});
    shuffled_by_key(senders);
    for (auto& b : bucket_) b.clear();
    std::uint64_t open = 0;  // the items with a sender not yet used in this step
    for (const auto& sp : senders) {
      open |= usable_[static_cast<size_t>(sp.second)];
      for (std::uint64_t m = usable_[static_cast<size_t>(sp.second)]; m; m &= m - 1)
        bucket_[static_cast<size_t>(std::countr_zero(m))].push_back(sp.second);
    }
    std::fill(next_.begin(), next_.end(), 0);
    const int shift = static_cast<int>(rng_() % static_cast<std::uint64_t>(K_));
    for (size_t i = 0; i < order.size() && open; ++i) {
      const std::int32_t q = order[i].second;
      const int best = rarest(open & ~held_[static_cast<size_t>(q)],
                              static_cast<int>((static_cast<size_t>(shift) + i) % static_cast<size_t>(K_)));
      if (best < 0) continue;
      const std::int32_t p = bucket_[static_cast<size_t>(best)][next_[static_cast<size_t>(best)]];
      used_[static_cast<size_t>(p)] = 1;
      for (std::uint64_t m = usable_[static_cast<size_t>(p)] & open; m; m &= m - 1)
        if (const int e = std::countr_zero(m); !available(e)) open &= ~(1ull << e);
      held_[static_cast<size_t>(q)] |= 1ull << best;
      ++held_count_[static_cast<size_t>(q)];
      ++holders_[static_cast<size_t>(best)];
      const Message msg{s, s + L_, p, q, best};
      out.push_back(msg);
      arrivals_[static_cast<size_t>(s + L_)].push_back(msg);
    }
    for (const auto& sp : senders) used_[static_cast<size_t>(sp.second)] = 0;
    bool ok = true;
    for (std::int32_t q : recv) {
      --left_[static_cast<size_t>(q)];
      if (missing(q) > left_[static_cast<size_t>(q)]) ok = false;
    }
    return ok;
  }

  const FrameSlots& slots_;
  const int window_;
  const std::vector<int>& priority_;
  const int offset_;
  const int L_, K_;
  const std::uint64_t all_;
  std::mt19937_64 rng_;
  std::vector<std::uint64_t> held_;    // items received or in flight
  std::vector<std::uint64_t> usable_;  // items arrived (may be forwarded)
  std::vector<int> held_count_, usable_count_;
  std::vector<int> left_;              // free receive slots not yet passed
  std::vector<std::uint8_t> used_;     // sender busy in this step
  std::vector<i64> holders_;
  std::vector<std::vector<Message>> arrivals_;  // by arrival step
  // Buffers of step(), kept to save allocations.
  std::vector<std::pair<int, std::int32_t>> order_, senders_, sorted_;
  std::vector<size_t> count_;
  std::vector<std::vector<std::int32_t>> bucket_;
  std::vector<size_t> next_;
};

// Attempts 0..attempts-1 of the squeaky wheel in the prefix of `slots` up to `window`: attempt i
// routes with seed i, serving first (among receivers of equal slack) the processors that earlier
// attempts left short, each by how often. The index of the first attempt that routes, its
// messages in `out`; nullopt if none does or the deadline passed. Deterministic: the same
// arguments give the same attempt and messages.
std::optional<std::uint64_t> route(const FrameSlots& slots, int window, i64 P, int L, int K, std::uint64_t attempts,
                                   const Limits& limits, std::vector<Message>& out) {
  const std::vector<int> left = receive_slots(slots, P, window);
  std::vector<int> short_of;
  for (std::uint64_t i = 0; i < attempts && !limits.expired(); ++i) {
    out.clear();
    const int offset = static_cast<int>(std::min<std::uint64_t>(i, INT_MAX));
    if (i + 1 == attempts) {  // the last attempt need not learn
      if (Router(slots, window, left, P, L, K, i, short_of, offset).run(out)) return i;
      break;
    }
    if (short_of.empty()) short_of.assign(static_cast<size_t>(P), 0);
    if (Router(slots, window, left, P, L, K, i, short_of, offset).run(out, &short_of)) return i;
  }
  out.clear();
  return std::nullopt;
}

// Per processor, its slot steps (sends, then -1, then receptions): equal lists are
// interchangeable roles for the routing.
std::vector<std::vector<int>> signatures(const FrameSlots& slots, i64 P) {
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
std::vector<std::int32_t> role_map(const FrameSlots& from, const FrameSlots& to, i64 P) {
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
                                        std::uint64_t attempt) {
  check_endgame(a, k, K, window);
  const i64 m = k - K;
  std::vector<Message> endgame;
  const FrameSlots canonical = free_slots(arriving_messages(a, window, rotation), 0, window, nullptr);
  if (route(canonical, window, a.P, a.L, K, attempt + 1, Limits{}, endgame) != attempt) return std::nullopt;
  Schedule s;
  std::vector<Message> kept;
  const FrameSlots here = free_slots(frame_messages(a, m, window, rotation, &s), m, window, &kept);
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

const FrameSlots& RoutingFrame::slots(const Rotation& rotation, int window) {
  if (window > last_) {
    messages_ = arriving_messages(a_, window, Rotation{});
    last_ = window;
    by_rotation_.clear();
  }
  for (const auto& [ids, s] : by_rotation_)
    if (ids == rotation.ids) return s;
  if (rotation.g() < 2) {
    by_rotation_.emplace_back(rotation.ids, free_slots(messages_, 0, last_, nullptr));
  } else {
    std::vector<Message> rotated = messages_;
    remap_roles(rotated, rotation);
    by_rotation_.emplace_back(rotation.ids, free_slots(rotated, 0, last_, nullptr));
  }
  return by_rotation_.back().second;
}

EndgamePlan routed_plan(const Assignment& a, int max_K, int max_extra, std::uint64_t attempts, const Limits& limits,
                        int below, int min_extra) {
  RoutingFrame frame(a);
  return routed_plan(frame, max_K, max_extra, attempts, limits, below, min_extra);
}

EndgamePlan routed_plan(RoutingFrame& frame, int max_K, int max_extra, std::uint64_t attempts, const Limits& limits,
                        int below, int min_extra) {
  const Assignment& a = frame.assignment();
  // The slots depend on the window and the rotation only, not on K, and a window's slots are
  // a prefix of a larger window's: one expansion, to the largest window.
  int last = a.L;
  for (int K = 1; K <= std::min(max_K, 64); ++K)
    last = std::max(last, static_cast<int>(kitem_lower_bound(a.L, a.P, K)) + max_extra);
  // The fewest virtual trees any processor meets, per (window, rotation): computed once each.
  std::vector<std::tuple<int, std::vector<std::int64_t>, std::int64_t>> fewest;
  auto capacity = [&](int W, const Rotation& rot) -> int {
    for (const auto& [w, ids, n] : fewest)
      if (w == W && ids == rot.ids) return static_cast<int>(n);
    const std::int64_t n = std::min<std::int64_t>(fewest_trees(a, W, rot), INT_MAX);
    fewest.emplace_back(W, rot.ids, n);
    return static_cast<int>(n);
  };
  EndgamePlan plan;
  plan.L = a.L, plan.P = a.P, plan.delay = static_cast<int>(a.delay());
  for (int K = 1; K <= std::min(max_K, 64); ++K) {
    EndgamePlan::Entry e;
    e.K = K;
    const int lo = static_cast<int>(kitem_lower_bound(a.L, a.P, K));
    if (const std::optional<Rotation> rot = receive_only_rotation(a, K)) {
      e.rotation = *rot;
      for (int W = std::max(lo + min_extra, a.L); W <= lo + max_extra && W - K < below && !e.window && !limits.expired(); ++W) {
        // A processor meets as many virtual trees as it has free receive slots: fewer than K
        // (read off the letter pattern, no expansion) and no routing can work.
        if (capacity(W, *rot) < K) continue;
        std::vector<Message> endgame;
        if (const std::optional<std::uint64_t> i = route(frame.slots(*rot, last), W, a.P, a.L, K, attempts, limits, endgame)) {
          e.window = W, e.routed = *i, e.finish = 0;
          for (const Message& msg : endgame) e.finish = std::max(*e.finish, static_cast<int>(msg.recv_step));
        }
      }
    }
    // From K_bound on, bound(k) - k is constant, so an entry usable with kept items gives every
    // k >= K the time k + (W - K): larger K are searched only for a smaller W - K, and not at
    // all once this one is at the bound.
    bool final = false;
    if (e.window && *e.window >= plan.delay - 1 && K >= endgame_items_at_bound(a.L, a.P)) {
      below = std::min(below, *e.window - K);
      final = e.window == lo;
    }
    plan.entries.push_back(std::move(e));
    if (final) break;
  }
  return plan;
}

Schedule plan_schedule(const Assignment& a, const EndgamePlan& plan, i64 k) {
  const auto [time, K] = plan.time(k);
  if (K == 0) throw InputError("no endgame of this plan beats the cut schedule for k = " + std::to_string(k));
  const EndgamePlan::Entry& e = plan.entries[static_cast<size_t>(K - 1)];
  if (!e.routed) return colored_schedule(a, k, K, *e.window, e.color, e.rotation);
  std::optional<Schedule> s = routed_schedule(a, k, K, *e.window, e.rotation, *e.routed);
  if (!s) throw std::logic_error("routed endgame: the plan's attempt no longer routes");
  return std::move(*s);
}

}  // namespace blockcast
