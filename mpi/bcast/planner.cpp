// The component's planner (planner.hpp) on blockcast's plan API (include/blockcast/plan.hpp):
// the root asks api::plan for the message's exact size (a second time with one transfer of
// headroom for a pipelined k-item plan, docs/mpi-component.md, "Headroom") and
// api::plan_schedule for the schedule every rank must follow; every rank reads the plan back (api::read_plan
// checks it) and computes its own program (api::plan_rank_program) for its root-relative rank.
#include "planner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

namespace blockcast::bcast {

namespace {

// The most segments a plan of the component may cut a message into (the plan's own cap is
// 4096). Each segment is a message, and a cost per message is what the LogGP fit does not
// see: in SMPI (docs/mpi-smpi.md, "Plan at the exact size") the plan's predictions for K = 128,
// 192, 256 and 384 at P = 16, 1 MiB lie within 3% of each other (164-168 us) and it picks
// K = 384, which simulates at 209 us against 170-173 us for K = 128..256, and whose thousands
// of concurrent small messages make the simulation several times slower in wall time.
constexpr std::int64_t kMaxSegments = 256;

// The network with one transfer of headroom for segments of `segment_bytes`: the latency of
// their range raised by their whole transfer D = o + s G + latency + o, so that the plan's L
// steps cover two transfers instead of one (docs/mpi-smpi.md, "8 MiB: where the time goes").
api::Network with_headroom(const api::Network& network, std::int64_t segment_bytes) {
  api::Network h = network;
  const api::NetworkRange r = network.range_for(segment_bytes);
  const double transfer = 2 * r.overhead + static_cast<double>(segment_bytes) * r.gap_per_byte + r.latency;
  if (r.from_bytes == 0) h.latency += transfer;  // the four fields: no range applies (ranges start at >= 1 byte)
  for (api::NetworkRange& x : h.ranges)
    if (x.from_bytes == r.from_bytes) x.latency += transfer;
  return h;
}

// Why headroom: in a pipelined k-item schedule whose step is the segment's time on the link
// (tau = o + s G), every non-root rank sends and receives one segment per step, so its link
// is saturated and a segment that arrives late (two transfers overlapping on a receiver's
// link) delays every later forward of that rank; the delays add up along the tree. A deeper L
// at the same tau lets each rank hold segments for one more transfer before it must forward
// them, which absorbs that lateness, at the price of the tail's extra steps (L + B(P-1) grows
// with L). Measured in SMPI at 8 MiB (P = 16: 1152.7 -> 1120.0 us; P = 64: 1249.9 ->
// 1193.7 us), so the component keeps the deeper plan when it costs no step time: the same
// family, K and tau, only L larger. Where L is at the plan's cap (small segments) the headroom
// would stretch tau instead, and the first plan stays.
api::Plan with_headroom_plan(const api::PlanRequest& request, const api::Plan& first, double seconds_left) {
  if (first.family != "kitem" || seconds_left <= 0) return first;
  api::PlanRequest deeper = request;
  deeper.network = with_headroom(request.network, first.segment_bytes);
  deeper.family = "kitem", deeper.time_limit = seconds_left;
  api::Plan p;
  try {
    p = api::plan(deeper);
  } catch (const std::exception&) {
    return first;  // no deeper schedule within the time left: the first plan is as good as measured before
  }
  const bool same_step = std::fabs(p.step_seconds - first.step_seconds) <= 1e-12 * first.step_seconds;
  if (p.segments != first.segments || !same_step || p.L <= first.L) return first;
  p.network = request.network;  // the real network travels with the plan (pacing, later plans)
  p.reason += " Planned with one transfer of headroom (L = " + std::to_string(p.L) + " instead of " +
              std::to_string(first.L) + " at the same K and tau).";
  return p;
}

}  // namespace

PlanTexts root_plan(std::int64_t P, std::int64_t bytes, const api::Network& network, double time_limit) {
  api::PlanRequest request;
  request.P = P, request.bytes = bytes, request.network = network;
  if (time_limit > 0) request.time_limit = time_limit;
  // Given a cap, the plan drops its own 256-byte floor on segments (docs/mpi-plan.md): keep it.
  request.max_segments = std::clamp<std::int64_t>(bytes / 256, 1, kMaxSegments);
  const auto start = std::chrono::steady_clock::now();
  const api::Plan first = api::plan(request);
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const api::Plan plan = with_headroom_plan(request, first, request.time_limit - spent);
  return {api::to_json(plan), api::plan_schedule(plan)};
}

api::Plan read_plan(const std::string& json) { return api::read_plan(json); }

api::RankProgram rank_program(const api::Plan& plan, const std::string& schedule, std::int64_t relative_rank) {
  return api::plan_rank_program(plan, schedule, relative_rank);
}

std::string describe(const api::Plan& plan) {
  std::ostringstream out;
  out << "blockcast_bcast: plan P=" << plan.P << " bytes=" << plan.bytes << " family=" << plan.family
      << " K=" << plan.segments << " L=" << plan.L << " predicted=" << plan.predicted_seconds << " s (network "
      << api::to_text(plan.network) << ")";
  return out.str();
}

}  // namespace blockcast::bcast
