// Request checks and the clock shared by the k-item runs (kitem_table_run, continuous_search_run,
// simple_schedule_run, latency_run, baselines_run): bad input is one line (InputError,
// exit 2 in the CLI, InvalidInput in the public API, ValueError in Python), the same in
// every face because the run checks it, not the face.
#pragma once
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "checked.hpp"

namespace blockcast {

// InputError unless time_limit is a number of seconds >= 0 (0 = none).
inline void require_time_limit(const std::string& run, double time_limit) {
  if (!(time_limit >= 0) || !std::isfinite(time_limit))
    throw InputError(run + ": time_limit must be a number of seconds >= 0, got " + std::to_string(time_limit));
}

// InputError unless lo <= r.first <= r.second <= hi; `what` names the range ("L", "P", "k").
inline void require_range(const std::string& run, const std::string& what, std::pair<std::int64_t, std::int64_t> r,
                          std::int64_t lo, std::int64_t hi) {
  if (r.first > r.second || r.first < lo || r.second > hi)
    throw InputError(run + ": " + what + " " + std::to_string(r.first) + ".." + std::to_string(r.second) +
                     " must be an ascending range within " + std::to_string(lo) + ".." + std::to_string(hi));
}

// Seconds since t0 (a result's `seconds`).
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace blockcast
