// The `rank-program` run (see rank_program_run.hpp; SPEC Sec. 4; engine/per_rank.hpp): the
// schedule's check first, then the one rank's program.
#include "kitem/rank_program_run.hpp"

#include <chrono>

#include "kitem/circulant_rank.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "per_rank.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

RankProgramResult program_rejected(const std::string& why) {
  RankProgramResult r;
  r.verdict = Verdict::rejected, r.reason = why;
  return r;
}

RankProgramResult program_accepted(std::string window, api::RankProgram p) {
  RankProgramResult r;
  r.window = std::move(window), r.program = std::move(p);
  return r;
}

// Too large to list: rebuilt, checked, one rank computed.
RankProgramResult circulant_program(const RankProgramRequest& q, const CirculantInput& c) {
  if (q.steps || q.k > 0) throw InputError("a circulant schedule has its k items: no --k or --step-range");
  if (c.P > kMaxCirculantP)
    throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
  const KItemSchedule e = circulant_entry(c.P, c.k);
  if (!e.simulated_ok) return program_rejected(e.violation);
  return program_accepted("the L = 1 circulant schedule of " + std::to_string(c.k) + " items (" + e.checks + ")",
                          circulant_rank_program(c.P, c.k, q.rank));
}

RankProgramResult explicit_program(const RankProgramRequest& q, const Schedule& listed) {
  if (q.steps) throw InputError("--step-range needs a block-cyclic schedule; an explicit one has --k items");
  const Schedule s = first_items(listed, q.k, q.file);
  if (const SimulationResult r = simulate(s); !r.ok) return program_rejected(r.violation.text);
  return program_accepted(
      "items 0.." + std::to_string(s.items - 1) + " of an explicit schedule (replayed by the simulator)",
      schedule_program(s, q.rank));
}

// A periodic schedule: its pattern checked for every item, then its first --k items (default:
// the window of three periods past the delay) as an explicit schedule.
RankProgramResult periodic_program(const RankProgramRequest& q, const PeriodicSchedule& ps) {
  if (auto err = check_periodic(ps)) return program_rejected(*err);
  RankProgramRequest listed = q;
  listed.k = 0;
  return explicit_program(listed, expand_periodic(ps, q.k > 0 ? q.k : periodic_window(ps)));
}

RankProgramResult assignment_program_of(const RankProgramRequest& q, const Assignment& s) {
  if (auto err = check_assignment(claimed_instance(s), s)) return program_rejected(*err);
  if (q.k > 0) {
    if (q.steps) throw InputError("give --k (a cut after k items) or --step-range, not both");
    return program_accepted(
        "the block-cyclic schedule (symbolic check passed) cut after " + std::to_string(q.k) + " items",
        assignment_program(s, q.rank, q.k));
  }
  i64 first = s.delay(), steps = s.delay();  // default: one delay's worth of the steady state
  if (q.steps) first = q.steps->first, steps = q.steps->second - first + 1;
  return program_accepted("steps " + std::to_string(first) + ".." + std::to_string(first + steps - 1) +
                              " of the endless block-cyclic schedule (symbolic check passed)",
                          assignment_window(s, q.rank, first, steps));
}

}  // namespace

RankProgramResult run_rank_program(const RankProgramRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const ScheduleInput in = read_schedule_input(request.file, "rank-program", true);
  RankProgramResult r = in.circulant && !in.explicit_ ? circulant_program(request, *in.circulant)
                        : in.explicit_                ? explicit_program(request, *in.explicit_)
                        : in.periodic                 ? periodic_program(request, *in.periodic)
                                                      : assignment_program_of(request, *in.assignment);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace blockcast
