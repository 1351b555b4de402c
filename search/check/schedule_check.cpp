// check and simulate as one run (schedule_check.hpp).
#include "schedule_check.hpp"

#include <algorithm>
#include <chrono>

#include "expand.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "replay.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

// The completion time of a replayed schedule: the step of its last reception (item i's is
// i + its delay), the time of a k-item broadcast (Karp et al. 1993 Sec. 3.1).
std::int64_t completion_time(const SimulationResult& r) {
  std::int64_t time = 0;
  for (size_t i = 0; i < r.delay.size(); ++i) time = std::max(time, static_cast<std::int64_t>(i) + r.delay[i]);
  return time;
}

// The replay's verdict: rejected on a broken rule, or when an item misses the delay the
// document claims (legal but not what it says it is).
void take_replay(ScheduleCheck& c, const SimulationResult& r, std::int64_t items, std::int64_t expected_delay) {
  c.simulated = true;
  c.items = items;
  c.messages = r.messages;
  c.max_delay = r.max_delay;
  c.time = completion_time(r);
  c.expected_delay = expected_delay;
  if (!r.ok) {
    c.verdict = Verdict::rejected, c.rule = rule_name(r.violation.rule), c.reason = r.violation.text;
    return;
  }
  c.every_delay_expected = expected_delay == 0 || r.every_delay_expected();
  c.verdict = c.every_delay_expected ? Verdict::accepted : Verdict::rejected;
  if (!c.every_delay_expected) c.reason = "an item misses the claimed delay", c.rule = "claimed-delay";
}

void check_explicit(ScheduleCheck& c, const Schedule& full, const ScheduleCheckRequest& q) {
  const Schedule s = first_items(full, q.k, q.where);
  c.form = ScheduleCheck::Form::explicit_;
  c.L = s.L, c.P = s.P;
  take_replay(c, simulate(s), s.items, s.expected_delay);
}

void check_circulant(ScheduleCheck& c, const CirculantInput& in) {
  if (in.P > kMaxCirculantP) throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
  const KItemSchedule e = circulant_entry(in.P, in.k);
  c.form = ScheduleCheck::Form::circulant;
  c.L = 1, c.P = in.P, c.items = in.k, c.time = e.time, c.messages = e.messages, c.checks = e.checks;
  c.verdict = e.simulated_ok ? Verdict::accepted : Verdict::rejected;
  if (!e.simulated_ok) c.rule = "circulant", c.reason = e.violation;
}

void check_assignment_input(ScheduleCheck& c, const Assignment& a, const ScheduleCheckRequest& q) {
  if (q.mode == CheckMode::simulate && q.k == 0)
    throw InputError("--k is required for a block-cyclic assignment (how many items to expand)");
  c.form = ScheduleCheck::Form::assignment;
  c.assignment = a;
  c.L = a.L, c.P = a.P, c.expected_delay = a.delay();
  if (auto err = check_assignment(claimed_instance(a), a)) {
    c.verdict = Verdict::rejected, c.rule = "symbolic", c.reason = *err;
    return;
  }
  c.verdict = Verdict::accepted;
  if (q.k > 0) take_replay(c, simulate_assignment(a, q.k), q.k, a.delay());
}

// A periodic schedule: its pattern checked for every item at once (engine/periodic_schedule.hpp),
// then k items (the window of three periods past the delay when k = 0) replayed.
void check_periodic_input(ScheduleCheck& c, const PeriodicSchedule& ps, const ScheduleCheckRequest& q) {
  c.form = ScheduleCheck::Form::periodic;
  c.L = ps.L, c.P = ps.P, c.expected_delay = ps.delay;
  if (auto err = check_periodic(ps)) {
    c.verdict = Verdict::rejected, c.rule = "periodic", c.reason = *err;
    return;
  }
  const std::int64_t items = q.k > 0 ? q.k : periodic_window(ps);
  take_replay(c, simulate(expand_periodic(ps, items)), items, ps.delay);
}

}  // namespace

ScheduleCheck run_schedule_check(const ScheduleCheckRequest& q) {
  if (q.k < 0) throw InputError("k must be >= 0, got " + std::to_string(q.k));
  const auto start = std::chrono::steady_clock::now();
  ScheduleCheck c;
  c.format = q.input.format;
  if (q.input.explicit_ && (q.mode == CheckMode::simulate || !q.input.circulant))
    check_explicit(c, *q.input.explicit_, q);
  else if (q.input.circulant)
    check_circulant(c, *q.input.circulant);
  else if (q.input.assignment)
    check_assignment_input(c, *q.input.assignment, q);
  else if (q.input.periodic)
    check_periodic_input(c, *q.input.periodic, q);
  else
    throw InputError(q.where + " holds no schedule");
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return c;
}

Schedule verified_schedule(const ScheduleInput& in, i64 k, const std::string& where) {
  Schedule s;
  if (in.assignment) {
    if (auto err = check_assignment(claimed_instance(*in.assignment), *in.assignment))
      throw InputError("'" + where + "' is not a legal assignment: " + *err);
    if (k == 0) throw InputError("--k is required for a block-cyclic assignment (how many items to expand)");
    s = expand_assignment(*in.assignment, k);
  } else if (in.explicit_) {
    s = first_items(*in.explicit_, k, where);
  } else if (in.periodic) {
    if (auto err = check_periodic(*in.periodic)) throw InputError("'" + where + "' is not a legal periodic schedule: " + *err);
    s = expand_periodic(*in.periodic, k > 0 ? k : periodic_window(*in.periodic));
  } else {
    throw InputError("'" + where + "' holds a circulant schedule too large to list");
  }
  if (SimulationResult r = simulate(s); !r.ok)
    throw InputError("'" + where + "' with " + std::to_string(s.items) + " items fails the simulator: " + r.violation.text);
  return s;
}

}  // namespace blockcast
