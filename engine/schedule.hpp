// Explicit postal-model broadcast schedules: every message of a window of k items
// (SPEC Sec. 2; Karp et al. 1993, Sec. 3.1, Fig. 2 "absolute addressing"). This is the form the
// independent simulator checks, so it carries no block/word structure at all.
// Fields are 32-bit: explicit schedules are bounded by kMaxScheduleEvents (engine/expand.hpp).
#pragma once
#include <cstdint>
#include <vector>

namespace blockcast {

struct Message {
  std::int32_t send_step = 0;
  std::int32_t recv_step = 0;  // send_step + L in a correct schedule
  std::int32_t sender = 0;     // processor 0 is the source
  std::int32_t receiver = 0;
  std::int32_t item = 0;       // item i is created at the source at step i
  friend bool operator==(const Message&, const Message&) = default;
};

struct Schedule {
  std::int64_t P = 0;               // processors including the source (ids 0..P-1)
  int L = 0;                        // latency: a message sent at s arrives at s + L
  std::int32_t items = 0;           // items 0..items-1 must reach processors 1..P-1
  std::int64_t expected_delay = 0;  // what the schedule claims (L + T); not a rule
  std::vector<Message> messages;    // ordered by send step, then sender
};

}  // namespace blockcast
