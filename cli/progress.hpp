// The progress line on stderr (anything that can run longer than 2 s shows
// progress when stderr is a terminal). One line, rewritten in place with "\r" at most every
// `interval`, cleared at the end; nothing at all when stderr is not a terminal, so logs,
// pipes and tests see the same bytes as before. Engines never print: they report through a
// callback in their options (e.g. ConjectureOptions::progress), which the command points at
// a ProgressLine; a run without such a callback gets a Ticker, which shows what the command is
// doing and the seconds elapsed (of the time limit, if any).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

namespace blockcast::cli {

class ProgressLine {
 public:
  // Enabled iff stderr is a terminal (isatty(2)).
  ProgressLine();
  // For tests: explicit target and switch (a fake terminal); `interval` is the minimum time
  // between lines.
  ProgressLine(std::ostream& out, bool enabled, std::chrono::milliseconds interval = std::chrono::milliseconds(200));
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  // Replace the line with `text` if the last update is older than the interval. Safe to call
  // from several threads: a caller that finds another one printing simply skips.
  void update(const std::string& text);
  // Clear the line (if anything was shown); the next update starts a new line at once.
  // Call it before printing to stdout while a line may be shown. Idempotent.
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

// "<what>, 3 s" (or "<what>, 3 s of 10 s" with a time limit) on `progress` every `every`
// (the first after one `every`, so quick commands show nothing), from a thread of its own,
// until destroyed; then the line is cleared. No thread when the progress line is disabled.
class Ticker {
 public:
  Ticker(ProgressLine& progress, std::string what, double time_limit = 0,
         std::chrono::milliseconds every = std::chrono::milliseconds(1000));
  ~Ticker();
  Ticker(const Ticker&) = delete;
  Ticker& operator=(const Ticker&) = delete;
  void set(std::string what);  // what the command is doing now
  void stop();                 // end the thread and clear the line (before printing results); idempotent

 private:
  void run();
  ProgressLine& progress_;
  double time_limit_;
  std::chrono::milliseconds every_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::string what_;
  bool stop_ = false;
  std::thread thread_;
};

// The text a Ticker shows: "<what>, 3 s" or "<what>, 3 s of 10 s" (time_limit > 0).
std::string ticker_text(const std::string& what, double seconds, double time_limit);

}  // namespace blockcast::cli
