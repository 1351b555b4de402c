// libFuzzer harness: assignment JSON (engine/assignment_json.*, docs/assignment-format.md)
// as `blockcast check` and `simulate` use it: read, symbolic check, and for small legal
// assignments expansion plus the postal-model replay. A written assignment must read back
// as itself (to_json round trip). The same input goes through the reader of every schedule
// command (engine/schedule_json.hpp): explicit schedules are replayed when small, and a
// written explicit schedule reads back as itself.
#include <cstdint>

#include "assignment_json.hpp"
#include "expand.hpp"
#include "fuzz_common.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

using namespace blockcast;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = fuzz::as_file(data, size, ".json");
  fuzz::expect_input_errors([&] {
    const Assignment a = read_assignment_file(path);
    const nlohmann::json j = to_json(a);
    if (to_json(assignment_from_json(j)) != j) __builtin_trap();  // round trip lost something
    if (check_assignment(claimed_instance(a), a)) return;          // rejected: exit code 1
    if (a.P <= 64 && a.delay() <= 64) simulate(expand_assignment(a, 2 * a.delay() + 1));
  });
  fuzz::expect_input_errors([&] {
    const ScheduleInput in = read_schedule_input(path, "fuzz");
    if (!in.explicit_) return;
    const Schedule& s = *in.explicit_;
    if (explicit_schedule_from_json(to_json(s), "round trip").messages != s.messages) __builtin_trap();
    if (s.messages.size() <= 4096) simulate(first_items(s, 0, path));
  });
  return 0;
}
