// Postal-model replay of an explicit schedule (see simulator.hpp; SPEC Sec. 1-2).
// Each rule is checked over the whole schedule in one sorted pass; among all violations the
// one with the smallest (step, rule, processor, item) is reported, which is the first one a
// step-by-step replay would meet (receptions of a step are applied before its sends, since
// a processor may forward an item in the step it arrives).
#include "simulator.hpp"

#include <algorithm>
#include <tuple>

namespace blockcast {

std::string rule_name(Rule r) {
  switch (r) {
    case Rule::bad_message: return "bad-message";
    case Rule::latency: return "latency";
    case Rule::receive_conflict: return "two-receives-in-one-step";
    case Rule::received_twice: return "received-twice";
    case Rule::send_conflict: return "two-sends-in-one-step";
    case Rule::not_held: return "sends-item-not-held";
    case Rule::not_received: return "not-received";
  }
  return "?";
}

bool SimulationResult::every_delay_expected() const {
  return std::all_of(delay.begin(), delay.end(), [&](std::int64_t d) { return d == expected_delay; });
}

void Simulator::report(Rule rule, std::int64_t step, std::int64_t proc, std::int64_t item,
                       const std::string& detail) {
  if (!res_.ok && std::tie(res_.violation.step, res_.violation.rule, res_.violation.processor,
                           res_.violation.item) <= std::tie(step, rule, proc, item))
    return;
  res_.ok = false;
  std::string text = rule_name(rule);
  text += " at step " + std::to_string(step) + ", processor " + std::to_string(proc);
  text += ", item " + std::to_string(item) + ": " + detail;
  res_.violation = {rule, step, proc, item, std::move(text)};
}

void Simulator::check_messages() {
  const auto& ms = s_.messages;
  valid_.assign(ms.size(), false);
  for (size_t n = 0; n < ms.size(); ++n) {
    const Message& m = ms[n];
    auto in_range = [&](std::int64_t p) { return p >= 0 && p < s_.P; };
    if (!in_range(m.sender) || !in_range(m.receiver) || m.receiver == 0 || m.item < 0 ||
        m.item >= s_.items || m.send_step < 0 || m.recv_step < 0) {
      report(Rule::bad_message, m.send_step, m.sender, m.item,
             "message " + std::to_string(m.sender) + " -> " + std::to_string(m.receiver) +
                 " is outside processors 1.." + std::to_string(s_.P - 1) + ", items 0.." +
                 std::to_string(s_.items - 1) + " or non-negative steps");
      continue;
    }
    valid_[n] = true;
    horizon_ = std::max<std::int64_t>(horizon_, m.recv_step);
    if (m.recv_step != static_cast<std::int64_t>(m.send_step) + s_.L)
      report(Rule::latency, m.send_step, m.sender, m.item,
             "sent at step " + std::to_string(m.send_step) + " but received by processor " +
                 std::to_string(m.receiver) + " at step " + std::to_string(m.recv_step) +
                 " (L=" + std::to_string(s_.L) + ")");
  }
}

void Simulator::check_receptions() {
  const auto& ms = s_.messages;
  std::vector<size_t> order;
  for (size_t n = 0; n < ms.size(); ++n)
    if (valid_[n]) order.push_back(n);
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return std::tie(ms[x].recv_step, ms[x].receiver, x) < std::tie(ms[y].recv_step, ms[y].receiver, y);
  });
  for (size_t k = 0; k < order.size(); ++k) {
    const Message& m = ms[order[k]];
    if (k > 0 && ms[order[k - 1]].recv_step == m.recv_step &&
        ms[order[k - 1]].receiver == m.receiver)
      report(Rule::receive_conflict, m.recv_step, m.receiver, m.item,
             "also receives item " + std::to_string(ms[order[k - 1]].item) + " in this step");
    std::int32_t& first = got(m.receiver, m.item);
    if (first >= 0)
      report(Rule::received_twice, m.recv_step, m.receiver, m.item,
             "already received at step " + std::to_string(first));
    else
      first = m.recv_step;
    auto& d = res_.delay[static_cast<size_t>(m.item)];
    d = std::max<std::int64_t>(d, m.recv_step - static_cast<std::int64_t>(m.item));
  }
}

void Simulator::check_sends() {
  const auto& ms = s_.messages;
  std::vector<size_t> order;
  for (size_t n = 0; n < ms.size(); ++n)
    if (valid_[n]) order.push_back(n);
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return std::tie(ms[x].send_step, ms[x].sender, x) < std::tie(ms[y].send_step, ms[y].sender, y);
  });
  for (size_t k = 0; k < order.size(); ++k) {
    const Message& m = ms[order[k]];
    if (k > 0 && ms[order[k - 1]].send_step == m.send_step && ms[order[k - 1]].sender == m.sender)
      report(Rule::send_conflict, m.send_step, m.sender, m.item,
             "also sends item " + std::to_string(ms[order[k - 1]].item) + " in this step");
    const std::int64_t since = m.sender == 0 ? m.item : got(m.sender, m.item);
    if (since < 0 || since > m.send_step)
      report(Rule::not_held, m.send_step, m.sender, m.item,
             since < 0 ? std::string("never receives the item it sends")
                       : "sends the item before receiving it at step " + std::to_string(since));
  }
}

void Simulator::check_coverage() {
  for (std::int64_t p = 1; p < s_.P; ++p)
    for (std::int64_t i = 0; i < s_.items; ++i)
      if (got(p, i) < 0) {
        report(Rule::not_received, horizon_, p, i,
               "never receives the item (schedule ends at step " + std::to_string(horizon_) + ")");
        return;  // later ones cannot come first: same step, same rule, larger (p, i)
      }
}

SimulationResult Simulator::run() {
  res_ = SimulationResult{};
  res_.expected_delay = s_.expected_delay;
  res_.messages = static_cast<std::int64_t>(s_.messages.size());
  res_.delay.assign(static_cast<size_t>(std::max<std::int32_t>(s_.items, 0)), -1);
  got_.assign(static_cast<size_t>(std::max<std::int64_t>(s_.P - 1, 0) * s_.items), -1);
  check_messages();
  check_receptions();
  check_sends();
  check_coverage();
  for (auto d : res_.delay) res_.max_delay = std::max(res_.max_delay, d);
  return res_;
}

}  // namespace blockcast
