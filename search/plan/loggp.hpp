// The LogGP-to-postal mapping of the plan (docs/mpi-plan.md, "Mapping"), in one place as free
// functions. LogGP is Alexandrov, Ionescu, Schauser, Scheiman (SPAA 1995); the postal model is
// Bar-Noy and Kipnis (1992): a message sent at step i is usable at its receiver at step i + L.
//
// A step must let every rank send one segment of s bytes and receive one, because the
// schedules the plan runs (circulant, k-item, baselines) have ranks that do both in the same
// step. Per step a rank therefore spends o on its send and o on its receive (2 o of CPU), its
// send occupies the sender from its overhead to the end of injection (o + s G), and two sends
// are at least g apart: tau_min = max(g, 2 o, o + s G). One segment's whole transfer, from
// the start of the send to the end of the receive, takes D = o + s G + latency + o. With a
// postal latency L the step is stretched to tau = max(tau_min, D / L) so that L steps cover D;
// L beyond ceil(D / tau_min) only adds steps (tau cannot go below tau_min), so the useful L
// are 1..ceil(D / tau_min), capped at kMaxPlanLatency.
#pragma once
#include <blockcast/plan.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace blockcast {

inline constexpr int kMaxPlanLatency = 16;
// Segments below this size are not tried unless --max-segments asks for them: the model has
// no per-message cost beyond o, and with o = 0 it would call tiny segments free.
inline constexpr std::int64_t kMinSegmentBytes = 256;
// The plan's own cap on K.
inline constexpr std::int64_t kMaxPlanSegments = 4096;

// Each takes o, g, G and latency of the segment's range (api::Network::range_for(s)).
// tau_min = max(g, 2 o, o + s G).
double min_step_seconds(const api::Network& n, std::int64_t segment_bytes);
// D = o + s G + latency + o.
double transfer_seconds(const api::Network& n, std::int64_t segment_bytes);
// ceil(D / tau_min) in 1..kMaxPlanLatency (kMaxPlanLatency when tau_min = 0 < D; 1 when D = 0).
int max_useful_latency(const api::Network& n, std::int64_t segment_bytes);
// tau(L) = max(tau_min, D / L).
double step_seconds(const api::Network& n, std::int64_t segment_bytes, int L);

// ceil(bytes / K): the size of every segment but the last (bytes >= 1, K >= 1).
std::int64_t segment_size(std::int64_t bytes, std::int64_t K);
// The K tried: 1, 2, 3, 4, 6, 8, 12, ... (powers of two and 1.5 times them) and the cap
// itself, where the cap is max_segments (> 0) or min(kMaxPlanSegments, bytes / kMinSegmentBytes),
// never above bytes; each K is replaced by ceil(bytes / ceil(bytes / K)) so that no segment is
// empty. Ascending, distinct, never empty (bytes >= 1).
std::vector<std::int64_t> segment_grid(std::int64_t bytes, std::int64_t max_segments);

// "4.3 us", "1.12 ms", "0 s": three significant digits.
std::string seconds_text(double seconds);

}  // namespace blockcast
