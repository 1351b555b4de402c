// Streaming postal-model replay with memory O(P + L P), independent of the number of items
//. It checks schedules too large to store: a generator hands it the
// messages of one send step at a time, in step order, and nothing is kept beyond a step.
// Written independently of every schedule construction (it knows messages only) and of
// engine/simulator.cpp (which needs a P x k table); SPEC Sec. 1-2.
//
// Rules (as engine/simulator.hpp): a message arrives exactly L steps after it is sent; a
// processor sends at most one and receives at most one message per step; it sends only an
// item it holds (the source holds item i from step i, others from the step they receive it,
// and may forward in that same step); every processor other than the source receives every
// item 0..items-1 exactly once.
//
// Held items per processor are a sliding window: `low` (every item below it is held) and a
// 64-bit mask of items low..low+63. A reception at low + 64 or later cannot be recorded; the
// replay then stops with rule "window" — a limit of this checker, not a verdict on the
// schedule (the circulant schedule stays within 2 ceil(log2 P) <= 62 items for P < 2^31).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

struct StreamResult {
  bool ok = true;
  std::string violation;       // first violation found (rule name first), empty if ok
  std::int64_t messages = 0;   // messages fed
  std::int64_t last_step = 0;  // last reception step (the schedule's time)
};

class StreamSimulator {
 public:
  // InputError unless P >= 2, L >= 1, items >= 1.
  StreamSimulator(std::int64_t P, int L, std::int64_t items);
  // The messages sent at `send_step`, any order among themselves; steps must not decrease
  // from one call to the next. Returns false once a violation was found (later calls are
  // ignored).
  bool feed(std::int64_t send_step, const Message* ms, std::size_t n);
  bool feed(std::int64_t send_step, const std::vector<Message>& ms) { return feed(send_step, ms.data(), ms.size()); }
  // Applies the receptions still in flight and checks that everybody holds every item.
  StreamResult finish();

 private:
  struct Pending {
    std::int32_t receiver, item;
    std::int64_t step;  // arrival step
  };
  void arrive_until(std::int64_t step);  // applies every reception with arrival step <= step
  bool holds(std::int64_t p, std::int64_t item, std::int64_t step) const;
  void fail(const std::string& rule, std::int64_t step, std::int64_t p, std::int64_t item, const std::string& why);

  std::int64_t P_, items_;
  int L_;
  std::int64_t prev_step_ = -1;
  std::vector<std::int32_t> low_;        // per processor: every item < low_ is held
  std::vector<std::uint64_t> window_;    // bit b: item low_ + b is held
  std::vector<std::int64_t> last_send_, last_recv_;
  std::vector<Pending> pending_;         // receptions in flight, by arrival step
  std::size_t pending_head_ = 0;
  StreamResult res_;
};

}  // namespace blockcast
