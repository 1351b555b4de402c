// Public API (blockcast::api): the plan from a machine to the postal model. Given P, the
// message size and the network's LogGP parameters (Alexandrov, Ionescu, Schauser, Scheiman,
// SPAA 1995; or the alpha-beta pair, or a ping-pong calibration), choose the segment count K,
// the postal latency L one segment's transfer maps to, the schedule family, and predict the
// broadcast's time with the formula that gives it. Value types over the standard library only,
// so that the MPI component (include/blockcast/mpi.h) and Python use it as they are.
//
// The mapping (docs/mpi-plan.md; search/plan/loggp.hpp): a step lasts `step_seconds` = tau,
// long enough for one rank to send one segment of s bytes and receive one,
// tau_min = max(g, 2 o, o + s G); one segment's whole transfer takes D = o + s G + latency + o;
// for the postal latency L the step is tau = max(tau_min, D / L), so that L steps cover D and
// a segment sent at step i is usable at its receiver at step i + L. The plan tries every
// L = 1..ceil(D / tau_min) (at most 16) and a grid of K; a schedule of T steps takes T * tau.
// With a size-dependent network (Network::ranges) o, g, G and latency are those of the range
// of the segment size s.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <blockcast/control.hpp>
#include <blockcast/program.hpp>

namespace blockcast::api {

// LogGP parameters of the segments of at least `from_bytes` bytes, in seconds and bytes.
struct NetworkRange {
  std::int64_t from_bytes = 0;
  double latency = 0, overhead = 0, gap = 0, gap_per_byte = 0;  // as in Network
  friend bool operator==(const NetworkRange&, const NetworkRange&) = default;
};

// LogGP parameters, in seconds and bytes. The four fields are the network of every segment
// size, or, when `ranges` is not empty, of the segments below ranges[0].from_bytes: real
// networks (and MPI libraries, eager below a threshold, rendezvous above) have size-dependent
// costs, so each range holds the parameters from its from_bytes on (ascending, >= 1; the
// largest from_bytes <= s applies to a segment of s bytes). A constructor rather than an
// aggregate so that Network{latency, overhead, gap, gap_per_byte} stays what it was.
struct Network {
  double latency = 0;       // L of LogGP: the wire latency of one message
  double overhead = 0;      // o: processor time per message, at the sender and at the receiver
  double gap = 0;           // g: the least interval between two messages of one rank
  double gap_per_byte = 0;  // G: seconds per byte of a long message (1 / bandwidth)
  std::vector<NetworkRange> ranges;  // the ranges from 1 byte or more; empty: one range

