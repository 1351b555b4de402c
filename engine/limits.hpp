// Stop conditions of a search (Gecode's Stop objects): node limit, wall-clock limit and a
// cancel flag shared by all workers. Hitting any of them makes the verdict UNKNOWN, never
// IMPOSSIBLE.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>

namespace blockcast {

// The one limit type of every search: the complete searches count nodes, the SAT solver
// conflicts; both watch the wall clock and an optional cancel flag.
struct Limits {
  std::int64_t max_nodes = 0;                 // 0 = unlimited
  double time_limit = 0;                      // seconds of wall clock, 0 = unlimited
  std::int64_t conflicts = 0;                 // SAT: 0 = unlimited
  const std::atomic<bool>* cancel = nullptr;  // SAT: set to true from anywhere to stop
};

// Shared by the workers of one search; cheap to poll.
class Stop {
 public:
  explicit Stop(Limits l) : limits_(l), start_(std::chrono::steady_clock::now()) {}
  // Count `n` nodes and say whether the search must stop.
  bool tick(std::int64_t n = 1) {
    std::int64_t total = nodes_.fetch_add(n, std::memory_order_relaxed) + n;
    if (limits_.max_nodes > 0 && total > limits_.max_nodes) hit_.store(true);
    if (limits_.time_limit > 0 && (total & 1023) < n && seconds() > limits_.time_limit) hit_.store(true);
    return stopped();
  }
  bool stopped() const { return hit_.load(std::memory_order_relaxed) || cancel_.load(std::memory_order_relaxed); }
  bool limit_hit() const { return hit_.load(); }
  void cancel() { cancel_.store(true); }  // e.g. another worker found a solution
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::int64_t nodes() const { return nodes_.load(); }

 private:
  Limits limits_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::int64_t> nodes_{0};
  std::atomic<bool> hit_{false}, cancel_{false};
};

}  // namespace blockcast
