// The plan run (plan_run.hpp; docs/mpi-plan.md): enumeration of (family, K, L), the choice,
// and the schedule of the choice built and checked.
#include "plan/plan_run.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "kitem/bounds.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "plan/families.hpp"
#include "plan/loggp.hpp"
#include "plan/network_text.hpp"
#include "plan/plan_build.hpp"

namespace blockcast {

namespace {

using api::Plan;
using api::PlanCandidate;
using api::PlanRequest;

void require_seconds(const char* name, double v) {
  if (!std::isfinite(v) || v < 0)
    throw InputError(std::string(name) + " must be a finite number of seconds >= 0, got " + std::to_string(v));
}

// Candidates compare by prediction, then steps, K, L and the family order (circulant first).
std::tuple<double, std::int64_t, std::int64_t, int, std::ptrdiff_t> rank_key(const PlanCandidate& c) {
  const auto& f = plan_families();
  return {c.predicted_seconds, c.steps, c.segments, c.L, std::find(f.begin(), f.end(), c.family) - f.begin()};
}
bool better(const PlanCandidate& a, const PlanCandidate& b) { return rank_key(a) < rank_key(b); }

struct Enumeration {
  std::vector<PlanCandidate> best;    // one per family that applies, best first
  std::int64_t points = 0;            // (family, K, L) points predicted
  std::int64_t baseline_skipped = 0;  // baseline points left out (P*K cap or work bound)
  bool deadline = false;              // the call's deadline stopped the enumeration
};

// The steps of one (family, L, K) point; nullopt where the family does not apply or a
// baseline is left out (above kMaxPlanBaselineCells, past the family's work bound
// kMaxPlanBaselineWork counted in `work`, or past the deadline).
std::optional<std::int64_t> point_steps(const std::string& f, int L, std::int64_t P, std::int64_t K,
                                        const Limits& baseline_limits, std::int64_t& work, Enumeration& e) {
  if (baseline_index(f) < 0) return closed_form_steps(f, L, P, K);
  if (P > kMaxPlanBaselineCells / K || work + P * K > kMaxPlanBaselineWork || baseline_limits.expired()) {
    ++e.baseline_skipped;
    e.deadline = e.deadline || baseline_limits.expired();
    return std::nullopt;
  }
  work += P * K;
  return baseline_steps(f, L, P, K);
}

Enumeration enumerate(const PlanRequest& r, const std::vector<std::string>& families, const Limits& limits) {
  Enumeration e;
  // Baselines are simulated: a quarter of the time limit at most, so the build keeps the rest.
  const Limits baseline_limits = with_deadline_in(limits, r.time_limit / 4);
  const std::vector<std::int64_t> grid = segment_grid(r.bytes, r.max_segments);
  for (const std::string& f : families) {
    std::optional<PlanCandidate> best;
    std::int64_t work = 0;  // this family's baseline cells simulated
    for (const std::int64_t K : grid) {
      const std::int64_t s = segment_size(r.bytes, K);
      for (int L = 1; L <= max_useful_latency(r.network, s); ++L) {
        const auto steps = point_steps(f, L, r.P, K, baseline_limits, work, e);
        if (!steps) continue;
        ++e.points;
        const double tau = step_seconds(r.network, s, L);
        const PlanCandidate c{f, K, L, *steps, tau, static_cast<double>(*steps) * tau};
        if (!best || better(c, *best)) best = c;
      }
    }
    if (best) e.best.push_back(*best);
  }
  std::sort(e.best.begin(), e.best.end(), better);
  return e;
}

Plan trivial_plan(const PlanRequest& r) {
  Plan p;
  p.P = r.P, p.bytes = r.bytes, p.network = r.network;
  p.segments = r.bytes > 0 ? 1 : 0, p.segment_bytes = r.bytes;
  p.L = 1, p.family = "none";
  p.formula = "predicted = 0 s: nothing is sent";
  p.reason = r.P == 1 ? "P = 1: the root is the only rank" : "bytes = 0: the message is empty";
  p.verification = "no schedule: no message";
  return p;
}

std::string formula(const Plan& p, const BuiltSchedule& b) {
  const std::int64_t s = p.segment_bytes;
  const api::NetworkRange n = p.network.range_for(s);
  const std::string closed = closed_form_text(p.family, p.L, p.P, p.segments);
  std::string steps = "T = " + std::to_string(p.steps);
  if (b.method == "cut" || b.method == "circulant" || b.method == "tree")
    steps = "T = " + (closed.empty() ? std::to_string(p.steps) : closed);
  else
    steps += " (" + b.method + " schedule, simulated" + (closed.empty() ? "" : "; the cut gives " + closed) + ")";
  if (p.family == "kitem" && b.method == "cut" && p.steps != *closed_form_steps("kitem", p.L, p.P, p.segments))
    steps = "T = delay + K - 1 = " + std::to_string(p.steps) + " (the continuous schedule is above L + B(P-1))";
  return "predicted = T * tau = " + std::to_string(p.steps) + " * " + seconds_text(p.step_seconds) + " = " +
         seconds_text(p.predicted_seconds) + "; " + steps + "; tau = max(g, 2o, o + s G, D / L) = max(" +
         seconds_text(n.gap) + ", " + seconds_text(2 * n.overhead) + ", " +
         seconds_text(n.overhead + static_cast<double>(s) * n.gap_per_byte) + ", " +
         seconds_text(transfer_seconds(p.network, s)) + " / " + std::to_string(p.L) +
         "); D = o + s G + latency + o; s = " + std::to_string(s) + " bytes, K = " + std::to_string(p.segments) +
         (p.network.ranges.empty() ? "" : "; the network's range from " + std::to_string(n.from_bytes) + " bytes");
}

std::string candidate_text(const PlanCandidate& c) {
  return c.family + " (K = " + std::to_string(c.segments) + ", L = " + std::to_string(c.L) + ", " +
         std::to_string(c.steps) + " steps) at " + seconds_text(c.predicted_seconds);
}

}  // namespace

void check_plan_request(const PlanRequest& r) {
  if (r.P < 1) throw InputError("P must be >= 1 (ranks including the root), got " + std::to_string(r.P));
  if (r.P > kMaxCirculantP)
    throw InputError("P must be <= " + std::to_string(kMaxCirculantP) + ", got " + std::to_string(r.P));
  if (r.bytes < 0) throw InputError("bytes must be >= 0, got " + std::to_string(r.bytes));
  check_network(r.network);
  require_seconds("time_limit", r.time_limit);
  if (r.max_segments < 0)
    throw InputError("max_segments must be >= 0 (0: the plan's own cap), got " + std::to_string(r.max_segments));
  if (r.family != "auto" && !is_plan_family(r.family)) {
    std::string names = "auto";
    for (const auto& f : plan_families()) names += ", " + f;
    throw InputError("family '" + r.family + "' is not one of " + names);
  }
}

api::Plan run_plan(const PlanRequest& r) {
  check_plan_request(r);
  if (r.P == 1 || r.bytes == 0) return trivial_plan(r);
  const Limits limits = run_limits(r.control, r.time_limit);
  const std::vector<std::string> families = r.family == "auto" ? plan_families() : std::vector<std::string>{r.family};
  Enumeration e = enumerate(r, families, limits);
  if (e.best.empty())
    throw InputError("family " + r.family +
                     " applies to no (K, L) of this request (circulant: L = 1; kitem: L >= 2 and K >= 2, "
                     "which needs a transfer longer than one step; tree: K = 1; baselines: P*K <= " +
                     std::to_string(kMaxPlanBaselineCells) + ")");
  std::string notes;
  std::optional<std::pair<PlanCandidate, BuiltSchedule>> chosen;
  for (size_t i = 0; i < e.best.size() && i < 4; ++i) {
    const PlanCandidate c = e.best[i];
    if (chosen && !better(c, chosen->first)) break;  // the next prediction cannot beat what was built
    try {
      BuiltSchedule b = build_schedule(c.family, c.L, r.P, c.segments, limits);
      PlanCandidate real = c;
      real.steps = b.steps, real.predicted_seconds = static_cast<double>(b.steps) * c.step_seconds;
      e.best[i] = real;
      if (!chosen || better(real, chosen->first)) chosen = std::make_pair(real, std::move(b));
    } catch (const std::logic_error&) {
      throw;  // a rejected schedule is a bug, never a fallback
    } catch (const std::exception& x) {
      notes += " " + candidate_text(c) + " could not be built (" + x.what() + "), so the next candidate was taken.";
      if (r.family != "auto") throw InputError("family " + r.family + ": " + x.what());
    }
  }
  if (!chosen) throw std::runtime_error("no schedule could be built within the time limit:" + notes);
  std::sort(e.best.begin(), e.best.end(), better);
  const auto& [c, b] = *chosen;
  Plan p;
  p.P = r.P, p.bytes = r.bytes, p.network = r.network, p.candidates = e.best;
  p.family = c.family, p.segments = c.segments, p.segment_bytes = segment_size(r.bytes, c.segments), p.L = c.L;
  p.step_seconds = c.step_seconds, p.steps = c.steps, p.predicted_seconds = c.predicted_seconds;
  p.lower_bound_steps = kitem_lower_bound(c.L, r.P, c.segments);
  p.schedule = b.schedule, p.verification = b.verification;
  p.formula = formula(p, b);
  p.reason =
      (r.family == "auto" ? "the smallest predicted time over "
                          : "the smallest predicted time of family " + r.family + " over ") +
      std::to_string(e.points) + " (family, K, L) points" +
      (e.best.size() > 1 ? "; runner-up " + candidate_text(e.best[0].family == c.family ? e.best[1] : e.best[0]) : "") +
      "; " +
      (p.steps == p.lower_bound_steps
           ? "the schedule meets the K-item lower bound at this L"
           : std::to_string(p.steps - p.lower_bound_steps) + (p.steps - p.lower_bound_steps == 1 ? " step" : " steps") +
                 " above the K-item lower bound at this L") +
      "." + notes + (b.note.empty() ? "" : " " + b.note + ".") +
      (e.baseline_skipped > 0 ? " Baselines were simulated only for P*K <= " + std::to_string(kMaxPlanBaselineCells) +
                                    " and " + std::to_string(kMaxPlanBaselineWork) + " cells per family" +
                                    (e.deadline ? ", and a quarter of the time limit stopped them" : "") + " (" +
                                    std::to_string(e.baseline_skipped) + " points left out)."
                              : "");
  return p;
}

std::string plan_schedule_text(const api::Plan& p) {
  if (!p.schedule.empty() || p.family != "kitem") return p.schedule;
  // A plan read back from JSON: the cut is deterministic given the continuous schedule.
  const BestSchedule best = best_continuous(p.L, p.P, with_deadline_in(Limits{}, 10));
  if (best.witness && best.witness->delay() + p.segments - 1 == p.steps) return to_json(*best.witness).dump();
  throw InputError("plan_schedule: the plan holds no schedule and the cut rebuilt does not take its " +
                   std::to_string(p.steps) + " steps (an endgame schedule); use the plan that plan() returned");
}

}  // namespace blockcast