  Network(double latency_ = 0, double overhead_ = 0, double gap_ = 0, double gap_per_byte_ = 0,
          std::vector<NetworkRange> ranges_ = {})
      : latency(latency_), overhead(overhead_), gap(gap_), gap_per_byte(gap_per_byte_), ranges(std::move(ranges_)) {}
  // The alpha-beta (Hockney) model: alpha = start-up latency, beta = seconds per byte.
  static Network alpha_beta(double alpha, double beta) { return {alpha, 0, 0, beta}; }
  // The parameters of a segment of `segment_bytes` bytes: the range with the largest
  // from_bytes <= segment_bytes (the four fields, from 0, when no range is).
  NetworkRange range_for(std::int64_t segment_bytes) const {
    NetworkRange r{0, latency, overhead, gap, gap_per_byte};
    for (const NetworkRange& x : ranges)
      if (x.from_bytes <= segment_bytes) r = x;
    return r;
  }
  friend bool operator==(const Network&, const Network&) = default;
};

// The text form of a network, as BLOCKCAST_NETWORK and `blockcast plan --network` take it:
// ranges separated by ';', each "key=value" pairs separated by ',' with the keys latency,
// overhead, gap, gap_per_byte (seconds; a key left out is 0) and, first, from=BYTES (the
// first range is from 0, so it has no from= or from=0; the others need from= ascending):
//   "latency=4.4e-6,gap_per_byte=1.41e-10;from=65536,latency=2.33e-5,gap_per_byte=1.063e-10"
// InvalidInput naming the bad piece on malformed text.
Network parse_network(const std::string& text);
// The same text for a network, the shortest that reads back exactly: parse_network(to_text(n)) == n.
std::string to_text(const Network& network);

struct PlanRequest {
  std::int64_t P = 0;      // ranks, the root included (P >= 1)
  std::int64_t bytes = 0;  // the message (>= 0)
  Network network;
  std::string family = "auto";     // "auto" or one family name (Plan::family) to force it
  std::int64_t max_segments = 0;   // 0: the plan's own cap
  double time_limit = 2;           // seconds for the whole call (schedule searches included)
  RunControl control;              // the caller's cancel flag (progress: none)
};

// One family considered, with its best (K, L) and its prediction.
struct PlanCandidate {
  std::string family;
  std::int64_t segments = 0;
  int L = 0;
  std::int64_t steps = 0;
  double step_seconds = 0;
  double predicted_seconds = 0;
};

struct Plan {
  std::int64_t P = 0, bytes = 0;
  std::int64_t segments = 1;       // K
  std::int64_t segment_bytes = 0;  // ceil(bytes / K); the last segment may be shorter
  int L = 1;                       // postal latency in steps
  double step_seconds = 0;         // tau
  // "circulant" (L = 1, Traff), "kitem" (L >= 2: the continuous schedule cut after K items,
  // or an endgame schedule of kbroadcast), "tree" (K = 1, the optimal postal tree), a
  // baseline ("binomial", "scatter-allgather", "chain", "split-binary", "two-tree") where it
  // wins, or "none" (P = 1 or bytes = 0: nothing is sent, 0 steps, segments = 0 or 1).
  std::string family;
  std::int64_t steps = 0;              // the schedule's time in steps (last reception)
  std::int64_t lower_bound_steps = 0;  // no K-item schedule at this L is faster
  double predicted_seconds = 0;        // steps * step_seconds
  std::string formula;                 // how predicted_seconds was computed, with numbers
  std::string reason;                  // why this family, K and L
  std::string verification;            // which checks the schedule passed
  std::vector<PlanCandidate> candidates;  // the best of every family considered, best first
  Network network;
  // plan_schedule's text, made by plan() when the family needs one (kitem); not part of
  // to_json (it can be large), so a plan read back by read_plan has it empty.
  std::string schedule;
};

// The plan for a request; blockcast::api::InvalidInput on bad input.
Plan plan(const PlanRequest& request);

// The plan's schedule as the rank that called plan() computed it (searches with time limits
// included), to send to the others so that every rank follows the same schedule: a compact
// text (the kitem family: the continuous assignment JSON to cut, or the explicit schedule
// JSON of an endgame schedule; empty where every rank computes its part alone: circulant,
// tree, baselines, none). For a plan without its schedule (read back from JSON) the cut is
// rebuilt; InvalidInput if that does not give the plan's steps.
std::string plan_schedule(const Plan& plan);
// One rank's program for the plan, in root-relative ranks (the root is rank 0) and with
// items = segments 0..K-1; `schedule` is plan_schedule's text. Only this rank is computed
// (the circulant: O(K + log P); baselines and the tree: their schedule is rebuilt, P*K <= 10^5).
// Deterministic given (plan, schedule). InvalidInput for a rank outside 0..P-1 or a schedule
// text that does not belong to the plan.
RankProgram plan_rank_program(const Plan& plan, const std::string& schedule, std::int64_t rank);

// JSON of a plan ({"format": "blockcast-plan", ...}) and back; read_plan throws
// InvalidInput on a document that is not a plan.
std::string to_json(const Plan& plan);
Plan read_plan(const std::string& json);

}  // namespace blockcast::api
