// The conjecture question as one run (request -> run -> result; Karp et al. 1993, Thm 3.3
// and 3.5; SPEC Sec. 7): certify a list of latencies L under one deadline for the whole call,
// each L by run_conjecture (conjecture.hpp) with its per-L tuning. The CLI runs the same
// per-L step (certify_latency) as units of cli/unit_runner.hpp (MPI ranks, --resume); the
// public library and Python call run_conjecture_range. The summary, text, certificate files
// and envelope are rendered by reports/conjecture_answer.hpp, so all three faces print the same.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "conjecture.hpp"
#include "outcome.hpp"

namespace blockcast {

inline constexpr int kMaxConjectureL = 1024;  // the largest L a run takes (the CLI's --L range says the same)

struct ConjectureRequest {
  std::vector<int> L;    // latencies, in the order certified
  SearchOptions search;  // threads, node limits, tuning; limits.time_limit is the
                         // deadline of the whole call, not of each search
  Method method = Method::complete;
  Shape shape = Shape::optimal;  // optimal or pruned
  std::uint64_t seed = 1;        // of the constructive methods
  int t_max = 0;                 // 0 = tuning.t_max_per_L * L
  int settle_tries = 0;          // tuning.settle_tries
  RunControl control;            // cancel flag; progress: each step's status line, done/total = L's finished
};

// InputError (one line): no L, an L outside 1..kMaxConjectureL, a shape other than optimal or
// pruned, an L the induction does not cover (check_latency: L = 1, L = 2 on the optimal tree).
void check_conjecture_request(const ConjectureRequest& q);
// The options every L shares, the call's deadline starting now.
ConjectureOptions conjecture_options(const ConjectureRequest& q);
// One L under those options, with its per-L tuning; `before_deadline` says whether it ended
// before the call's deadline (else the deadline may have cut it short: not a final answer).
struct LatencyResult {
  ConjectureResult result;
  bool before_deadline = true;
};
LatencyResult certify_latency(int L, const ConjectureOptions& common);

struct ConjectureRangeResult {
  Verdict verdict = Verdict::unknown;  // the worst over the L: UNKNOWN > IMPOSSIBLE > SOLVED
  std::string reason;                  // one line: how many L were certified, or what stopped them
  double seconds = 0;                  // measured, the whole call
  Method method = Method::complete;
  std::vector<ConjectureResult> latencies;  // one per requested L, in order
};

// Every L in order under one deadline (an L not reached is UNKNOWN, never IMPOSSIBLE).
ConjectureRangeResult run_conjecture_range(const ConjectureRequest& q);

}  // namespace blockcast
