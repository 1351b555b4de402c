// Building, checking and distributing the plan's schedule (plan_build.hpp).
#include "plan/plan_build.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "assignment_json.hpp"
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"
#include "kitem/circulant.hpp"
#include "kitem/circulant_check.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/schedules.hpp"
#include "kitem/single_item.hpp"
#include "kitem/stream_simulator.hpp"
#include "per_rank.hpp"
#include "plan/families.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

// Streaming replay speed assumed when deciding whether it fits the deadline (docs/benchmarks.md:
// >= 10^7 message events per second); the replay runs only if it needs under half the time left.
constexpr double kReplayEventsPerSecond = 1e7;

BuiltSchedule build_circulant(std::int64_t P, std::int64_t K, const Limits& limits) {
  const CirculantSchedule c = circulant_implicit(P, K);
  if (auto bad = check_circulant_phase(c.phase)) throw std::logic_error("circulant schedule rejected: " + *bad);
  BuiltSchedule b;
  b.method = "circulant", b.steps = c.time();
  b.verification = "structurally checked (one phase of the circulant schedule proves every item)";
  const double events = static_cast<double>(P) * static_cast<double>(K);
  if (events / kReplayEventsPerSecond > limits.seconds_left() / 2) {
    b.note = "the streaming replay of P*K = " + std::to_string(P * K) + " events did not fit the time limit";
    return b;
  }
  StreamSimulator sim(P, 1, K);
  std::vector<std::uint8_t> has_last(static_cast<size_t>(P), 0);
  std::vector<Message> batch;
  for (std::int64_t step = 0; step < c.time(); ++step) {
    circulant_step_messages(c, step, has_last, batch);
    if (!sim.feed(step, batch)) break;
  }
  const StreamResult r = sim.finish();
  if (!r.ok || r.messages != c.messages() || r.last_step != c.time())
    throw std::logic_error("circulant schedule rejected by the streaming replay: " + r.violation);
  b.verification += "; replayed by the streaming simulator (" + std::to_string(r.messages) + " messages)";
  return b;
}

// An explicit schedule replayed by the independent simulator.
BuiltSchedule build_explicit(const std::string& method, const Schedule& s) {
  const SimulationResult r = simulate(s);
  if (!r.ok) throw std::logic_error(method + " schedule rejected by the simulator: " + r.violation.text);
  BuiltSchedule b;
  b.method = method, b.steps = last_reception(s);
  b.verification = "replayed by the independent postal-model simulator (" + std::to_string(r.messages) + " messages)";
  return b;
}

BuiltSchedule build_kitem(int L, std::int64_t P, std::int64_t K, const Limits& limits) {
  const BestSchedule best = best_continuous(L, P, limits);
  if (!best.witness)
    throw std::runtime_error("no continuous schedule for L=" + std::to_string(L) + " P=" + std::to_string(P) +
                             " to cut: " + best.reason);
  const Assignment& a = *best.witness;
  BuiltSchedule b;
  b.method = "cut", b.steps = a.delay() + K - 1;
  b.schedule = to_json(a).dump();
  b.verification = "the continuous schedule passed the symbolic checker (" + best.verification + ")";
  if ((P - 1) > kMaxPlanListedMessages / K) {
    b.note = "no endgame tried: (P-1)*K = " + std::to_string((P - 1) * K) + " messages exceed " +
             std::to_string(kMaxPlanListedMessages) + " (the cut is sent instead of a message list)";
    return b;
  }
  if (limits.expired()) {
    b.note = "no endgame tried: the time limit was reached";
    return b;
  }
  // The endgames may take half of what is left (20 s without a time limit, as kbroadcast's
  // default), so that a fallback still fits the deadline.
  const Limits each = sub_budget(limits, limits.has_deadline() ? limits.seconds_left() / 2 : 20);
  const KItemSchedules ks = kitem_schedules(a, K, each);
  const KItemSchedule& e = ks.best();
  if (!e.simulated_ok) throw std::logic_error("k-item schedule rejected by the simulator: " + e.violation);
  b.verification += "; the " + e.name + " schedule replayed by the independent simulator (" +
                    std::to_string(e.schedule.messages.size()) + " messages)";
  if (ks.time_limit_hit) b.note = "the time limit stopped the endgame search";
  if (e.name != "cut" && e.time < b.steps) {
    b.method = e.name, b.steps = e.time;
    Schedule s = e.schedule;
    s.expected_delay = 0;  // endgame items have their own delays; the claim is `steps`
    b.schedule = to_json(s).dump();
  }
  return b;
}

}  // namespace

