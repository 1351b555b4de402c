// ProgressLine line on stderr (see progress.hpp). "\r" returns to the start of the line and
// "\x1b[K" clears the rest, so shorter texts do not leave debris behind.
#include "progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace blockcast::cli {

namespace {
std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

ProgressLine::ProgressLine() : ProgressLine(std::cerr, ::isatty(2) != 0) {}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, std::chrono::milliseconds interval)
    : out_(out), enabled_(enabled), interval_(interval) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(const std::string& text) {
  if (!enabled_) return;
  const std::int64_t t = now_ns();
  if (t < next_ns_.load(std::memory_order_relaxed)) return;
  std::unique_lock lock(mu_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  if (t < next_ns_.load(std::memory_order_relaxed)) return;  // another thread just printed
  next_ns_.store(t + std::chrono::duration_cast<std::chrono::nanoseconds>(interval_).count(),
                 std::memory_order_relaxed);
  out_ << "\r" << text << "\x1b[K" << std::flush;
  shown_ = true;
  written_.fetch_add(1);
}

void ProgressLine::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mu_);
  if (shown_) out_ << "\r\x1b[K" << std::flush;
  shown_ = false;
  next_ns_.store(0);
}

std::string ticker_text(const std::string& what, double seconds, double time_limit) {
  char buf[64];
  if (time_limit > 0)
    std::snprintf(buf, sizeof buf, ", %.0f s of %g s", seconds, time_limit);
  else
    std::snprintf(buf, sizeof buf, ", %.0f s", seconds);
  return what + buf;
}

Ticker::Ticker(ProgressLine& progress, std::string what, double time_limit, std::chrono::milliseconds every)
    : progress_(progress), time_limit_(time_limit), every_(every), start_(std::chrono::steady_clock::now()), what_(std::move(what)) {
  if (progress_.enabled()) thread_ = std::thread([this] { run(); });
}

Ticker::~Ticker() { stop(); }

void Ticker::stop() {
  if (thread_.joinable()) {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  progress_.finish();
}

void Ticker::set(std::string what) {
  std::lock_guard lock(mu_);
  what_ = std::move(what);
}

void Ticker::run() {
  std::unique_lock lock(mu_);
  while (!wake_.wait_for(lock, every_, [this] { return stop_; })) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    progress_.update(ticker_text(what_, s, time_limit_));
  }
}

}  // namespace blockcast::cli
