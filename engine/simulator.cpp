// Postal-model replay of an explicit schedule (see simulator.hpp; SPEC Sec. 1-2).
// Among all violations the one with the smallest (step, rule, processor, item) is reported,
// which is the first one a step-by-step replay would meet (receptions of a step are applied
// before its sends, since a processor may forward an item in the step it arrives).
// Two ways to visit the messages, both linear for a schedule ordered by send step:
//  - single pass: when messages come by send step with recv = send + L (L >= 1), message
//    order is also reception order, and every reception at a step <= s comes from a message
//    sent before s. So one pass in message order applies each rule exactly as a step-by-step
//    replay would; a message that breaks this shape ends the pass and the general path runs.
//  - general: bad messages and latency first, then receptions in (recv step, index) order,
//    then sends in (send step, index) order (counting sort or stable sort when unordered).
// Violations of one rule are met in the same order on both paths, so equal keys keep the
// same text; "not held" texts name the first reception step, known only at the end.
#include "simulator.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
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

namespace {

std::string violation_text(Rule rule, std::int64_t step, std::int64_t proc, std::int64_t item,
                           const std::string& detail) {
  std::string text = rule_name(rule);
  text += " at step " + std::to_string(step) + ", processor " + std::to_string(proc);
  return text + ", item " + std::to_string(item) + ": " + detail;
}

}  // namespace

void Simulator::report(Rule rule, std::int64_t step, std::int64_t proc, std::int64_t item,
                       const std::string& detail) {
  if (!res_.ok && std::tie(res_.violation.step, res_.violation.rule, res_.violation.processor,
                           res_.violation.item) <= std::tie(step, rule, proc, item))
    return;
  res_.ok = false;
  res_.violation = {rule, step, proc, item, violation_text(rule, step, proc, item, detail)};
}

std::string Simulator::not_held_text(std::int64_t proc, std::int64_t item) {
  const std::int64_t since = proc == 0 ? item : got(proc, item);
  return since < 0 ? std::string("never receives the item it sends")
                   : "sends the item before receiving it at step " + std::to_string(since);
}

void Simulator::reset() {
  res_ = SimulationResult{};
  res_.expected_delay = s_.expected_delay;
  res_.messages = static_cast<std::int64_t>(s_.messages.size());
  res_.delay.assign(static_cast<size_t>(std::max<std::int32_t>(s_.items, 0)), -1);
  got_.assign(static_cast<size_t>(std::max<std::int64_t>(s_.P - 1, 0) * s_.items), -1);
  valid_.clear();
  horizon_ = 0;
}

void Simulator::start_pass() {
  reset();
  pass_ = Pass{};
  pass_.in_shape = s_.L >= 1;
  if (!pass_.in_shape) return;
  pass_.sent.assign(static_cast<size_t>(s_.P), Last{});
  pass_.received.assign(static_cast<size_t>(s_.P), Last{});
}

bool Simulator::pass_over(const Message* ms, size_t n) {
  if (!pass_.in_shape) return false;
  const std::int64_t P = s_.P, items = s_.items, L = s_.L;
  Last* sent = pass_.sent.data();
  Last* received = pass_.received.data();
  std::int32_t* got = got_.data();
  std::int64_t* delay = res_.delay.data();
  std::int32_t prev = pass_.prev;
  for (const Message* e = ms + n; ms != e; ++ms) {
    const Message& m = *ms;
    if (m.sender < 0 || m.sender >= P || m.receiver < 1 || m.receiver >= P || m.item < 0 || m.item >= items ||
        m.send_step < prev || m.recv_step != static_cast<std::int64_t>(m.send_step) + L)
      return pass_.in_shape = false;
    prev = m.send_step;
    // Sends of step s: the holder's first reception, if any, is final by now (later
    // receptions arrive at s + L or later); if none yet, not_held holds either way.
    Last& ls = sent[m.sender];
    if (ls.step == m.send_step)
      report(Rule::send_conflict, m.send_step, m.sender, m.item, "also sends item " + std::to_string(ls.item) + " in this step");
    ls = {m.send_step, m.item};
    const std::int64_t since = m.sender == 0 ? m.item : got[m.item * (P - 1) + m.sender - 1];
    if (since < 0 || since > m.send_step) report(Rule::not_held, m.send_step, m.sender, m.item, std::string());
    // Receptions at s + L, in (recv step, index) order.
    Last& lr = received[m.receiver];
    if (lr.step == m.recv_step)
      report(Rule::receive_conflict, m.recv_step, m.receiver, m.item, "also receives item " + std::to_string(lr.item) + " in this step");
    lr = {m.recv_step, m.item};
    std::int32_t& first = got[m.item * (P - 1) + m.receiver - 1];
    if (first >= 0)
      report(Rule::received_twice, m.recv_step, m.receiver, m.item, "already received at step " + std::to_string(first));
    else
      first = m.recv_step;
    delay[m.item] = std::max<std::int64_t>(delay[m.item], m.recv_step - static_cast<std::int64_t>(m.item));
  }
  pass_.prev = prev;
  pass_.messages += static_cast<std::int64_t>(n);
  if (n) horizon_ = ms[-1].recv_step;
  return true;
}

