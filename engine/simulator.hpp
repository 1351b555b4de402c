// Independent postal-model checker for explicit schedules (SPEC Sec. 1-2; Karp et al. 1993
// Sec. 3.1 correctness and non-interference rules). It knows nothing about blocks, words or
// assignments: it replays messages step by step, so a schedule that passes here is correct
// regardless of how it was produced.
//
// Rules: a message arrives exactly L steps after it is sent; a processor sends at most one
// and receives at most one message per step; it sends only an item it holds (the source
// holds item i from step i, others from the step they receive it, and may forward in that
// same step); every processor other than the source receives every item 0..k-1 exactly once.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

// In the order used to break ties between violations at the same step.
enum class Rule {
  bad_message,       // processor or item id out of range, negative step, source as receiver
  latency,           // recv_step != send_step + L
  receive_conflict,  // two receptions by one processor in one step
  received_twice,    // a processor receives an item it already received
  send_conflict,     // two sends by one processor in one step
  not_held,          // sender does not hold the item at the send step
  not_received,      // a processor never receives an item
};
std::string rule_name(Rule r);  // short kebab-case name, e.g. "received-twice"

struct Violation {
  Rule rule = Rule::bad_message;
  std::int64_t step = 0;
  std::int64_t processor = 0;
  std::int64_t item = 0;
  std::string text;  // one line naming rule, step, processor and item
};

struct SimulationResult {
  bool ok = true;
  Violation violation;             // the first one by (step, rule); meaningful iff !ok
  std::vector<std::int64_t> delay;  // per item: last reception step - i (-1: nobody got it)
  std::int64_t max_delay = 0;
  std::int64_t messages = 0;
  std::int64_t expected_delay = 0;  // copied from the schedule
  bool every_delay_expected() const;  // all delays equal expected_delay
};

// How run() walks the messages; both check every rule on every message and report the same
// violation. single_pass (automatic's first choice): one fused pass in message order, valid
// when L >= 1 and every message is in range, has recv_step = send_step + L and comes in
// non-decreasing send step (what expand_assignment produces); the first message breaking
// that abandons it for general: one pass per rule family, ordering messages by step itself.
enum class ReplayPath { automatic, general };

// Stateful replay of one schedule; construct, then run().
class Simulator {
 public:
  explicit Simulator(const Schedule& s, ReplayPath path = ReplayPath::automatic) : s_(s), path_(path) {}
  SimulationResult run();

  // Incremental single pass for messages produced in order and never stored (engine/
  // replay.hpp): the schedule given to the constructor supplies P, L, items and
  // expected_delay, its message list is ignored. feed() each batch in order, then finish().
  // feed() returns false once a message leaves the single-pass shape; finish() is then
  // nullopt and the stored schedule must be replayed with run() instead.
  bool feed(const std::vector<Message>& batch);
  std::optional<SimulationResult> finish();

 private:
  struct Last {  // a processor's latest send (or reception) step and its item
    std::int32_t step = -1;  // none yet: steps of the single pass are >= 0
    std::int32_t item = 0;
  };
  struct Pass {  // state of the single pass between batches
    bool started = false, in_shape = true;
    std::int32_t prev = 0;  // send step of the last message
    std::int64_t messages = 0;
    std::vector<Last> sent, received;
  };
  void report(Rule rule, std::int64_t step, std::int64_t proc, std::int64_t item,
              const std::string& detail);
  void reset();
  void start_pass();
  bool pass_over(const Message* ms, size_t n);
  SimulationResult conclude();
  void check_messages();
  void check_receptions();
  void check_sends();
  void check_coverage();
  bool too_few_messages();
  std::string not_held_text(std::int64_t proc, std::int64_t item);

  const Schedule& s_;
  ReplayPath path_;
  Pass pass_;
  SimulationResult res_;
  // first reception step of (processor, item), -1 if none; processors 1..P-1 only. Item
  // major: at one step most receptions concern a few items (the lower-case letters), and
  // equal blocks forward the same item from neighbouring processors, so the rows in use
  // stay in cache (processor major was a cache miss per message).
  std::vector<std::int32_t> got_;
  std::vector<bool> valid_;  // message passed bad_message / latency checks
  std::int64_t horizon_ = 0;  // last step in the schedule
  std::int32_t& got(std::int64_t proc, std::int64_t item) {
    return got_[static_cast<size_t>(item * (s_.P - 1) + proc - 1)];
  }
};

inline SimulationResult simulate(const Schedule& s, ReplayPath path = ReplayPath::automatic) {
  return Simulator(s, path).run();
}

}  // namespace blockcast
