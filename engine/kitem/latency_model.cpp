// Varying-latency replay of a planned schedule (see latency_model.hpp; Subramonian and Venkatasubramanian 1993, Sec. 2,
// 7).
#include "kitem/latency_model.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>
#include <tuple>

namespace blockcast {

std::string latency_kind_name(LatencyKind k) {
  switch (k) {
    case LatencyKind::fixed: return "fixed";
    case LatencyKind::random: return "random";
    case LatencyKind::adversary: return "adversary";
  }
  return "?";
}

namespace {

// propagating[m]: the receiver of message m sends that item on somewhere in the plan.
std::vector<char> propagating_messages(const Schedule& plan) {
  std::vector<std::vector<char>> sends(static_cast<size_t>(plan.P), std::vector<char>(static_cast<size_t>(plan.items), 0));
  for (const Message& m : plan.messages)
    if (m.sender >= 0 && m.sender < plan.P && m.item >= 0 && m.item < plan.items) sends[m.sender][m.item] = 1;
  std::vector<char> out;
  for (const Message& m : plan.messages) out.push_back(sends[m.receiver][m.item]);
  return out;
}

}  // namespace

LatencyReplay replay_with_latencies(const Schedule& plan, const std::vector<int>& latency, TieRule tie) {
  const size_t M = plan.messages.size();
  if (latency.size() != M) throw std::invalid_argument("replay: one latency per message");
  const auto P = static_cast<size_t>(plan.P);
  const auto K = static_cast<size_t>(plan.items);
  const std::vector<char> prop = propagating_messages(plan);
  LatencyReplay r;
  r.latency = latency;
  r.buffer.assign(P, 0);
  r.delay.assign(K, -1);
  // Each processor's sends in plan order.
  std::vector<std::vector<size_t>> queue(P);
  for (size_t m = 0; m < M; ++m) queue.at(static_cast<size_t>(plan.messages[m].sender)).push_back(m);
  for (auto& q : queue)
    std::stable_sort(q.begin(), q.end(),
                     [&](size_t a, size_t b) { return plan.messages[a].send_step < plan.messages[b].send_step; });
  std::vector<size_t> next(P, 0);
  std::vector<std::int64_t> held(P * K, -1);  // reception step of (processor, item)
  std::map<std::int64_t, std::vector<size_t>> arriving;  // arrival step -> messages
  std::vector<std::vector<std::pair<std::int64_t, size_t>>> pool(P);  // (arrival, message)
  size_t received = 0, sent = 0;
  for (std::int64_t tau = 0; received < M; ++tau) {
    if (auto it = arriving.find(tau); it != arriving.end()) {
      for (size_t m : it->second) pool[static_cast<size_t>(plan.messages[m].receiver)].push_back({tau, m});
      arriving.erase(it);
    }
    // One reception per processor: the lowest arrival step, ties by the rule, then plan order.
    for (size_t p = 1; p < P; ++p) {
      auto& pl = pool[p];
      if (pl.empty()) continue;
      auto rank = [&](const std::pair<std::int64_t, size_t>& e) {
        const int forwarded = prop[e.second];
        const int rank = tie == TieRule::propagating_last ? forwarded : tie == TieRule::propagating_first ? 1 - forwarded : 0;
        return std::make_tuple(e.first, rank, e.second);
      };
      auto best = pl.begin();
      for (auto it = pl.begin(); it != pl.end(); ++it)
        if (rank(*it) < rank(*best)) best = it;
      const size_t m = best->second;
      pl.erase(best);
      const Message& x = plan.messages[m];
      held[p * K + static_cast<size_t>(x.item)] = tau;
      r.completion = std::max(r.completion, tau);
      r.delay[static_cast<size_t>(x.item)] = std::max(r.delay[static_cast<size_t>(x.item)], tau - x.item);
      ++received;
    }
    for (size_t p = 1; p < P; ++p) r.buffer[p] = std::max<int>(r.buffer[p], static_cast<int>(pool[p].size()));
    // Sends: the next planned send, if its step has come and the item is held.
    for (size_t p = 0; p < P; ++p) {
      if (next[p] >= queue[p].size()) continue;
      const size_t m = queue[p][next[p]];
      const Message& x = plan.messages[m];
      if (x.send_step > tau) continue;
      const bool holds = p == 0 ? x.item <= tau : held[p * K + static_cast<size_t>(x.item)] >= 0;
      if (!holds) continue;
      if (tau > x.send_step) ++r.late_sends;
      arriving[tau + latency[m]].push_back(m);
      ++next[p];
      ++sent;
    }
    if (sent < M && arriving.empty()) {
      bool waiting = false;
      for (size_t p = 1; p < P; ++p) waiting = waiting || !pool[p].empty();
      bool can_send = false;
      for (size_t p = 0; p < P && !can_send; ++p)
        if (next[p] < queue[p].size()) {
          const Message& x = plan.messages[queue[p][next[p]]];
          can_send = p == 0 || held[p * K + static_cast<size_t>(x.item)] >= 0 || x.send_step > tau;
        }
      if (!waiting && !can_send) {
        r.ok = false;
        r.problem = "deadlock at step " + std::to_string(tau) + ": a processor waits for an item it never receives";
        return r;
      }
    }
  }
  for (auto d : r.delay) r.max_delay = std::max(r.max_delay, d);
  for (int b : r.buffer) r.max_buffer = std::max(r.max_buffer, b);
  return r;
}

namespace {

bool worse(const LatencyReplay& a, const LatencyReplay& b) {  // a at least as bad for the schedule as b
  if (!a.ok) return true;
  if (!b.ok) return false;
  return a.max_delay != b.max_delay ? a.max_delay > b.max_delay : a.completion >= b.completion;
}

// Subramonian and Venkatasubramanian 1993, Sec. 7's adversary, planned times: forwarded items late, the others timed to
// arrive with (or just before) the receiver's next forwarded item.
std::vector<int> adversary_start(const Schedule& plan, int lo, int hi) {
  const std::vector<char> prop = propagating_messages(plan);
  std::vector<std::vector<std::int64_t>> prop_arrivals(static_cast<size_t>(plan.P));
  for (size_t m = 0; m < plan.messages.size(); ++m)
    if (prop[m]) prop_arrivals[static_cast<size_t>(plan.messages[m].receiver)].push_back(plan.messages[m].send_step + hi);
  for (auto& v : prop_arrivals) std::sort(v.begin(), v.end());
  std::vector<int> lat;
  for (size_t m = 0; m < plan.messages.size(); ++m) {
    const Message& x = plan.messages[m];
    if (prop[m]) {
      lat.push_back(hi);
      continue;
    }
    const auto& v = prop_arrivals[static_cast<size_t>(x.receiver)];
    auto it = std::lower_bound(v.begin(), v.end(), static_cast<std::int64_t>(x.send_step) + lo);
    int l = lo;
    if (it != v.end()) l = static_cast<int>(std::clamp<std::int64_t>(*it - x.send_step, lo, hi));
    lat.push_back(l);
  }
  return lat;
}

}  // namespace

LatencyReplay replay(const Schedule& plan, const LatencyModel& model) {
  const int lo = std::max(1, plan.L - model.d), hi = plan.L + model.d;
  const size_t M = plan.messages.size();
  switch (model.kind) {
    case LatencyKind::fixed: return replay_with_latencies(plan, std::vector<int>(M, plan.L));
    case LatencyKind::random: {
      std::mt19937_64 rng(model.seed);
      std::uniform_int_distribution<int> dist(lo, hi);
      std::vector<int> lat(M);
      for (auto& l : lat) l = dist(rng);
      return replay_with_latencies(plan, lat);
    }
    case LatencyKind::adversary: {
      // Start from the better of the constructed attack and all-fixed, then local search.
      LatencyReplay best = replay_with_latencies(plan, adversary_start(plan, lo, hi), TieRule::propagating_last);
      LatencyReplay fixed = replay_with_latencies(plan, std::vector<int>(M, plan.L), TieRule::propagating_last);
      if (!worse(best, fixed)) best = fixed;
      if (M == 0 || lo == hi) return best;
      std::mt19937_64 rng(model.seed);
      std::uniform_int_distribution<size_t> pick(0, M - 1);
      std::uniform_int_distribution<int> dist(lo, hi);
      for (int start = 0; start < 20; ++start) {  // random starts, forwarded items last on ties
        std::vector<int> lat(M);
        for (auto& l : lat) l = dist(rng);
        LatencyReplay cand = replay_with_latencies(plan, lat, TieRule::propagating_last);
        if (worse(cand, best)) best = std::move(cand);
      }
      for (int it = 0; it < model.adversary_iterations && best.ok; ++it) {
        std::vector<int> lat = best.latency;
        for (int c = 0; c < 3; ++c) lat[pick(rng)] = dist(rng);
        LatencyReplay cand = replay_with_latencies(plan, lat, TieRule::propagating_last);
        if (worse(cand, best)) best = std::move(cand);
      }
      return best;
    }
  }
  return {};
}

}  // namespace blockcast
