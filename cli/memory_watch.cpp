// --max-memory: the watcher thread and the clean stop (memory_watch.hpp).
#include "memory_watch.hpp"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

#include "checked.hpp"
#include "outcome.hpp"
#include "unit_runner.hpp"

namespace blockcast::cli {

namespace {
constexpr auto kPeriod = std::chrono::milliseconds(10);
constexpr double kStopAt = 0.9;  // of the limit: what is left covers the stop itself

std::string mib(std::int64_t bytes) { return std::to_string((bytes + (1 << 19)) >> 20) + " MiB"; }

void write_stdout(const std::string& text) {
  std::fflush(stdout);  // what the command printed before, in order
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t n = ::write(1, text.data() + at, text.size() - at);
    if (n <= 0) return;
    at += static_cast<std::size_t>(n);
  }
}
}  // namespace

std::int64_t resident_bytes() {
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[128] = {};
  const ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  long long size = 0, resident = 0;
  if (n <= 0 || std::sscanf(buf, "%lld %lld", &size, &resident) != 2) return 0;
  return resident * static_cast<std::int64_t>(::sysconf(_SC_PAGESIZE));
}

MemoryWatch::MemoryWatch(std::int64_t limit, Answer answer, std::function<void()> before_exit)
    : limit_(limit), answer_(std::move(answer)), before_exit_(std::move(before_exit)) {
  if (limit_ <= 0) return;
  if (under_mpirun()) throw InputError("--max-memory: not under mpirun (each rank has its own memory); run without it");
  thread_ = std::thread([this] { watch(); });
}

MemoryWatch::~MemoryWatch() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> l(wake_mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void MemoryWatch::watch() {
  const auto stop_at = static_cast<std::int64_t>(kStopAt * static_cast<double>(limit_));
  std::unique_lock<std::mutex> l(wake_mutex_);
  while (!wake_.wait_for(l, kPeriod, [this] { return done_; }))
    if (const std::int64_t r = resident_bytes(); r >= stop_at) stop(r);
}

void MemoryWatch::stop(std::int64_t resident) {
  std::lock_guard<std::mutex> hold(results_);  // no finished unit half-written
  std::vector<nlohmann::json> finished;
  for (auto& [u, s] : finished_) finished.push_back(s);
  const std::string reason = "memory limit: resident memory " + mib(resident) + " reached " +
                             std::to_string(static_cast<int>(kStopAt * 100)) + "% of --max-memory " + mib(limit_);
  write_stdout(answer_(reason, finished));
  if (before_exit_) before_exit_();
  std::_Exit(exit_code(Verdict::unknown));  // the other threads are mid-search: nothing to unwind
}

MemoryWatch::Answer unknown_answer(const Invocation& inv, const std::string& format, bool json) {
  return [command = inv.command_line, format, json](const std::string& reason, const std::vector<nlohmann::json>&) {
    if (!json) return "UNKNOWN: " + reason + "\n";
    return envelope_text(to_json(Outcome{format, Verdict::unknown, reason, std::nullopt, nlohmann::json(), {}}, command)) + "\n";
  };
}

}  // namespace blockcast::cli
