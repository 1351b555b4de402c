// The `simple-schedule` and `latency` runs (Subramonian and Venkatasubramanian 1993 Sec. 6-7): Subramonian and Venkatasubramanian's (1993) simple
// schedule against ours, and all of them under varying latency. "Ours" is the best
// block-cyclic continuous schedule the search finds for (L, P) (search/everyp/best_schedule.hpp:
// shape optimal when P-1 = f_t, ties otherwise, pruned when L + t is impossible); "simple" is
// engine/kitem/simple_schedule.hpp. Both are replayed by the buffered varying-latency model of
// engine/kitem/latency_model.hpp over a window of k items. reports/kbroadcast_latency.hpp
// renders the results.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kitem/latency_model.hpp"
#include "limits.hpp"
#include "schedule.hpp"

namespace blockcast {

struct SimpleRow {
  int L = 0;
  std::int64_t P = 0;
  int simple_formula = 0;       // L + B(P-1; L+1) (Subramonian and Venkatasubramanian 1993 Thm 6.1)
  std::int64_t simple_measured = -1;  // largest item delay, latency exactly L, buffered
  int simple_buffer = 0;        // largest receive buffer the replay needed
  std::string simple_problem;   // construction or replay failure ("" if none)
  int ours_delay = -1;          // best block-cyclic delay (-1: none found)
  std::string ours_shape;
  int lower_bound = 0;          // L + B(P-1)
};

// Every P in P0..P1; k items in the window (default enough for several periods). limits:
// time_limit per search of ours, deadline for the whole call (the P not reached are left out).
std::vector<SimpleRow> simple_vs_ours(int L, std::int64_t P0, std::int64_t P1, int k, const Limits& limits);

struct LatencyPoint {
  std::string schedule;   // "ours (optimal) P=10", "simple P=10"
  int d = 0;
  std::int64_t fixed_delay = 0;               // all latencies L
  double random_mean = 0;                     // mean over samples of the largest item delay
  std::int64_t random_max = 0, adversary = 0; // worst random draw; heuristic adversary
  int random_buffer = 0, adversary_buffer = 0;  // largest receive buffer seen
  std::int64_t adversary_completion = 0;
  std::vector<std::int64_t> adversary_item_delays;  // per item, in the adversary's replay
  std::vector<int> adversary_buffers;               // per processor 0..P-1, same replay
  bool ok = true;                             // no deadlock in any replay
};

struct LatencyStudy {
  int L = 0, k = 0, samples = 0;
  std::uint64_t seed = 1;
  std::vector<LatencyPoint> points;
  int not_reached = 0;  // P the deadline left out or cut short
};

// For every P in Ps: ours and simple, each for d = d0..d1. limits as in simple_vs_ours.
LatencyStudy latency_study(int L, const std::vector<std::int64_t>& Ps, int d0, int d1, int k, int samples,
                           std::uint64_t seed, const Limits& limits);

// One named schedule (plan) for the study: exposed for tests.
struct NamedPlan {
  std::string name;
  Schedule plan;
};
std::vector<NamedPlan> study_plans(int L, std::int64_t P, int k, const Limits& limits);

}  // namespace blockcast