bool Simulator::feed(const std::vector<Message>& batch) {
  if (!pass_.started) start_pass(), pass_.started = true;
  return pass_over(batch.data(), batch.size());
}

std::optional<SimulationResult> Simulator::finish() {
  if (!pass_.started) start_pass(), pass_.started = true;
  if (!pass_.in_shape) return std::nullopt;
  res_.messages = pass_.messages;
  return conclude();
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

namespace {

// Valid messages in the order (step(m), index): already so for a schedule sorted by send
// step (what expand_assignment produces), else a stable counting sort by step, or a
// stable sort when the steps are too spread out for buckets. Within one step the
// per-processor pairing below sees a processor's messages in index order, exactly as a
// sort by (step, processor, index) would, so the reported violation does not depend on
// which path ran.
template <class StepOf>
std::vector<std::uint32_t> step_order(const std::vector<Message>& ms, const std::vector<bool>& valid, StepOf step_of) {
  std::vector<std::uint32_t> order;
  order.reserve(ms.size());
  bool sorted = true;
  std::int64_t lo = INT64_MAX, hi = INT64_MIN, prev = INT64_MIN;
  for (size_t n = 0; n < ms.size(); ++n) {
    if (!valid[n]) continue;
    const std::int64_t s = step_of(ms[n]);
    sorted = sorted && s >= prev;
    prev = s, lo = std::min(lo, s), hi = std::max(hi, s);
    order.push_back(static_cast<std::uint32_t>(n));
  }
  if (sorted) return order;
  if (hi - lo > 4 * static_cast<std::int64_t>(order.size()) + 1024) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t x, std::uint32_t y) { return step_of(ms[x]) < step_of(ms[y]); });
    return order;
  }
  std::vector<std::uint32_t> start(static_cast<size_t>(hi - lo + 2), 0), out(order.size());
  for (auto n : order) ++start[static_cast<size_t>(step_of(ms[n]) - lo + 1)];
  for (size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  for (auto n : order) out[start[static_cast<size_t>(step_of(ms[n]) - lo)]++] = n;
  return out;
}

}  // namespace

