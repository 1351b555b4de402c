// Independent postal-model checker for explicit schedules (SPEC Sec. 1-2; paper 000
// Sec. 3.1 correctness and non-interference rules). It knows nothing about blocks, words or
// assignments: it replays messages step by step, so a schedule that passes here is correct
// regardless of how it was produced.
//
// Rules: a message arrives exactly L steps after it is sent; a processor sends at most one
// and receives at most one message per step; it sends only an item it holds (the source
// holds item i from step i, others from the step they receive it, and may forward in that
// same step); every processor other than the source receives every item 0..k-1 exactly once.
#pragma once
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

// Stateful replay of one schedule; construct, then run().
class Simulator {
 public:
  explicit Simulator(const Schedule& s) : s_(s) {}
  SimulationResult run();

 private:
  void report(Rule rule, std::int64_t step, std::int64_t proc, std::int64_t item,
              const std::string& detail);
  void check_messages();
  void check_receptions();
  void check_sends();
  void check_coverage();

  const Schedule& s_;
  SimulationResult res_;
  // first reception step of (processor, item), -1 if none; processors 1..P-1 only.
  std::vector<std::int32_t> got_;
  std::vector<bool> valid_;  // message passed bad_message / latency checks
  std::int64_t horizon_ = 0;  // last step in the schedule
  std::int32_t& got(std::int64_t proc, std::int64_t item) {
    return got_[static_cast<size_t>((proc - 1) * s_.items + item)];
  }
};

inline SimulationResult simulate(const Schedule& s) { return Simulator(s).run(); }

}  // namespace blockcast
