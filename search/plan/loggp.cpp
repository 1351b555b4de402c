// The LogGP-to-postal mapping (loggp.hpp; docs/mpi-plan.md, "Mapping").
#include "plan/loggp.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace blockcast {

double min_step_seconds(const api::Network& network, std::int64_t segment_bytes) {
  const api::NetworkRange n = network.range_for(segment_bytes);
  const double s = static_cast<double>(segment_bytes);
  return std::max({n.gap, 2 * n.overhead, n.overhead + s * n.gap_per_byte});
}

double transfer_seconds(const api::Network& network, std::int64_t segment_bytes) {
  const api::NetworkRange n = network.range_for(segment_bytes);
  return n.overhead + static_cast<double>(segment_bytes) * n.gap_per_byte + n.latency + n.overhead;
}

int max_useful_latency(const api::Network& n, std::int64_t segment_bytes) {
  const double tau = min_step_seconds(n, segment_bytes), d = transfer_seconds(n, segment_bytes);
  if (d <= 0) return 1;
  if (tau <= 0) return kMaxPlanLatency;
  return static_cast<int>(std::clamp(std::ceil(d / tau), 1.0, static_cast<double>(kMaxPlanLatency)));
}

double step_seconds(const api::Network& n, std::int64_t segment_bytes, int L) {
  return std::max(min_step_seconds(n, segment_bytes), transfer_seconds(n, segment_bytes) / L);
}

std::int64_t segment_size(std::int64_t bytes, std::int64_t K) { return bytes / K + (bytes % K != 0); }

std::vector<std::int64_t> segment_grid(std::int64_t bytes, std::int64_t max_segments) {
  std::int64_t cap = max_segments > 0 ? max_segments : std::min(kMaxPlanSegments, bytes / kMinSegmentBytes);
  cap = std::clamp<std::int64_t>(cap, 1, bytes);
  std::vector<std::int64_t> grid;
  auto add = [&](std::int64_t K) {
    if (K > cap) return;
    grid.push_back(segment_size(bytes, segment_size(bytes, K)));  // no empty segment
  };
  for (std::int64_t p = 1; p <= cap; p *= 2) {
    add(p);
    if (p >= 2) add(p + p / 2);
    if (p > cap / 2) break;
  }
  add(cap);
  std::sort(grid.begin(), grid.end());
  grid.erase(std::unique(grid.begin(), grid.end()), grid.end());
  return grid;
}

std::string seconds_text(double seconds) {
  struct Unit {
    double scale;
    const char* name;
  };
  const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
  char buf[64];
  if (seconds == 0 || !std::isfinite(seconds)) {
    std::snprintf(buf, sizeof buf, "%g s", seconds);
    return buf;
  }
  for (const Unit& u : units)
    if (std::fabs(seconds) >= u.scale || u.scale == 1e-9) {
      std::snprintf(buf, sizeof buf, "%.3g %s", seconds / u.scale, u.name);
      return buf;
    }
  return buf;
}

}  // namespace blockcast
