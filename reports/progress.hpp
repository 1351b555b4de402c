// A one-line progress indicator on stderr for long commands (e.g. the conjecture search).
// It writes only when stderr is a terminal, so logs and pipes stay clean, and at most about
// five times per second, so calling update() from a hot loop is cheap. Safe to call from
// several threads: a caller that finds another one printing simply skips.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>

namespace blockcast {

class Progress {
 public:
  // Enabled iff stderr is a terminal (isatty(2)).
  Progress();
  // For tests: explicit target and switch; `interval` is the minimum time between lines.
  Progress(std::ostream& out, bool enabled, std::chrono::milliseconds interval = std::chrono::milliseconds(200));
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  // Replace the line with `text` if the last update is older than the interval.
  void update(const std::string& text);
  // Clear the line (if anything was shown); later updates start a new line. Idempotent.
  void finish();
  std::int64_t lines_written() const { return written_.load(); }

 private:
  std::ostream& out_;
  bool enabled_;
  std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::atomic<std::int64_t> next_ns_{0};  // steady_clock time before which updates are dropped
  std::atomic<std::int64_t> written_{0};
  bool shown_ = false;
};

}  // namespace blockcast
