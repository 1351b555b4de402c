// libFuzzer harness: the fat-tree side's input checks (Dimakopoulos and Dimopoulos 1995; engine/fattree): the
// capacities text and n (make_tree), operation names (parse_op), and arbitrary schedules
// (injections, multicast lists, explicit timings, required deliveries) through
// schedule_error and the link-level simulator in FIFO and queue-free mode. A schedule the
// checks accept must simulate without crashing; steps are kept small so that a long run
// means a hang, not a long schedule.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>

#include "fattree/schedule.hpp"
#include "fattree/simulator.hpp"
#include "fattree/tree.hpp"
#include "fuzz_common.hpp"

using namespace blockcast;
using namespace blockcast::fattree;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  fuzz::expect_input_errors([&] { parse_op(in.ConsumeRandomLengthString(24)); });
  const std::int64_t n = in.ConsumeBool() ? std::int64_t{1} << in.ConsumeIntegralInRange(1, 5)
                                          : in.ConsumeIntegralInRange<std::int64_t>(-3, 70);
  const std::string caps = in.ConsumeRandomLengthString(32);
  const auto leaf = [&] { return in.ConsumeIntegralInRange<std::int32_t>(-3, static_cast<std::int32_t>(n) + 1); };
  Schedule S;
  for (int k = in.ConsumeIntegralInRange(0, 3); k > 0; --k) {
    S.lists.emplace_back();
    for (int i = in.ConsumeIntegralInRange(0, 8); i > 0; --i) S.lists.back().push_back(leaf());
  }
  const bool timed = in.ConsumeBool();
  for (int k = in.ConsumeIntegralInRange(0, 40); k > 0; --k) {
    Injection j;
    j.step = in.ConsumeIntegralInRange<std::int64_t>(-1, 60);
    j.src = leaf();
    j.dst = leaf();
    j.list = in.ConsumeIntegralInRange<std::int32_t>(-1, 3);
    j.payload = in.ConsumeIntegralInRange<std::int64_t>(-1, 2 * n * n + 2);
    S.injections.push_back(j);
    if (timed) {
      S.timings.emplace_back();
      for (int h = in.ConsumeIntegralInRange(0, 12); h > 0; --h)
        S.timings.back().push_back(in.ConsumeIntegralInRange<std::int64_t>(-1, 80));
    }
  }
  for (int k = in.ConsumeIntegralInRange(0, 40); k > 0; --k)
    S.required.push_back({leaf(), leaf(), in.ConsumeIntegralInRange<std::int64_t>(-1, 2 * n * n + 2)});
  SimOptions opt;
  opt.queue_free = in.ConsumeBool();
  opt.trace = in.ConsumeBool();
  fuzz::expect_input_errors([&] {
    const FatTree T = make_tree(n, caps);
    const SimResult R = simulate(T, S, opt);
    if (R.ok && !schedule_error(T, S).empty()) __builtin_trap();  // accepted what the checks reject
  });
  return 0;
}
