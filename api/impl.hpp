// The state behind the public API's value types (include/blockcast/blockcast.hpp) and the
// translation of the engine's errors into the API's. Internal to api/.
#pragma once
#include <blockcast/blockcast.hpp>
#include <optional>
#include <utility>

#include "assignment.hpp"
#include "checked.hpp"
#include "everyp/solve_run.hpp"
#include "schedule.hpp"

namespace blockcast::api {

struct ContinuousSchedule::Impl {
  SolveAnswer answer;  // the solve run's answer; answer.block_cyclic.witness is the checked schedule
};

struct KItemSchedule::Impl {
  int L = 0;
  std::int64_t P = 0, k = 0, time = 0, lower_bound = 0;
  std::string method, verification;
  Verdict verdict = Verdict::unknown;  // the k-item run's (search/kitem/kitem_run.hpp)
  std::string reason, report_json;
  double seconds = 0;
  bool found = false, optimal = false;
  std::optional<Schedule> listed;       // every message (simulated before it was kept)
  std::optional<Assignment> continuous;  // or: this continuous schedule cut after k items
  bool circulant = false;                // or: the L = 1 circulant schedule (engine/kitem/circulant_rank.hpp)
};

// Runs f, turning the engine's InputError into InvalidInput (same one-line message). A count
// that overflows 64 bits (f_t for a P near 2^63) is a request too large to answer: bad input,
// as the CLI says with exit 2.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return std::forward<F>(f)();
  } catch (const InputError& e) {
    throw InvalidInput(e.what());
  } catch (const OverflowError& e) {
    throw InvalidInput(e.what());
  }
}

}  // namespace blockcast::api
