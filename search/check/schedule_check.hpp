// The `check` and `simulate` runs (request -> run -> result; docs/architecture.md): a schedule
// document blockcast wrote, checked as its form allows. A block-cyclic assignment goes
// through the symbolic checker (SPEC Sec. 4) and, when items are asked for, is expanded and
// replayed by the independent postal-model simulator (SPEC Sec. 1-2); an explicit schedule is
// replayed; a circulant schedule too large to list is rebuilt from (P, k) and checked
// structurally (search/kitem/schedules.hpp circulant_entry, as kbroadcast checks it); a
// periodic schedule's pattern is checked for every item (engine/periodic_schedule.hpp) and a
// window of items replayed.
// The CLI and the public library call this run alike; reports/check.hpp renders the result.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "assignment.hpp"
#include "outcome.hpp"
#include "schedule_json.hpp"

namespace blockcast {

enum class CheckMode {
  check,     // `check`: an assignment symbolically; an explicit schedule by replay
  simulate,  // `simulate`: every schedule replayed; an assignment needs items (k > 0)
};

struct ScheduleCheckRequest {
  ScheduleInput input;    // the parsed document (engine/schedule_json.hpp)
  std::int64_t k = 0;     // items: 0 = the file's own (explicit) or none (assignment, check mode)
  CheckMode mode = CheckMode::check;
  std::string where = "the schedule";  // names the input in messages (a file name)
};

// What was checked and what it showed. verdict: accepted or rejected (a rejection's reason
// is the first broken rule, `rule` its family: "symbolic", "circulant", or the simulator's).
struct ScheduleCheck {
  Verdict verdict = Verdict::rejected;
  std::string reason;
  std::string rule;
  double seconds = 0;
  std::string format;    // the document's format ("blockcast-assignment", ...)
  enum class Form { assignment, explicit_, circulant, periodic } form = Form::assignment;
  std::optional<Assignment> assignment;  // Form::assignment: the checked assignment
  int L = 0;
  std::int64_t P = 0;
  std::int64_t items = 0;  // items replayed (0: none)
  bool simulated = false;  // the simulator replayed the items
  std::int64_t messages = 0, max_delay = 0;
  std::int64_t time = 0;            // last reception step of the replay (a k-item schedule's time)
  std::int64_t expected_delay = 0;  // the delay the document claims (0: none)
  bool every_delay_expected = false;
  std::string checks;  // Form::circulant: which checks ran
};

// InputError (one line) for a request that cannot be answered: simulate of an assignment
// without k, more items than an explicit schedule holds, a circulant beyond kMaxCirculantP.
ScheduleCheck run_schedule_check(const ScheduleCheckRequest& request);

// The explicit schedule of a document for the commands that work on messages (export,
// reception, traffic): an assignment after the symbolic check, expanded to k items (k > 0
// required); an explicit schedule as it is (its first k items if k > 0); a periodic schedule
// after its pattern check, expanded to k items (0: periodic_window). Each is replayed
// by the simulator first. InputError naming `where` when a check fails: these commands
// never print an unchecked schedule.
Schedule verified_schedule(const ScheduleInput& input, i64 k, const std::string& where);

}  // namespace blockcast