BuiltSchedule build_schedule(const std::string& family, int L, std::int64_t P, std::int64_t K, const Limits& limits) {
  if (family == "circulant") return build_circulant(P, K, limits);
  if (family == "kitem") return build_kitem(L, P, K, limits);
  if (family == "tree") return build_explicit("tree", single_item_schedule(L, P));
  const int i = baseline_index(family);
  if (i < 0) throw InputError("unknown family '" + family + "'");
  if (P > kMaxPlanBaselineCells / K)
    throw InputError(family + ": P*K = " + std::to_string(P * K) + " is above " +
                     std::to_string(kMaxPlanBaselineCells));
  return build_explicit(family, baseline_schedule(baselines()[static_cast<size_t>(i)].kind, L, P, K));
}

namespace {

// The kitem family's program from the schedule text (assignment to cut, or explicit list).
api::RankProgram kitem_program(const api::Plan& p, const std::string& schedule, std::int64_t rank) {
  if (schedule.empty()) throw InputError("plan_rank_program: the kitem family needs plan_schedule's text, got none");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(schedule);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("plan_rank_program: the schedule text is not JSON: ") + e.what());
  }
  const ScheduleInput in = schedule_from_json(j, "the plan's schedule", "plan_rank_program");
  if (in.assignment) {
    const Assignment& a = *in.assignment;
    if (a.L != p.L || a.P != p.P || a.delay() + p.segments - 1 != p.steps)
      throw InputError("plan_rank_program: the schedule text (L=" + std::to_string(a.L) + ", P=" + std::to_string(a.P) +
                       ") does not belong to this plan");
    return assignment_program(a, rank, p.segments);
  }
  if (!in.explicit_) throw InputError("plan_rank_program: the schedule text holds no k-item schedule");
  const Schedule& s = *in.explicit_;
  if (s.L != p.L || s.P != p.P || s.items != p.segments || last_reception(s) != p.steps)
    throw InputError("plan_rank_program: the explicit schedule (L=" + std::to_string(s.L) + ", P=" +
                     std::to_string(s.P) + ", items=" + std::to_string(s.items) + ") does not belong to this plan");
  return schedule_program(s, rank);
}

}  // namespace

api::RankProgram plan_program(const api::Plan& p, const std::string& schedule, std::int64_t rank) {
  if (rank < 0 || rank >= p.P)
    throw InputError("plan_rank_program: rank " + std::to_string(rank) + " is not in 0.." + std::to_string(p.P - 1));
  if (p.family == "none") return api::RankProgram{rank, p.L, {}, {}};
  if (p.family == "circulant") {
    if (p.L != 1)
      throw InputError("plan_rank_program: the circulant family has L = 1, the plan says L = " + std::to_string(p.L));
    return circulant_rank_program(p.P, p.segments, rank);
  }
  if (p.family == "kitem") return kitem_program(p, schedule, rank);
  if (p.family == "tree") return schedule_program(single_item_schedule(p.L, p.P), rank);
  const int i = baseline_index(p.family);
  if (i < 0) throw InputError("plan_rank_program: unknown family '" + p.family + "'");
  if (p.segments < 1 || p.P > kMaxPlanBaselineCells / p.segments)
    throw InputError("plan_rank_program: " + p.family + " with P*K above " + std::to_string(kMaxPlanBaselineCells));
  return schedule_program(baseline_schedule(baselines()[static_cast<size_t>(i)].kind, p.L, p.P, p.segments), rank);
}

}  // namespace blockcast
