// How a caller steers a run from outside (CaDiCaL's Terminator and its progress hooks): a cancel
// flag every search of the run polls, and a progress callback. Part of every request of the
// library (`control`), used alike by the CLI, the C++ API and Python (whose Ctrl-C sets the
// flag). Cancelling acts like reaching the deadline: the run stops soon and answers UNKNOWN
// with what it has, never IMPOSSIBLE.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace blockcast {

// What a run has done so far: `done` of `total` units of `what` ("cells", "L values", ...;
// total 0 = not counted), `seconds` since the run started.
struct Progress {
  std::string what;
  std::int64_t done = 0, total = 0;
  double seconds = 0;
};

struct RunControl {
  // Set to true from any thread to stop the run (nullptr: none). Must outlive the run.
  const std::atomic<bool>* cancel = nullptr;
  // Called by the run's own thread after each unit of work (empty: none); keep it cheap, it
  // runs inside the search. Runs without natural units report nothing.
  std::function<void(const Progress&)> progress;
};

namespace api {
using blockcast::Progress;
using blockcast::RunControl;
}  // namespace api

}  // namespace blockcast
