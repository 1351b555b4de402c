// --max-memory SIZE: a long command stops with UNKNOWN (exit 5) before
// its resident memory reaches SIZE, keeping what it finished, instead of being killed by the
// kernel's OOM killer with nothing said.
//
// How: a watcher thread reads the resident set size from /proc/self/statm every 10 ms. At
// 90% of the limit it takes the results lock (held by the unit runner while a finished
// unit's files, record and output are written, so nothing is left half-done), prints the
// command's answer for what is finished (text, or the JSON envelope with verdict UNKNOWN
// and the reason), releases the output folder's lock and ends the process with exit code 5.
// Finished units are already recorded (cli/unit_runner.hpp), so `--resume DIR` continues;
// the unit that was running is not recorded and is computed again.
//
// Why a watcher and not a budget check at unit boundaries: one unit can be the whole peak
// (one L of `table` to P = 10^6, one L of a large `conjecture`; `prove`, `fattree search`
// and `kbroadcast-table` have no units at all), so a check between units comes too late,
// and the searches inside a unit (constructive packings, simulator replays, SAT solves) do
// not all poll a cancel flag. Ending the process at a point where every finished result is
// on disk stops all of them at once. One allocation larger than the last 10% (a vector
// doubling past it) can still overshoot the limit: set SIZE with that margin in mind.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "render.hpp"

namespace blockcast::cli {

// Resident set size of this process in bytes (/proc/self/statm; 0 if unreadable).
std::int64_t resident_bytes();

class MemoryWatch {
 public:
  // What the command prints when it stops: `reason` is one line ("memory limit: ..."),
  // `finished` the summaries of the units finished so far, in unit order. The text goes to
  // stdout as it is.
  using Answer = std::function<std::string(const std::string& reason, const std::vector<nlohmann::json>& finished)>;

  // limit = 0: nothing is watched. Called by the rank that writes results; refused under
  // mpirun (InputError), where each rank has its own memory.
  MemoryWatch(std::int64_t limit, Answer answer, std::function<void()> before_exit = {});
  ~MemoryWatch();
  MemoryWatch(const MemoryWatch&) = delete;
  MemoryWatch& operator=(const MemoryWatch&) = delete;

  // Held while finished results are written and printed.
  std::unique_lock<std::mutex> hold() { return std::unique_lock<std::mutex>(results_); }
  // A finished unit's summary (call with hold() held).
  void finished(std::size_t unit, nlohmann::json summary) { finished_[unit] = std::move(summary); }

 private:
  void watch();
  [[noreturn]] void stop(std::int64_t resident);
  std::int64_t limit_;
  Answer answer_;
  std::function<void()> before_exit_;
  std::mutex results_, wake_mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::map<std::size_t, nlohmann::json> finished_;
  std::thread thread_;
};

// The answer of a command without units (prove, fattree search): "UNKNOWN: <reason>", or
// with --json the envelope of `format` with verdict UNKNOWN, the reason and no payload.
MemoryWatch::Answer unknown_answer(const Invocation& inv, const std::string& format, bool json);

}  // namespace blockcast::cli