void Simulator::check_receptions() {
  const auto& ms = s_.messages;
  const auto order = step_order(ms, valid_, [](const Message& m) { return static_cast<std::int64_t>(m.recv_step); });
  // Per receiver: the step and item of its latest reception (pairs for receive_conflict).
  std::vector<std::int64_t> last_step(static_cast<size_t>(s_.P), INT64_MIN);
  std::vector<std::int32_t> last_item(static_cast<size_t>(s_.P), 0);
  for (auto n : order) {
    const Message& m = ms[n];
    auto& ls = last_step[static_cast<size_t>(m.receiver)];
    auto& li = last_item[static_cast<size_t>(m.receiver)];
    if (ls == m.recv_step)
      report(Rule::receive_conflict, m.recv_step, m.receiver, m.item,
             "also receives item " + std::to_string(li) + " in this step");
    ls = m.recv_step, li = m.item;
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
  const auto order = step_order(ms, valid_, [](const Message& m) { return static_cast<std::int64_t>(m.send_step); });
  std::vector<std::int64_t> last_step(static_cast<size_t>(s_.P), INT64_MIN);
  std::vector<std::int32_t> last_item(static_cast<size_t>(s_.P), 0);
  for (auto n : order) {
    const Message& m = ms[n];
    auto& ls = last_step[static_cast<size_t>(m.sender)];
    auto& li = last_item[static_cast<size_t>(m.sender)];
    if (ls == m.send_step)
      report(Rule::send_conflict, m.send_step, m.sender, m.item,
             "also sends item " + std::to_string(li) + " in this step");
    ls = m.send_step, li = m.item;
    const std::int64_t since = m.sender == 0 ? m.item : got(m.sender, m.item);
    if (since < 0 || since > m.send_step) report(Rule::not_held, m.send_step, m.sender, m.item, std::string());
  }
}

void Simulator::check_coverage() {
  // Only the smallest (p, i) can be reported (same step, same rule for all of them); a
  // linear scan first, since nearly always nothing is missing.
  if (std::find(got_.begin(), got_.end(), -1) == got_.end()) return;
  for (std::int64_t p = 1; p < s_.P; ++p)
    for (std::int64_t i = 0; i < s_.items; ++i)
      if (got(p, i) < 0) {
        report(Rule::not_received, horizon_, p, i,
               "never receives the item (schedule ends at step " + std::to_string(horizon_) + ")");
        return;
      }
}

SimulationResult Simulator::conclude() {
  check_coverage();
  if (!res_.ok && res_.violation.rule == Rule::not_held) {
    Violation& v = res_.violation;
    v.text = violation_text(v.rule, v.step, v.processor, v.item, not_held_text(v.processor, v.item));
  }
  for (auto d : res_.delay) res_.max_delay = std::max(res_.max_delay, d);
  return res_;
}

// A broadcast makes (P-1) x items receptions. A file that lists fewer messages cannot be
// complete, and when (P-1) x items is large the replay's tables would be the only thing of
// that size (fuzz_kitem_schedule: a 311-byte k-item file naming P = 611,111,111 took 24 GB
// in `check` before the kernel killed it). Then the first missing reception, in the order
// check_coverage reports it, is found from the messages alone and nothing is replayed.
bool Simulator::too_few_messages() {
  constexpr std::int64_t kTableEntries = std::int64_t{1} << 26;  // got_: 256 MiB
  const std::int64_t P = s_.P, items = s_.items;
  if (P < 2 || items < 1) return false;
  const std::int64_t need = (P - 1) * items;  // the readers bound P and items by 2^30
  if (need <= kTableEntries || static_cast<std::int64_t>(s_.messages.size()) >= need) return false;
  std::vector<std::pair<std::int64_t, std::int64_t>> have;  // (processor, item) received
  std::int64_t horizon = 0;
  for (const Message& m : s_.messages) {
    horizon = std::max<std::int64_t>(horizon, m.recv_step);
    if (m.receiver >= 1 && m.receiver < P && m.item >= 0 && m.item < items) have.emplace_back(m.receiver, m.item);
  }
  std::sort(have.begin(), have.end());
  have.erase(std::unique(have.begin(), have.end()), have.end());
  std::pair<std::int64_t, std::int64_t> first{1, 0};  // processor-major, as check_coverage
  for (const auto& h : have) {
    if (h != first) break;
    if (++first.second == items) first = {first.first + 1, 0};
  }
  res_ = SimulationResult{};
  res_.expected_delay = s_.expected_delay;
  res_.messages = static_cast<std::int64_t>(s_.messages.size());
  report(Rule::not_received, horizon, first.first, first.second,
         "never receives the item (" + std::to_string(res_.messages) + " messages for " + std::to_string(P - 1) +
             " x " + std::to_string(items) + " receptions; not replayed)");
  return true;
}

SimulationResult Simulator::run() {
  if (too_few_messages()) return res_;
  bool done = false;
  if (path_ == ReplayPath::automatic) {
    start_pass();
    done = pass_over(s_.messages.data(), s_.messages.size());
  }
  if (!done) {
    reset();
    check_messages();
    check_receptions();
    check_sends();
  }
  pass_ = Pass{};
  return conclude();
}

}  // namespace blockcast
