// `blockcast rank-program FILE --rank R [--k K | --step-range A..B]`:
// what one rank does in a schedule: each step's send (to whom, which item) and receive (from
// whom, which item). FILE is any schedule blockcast writes (engine/schedule_json.hpp). The
// schedule is checked first: an assignment symbolically (SPEC Sec. 4), an explicit schedule by
// the simulator; then the program of a block-cyclic schedule is computed for the one rank
// (engine/per_rank.hpp), without expanding the schedule of all P ranks. --json prints the
// program (format blockcast-rank-program, docs/library.md) inside the envelope.
// Exit codes: 0, 1 (the schedule is rejected), 2 (bad input).
#include <iostream>

#include "commands.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "options.hpp"
#include "per_rank.hpp"
#include "render.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast::cli {

namespace {

struct Args {
  std::string file;
  i64 rank = 0, k = 0;
  IntList steps;
  bool json = false;
};

[[noreturn]] void reject(const Invocation& inv, bool json, const std::string& why) {
  if (json)
    print_json(inv, {"blockcast-rank-program", Status::rejected, why, std::nullopt, nlohmann::json(), nlohmann::json::object()});
  else
    std::cout << "FAIL: " << why << "\n";
  leave(Status::rejected);
}

// The program after the schedule passed its check; `what` says which part of it.
api::RankProgram program(const Invocation& inv, const Args& a, std::string& what) {
  const ScheduleInput in = read_schedule_input(a.file, "rank-program", true);
  if (in.circulant && !in.explicit_) {  // too large to list: rebuilt, checked, one rank computed
    if (!a.steps.parts.empty() || a.k > 0) throw InputError("a circulant schedule has its k items: no --k or --step-range");
    const CirculantInput c = *in.circulant;
    if (c.P > kMaxCirculantP) throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
    const KItemSchedule e = circulant_entry(c.P, c.k);
    if (!e.simulated_ok) reject(inv, a.json, e.violation);
    what = "the L = 1 circulant schedule of " + std::to_string(c.k) + " items (" + e.checks + ")";
    return circulant_rank_program(c.P, c.k, a.rank);
  }
  if (in.explicit_) {
    if (!a.steps.parts.empty()) throw InputError("--step-range needs a block-cyclic schedule; an explicit one has --k items");
    const Schedule s = first_items(*in.explicit_, a.k, a.file);
    if (const SimulationResult r = simulate(s); !r.ok) reject(inv, a.json, r.violation.text);
    what = "items 0.." + std::to_string(s.items - 1) + " of an explicit schedule (replayed by the simulator)";
    return schedule_program(s, a.rank);
  }
  const Assignment& s = *in.assignment;
  if (auto err = check_assignment(claimed_instance(s), s)) reject(inv, a.json, *err);
  if (a.k > 0) {
    if (!a.steps.parts.empty()) throw InputError("give --k (a cut after k items) or --step-range, not both");
    what = "the block-cyclic schedule (symbolic check passed) cut after " + std::to_string(a.k) + " items";
    return assignment_program(s, a.rank, a.k);
  }
  i64 first = s.delay(), steps = s.delay();  // default: one delay's worth of the steady state
  if (!a.steps.parts.empty()) first = a.steps.min(), steps = a.steps.max() - first + 1;
  what = "steps " + std::to_string(first) + ".." + std::to_string(first + steps - 1) +
         " of the endless block-cyclic schedule (symbolic check passed)";
  return assignment_window(s, a.rank, first, steps);
}

// One line per step: what the rank receives and sends in it.
void print_text(const api::RankProgram& p, const std::string& what) {
  std::cout << "rank " << p.rank << " (L=" << p.L << "), " << what << ": " << p.recvs.size() << " receives, "
            << p.sends.size() << " sends\n";
  size_t r = 0, s = 0;
  while (r < p.recvs.size() || s < p.sends.size()) {
    const i64 step = std::min(r < p.recvs.size() ? p.recvs[r].step : INT64_MAX, s < p.sends.size() ? p.sends[s].step : INT64_MAX);
    std::cout << "step " << step << ":";
    for (; r < p.recvs.size() && p.recvs[r].step == step; ++r)
      std::cout << "  receive item " << p.recvs[r].item << " from " << p.recvs[r].peer;
    for (; s < p.sends.size() && p.sends[s].step == step; ++s)
      std::cout << "  send item " << p.sends[s].item << " to " << p.sends[s].peer;
    std::cout << "\n";
  }
}

}  // namespace

void register_rank_program(CLI::App& app, const Invocation& inv) {
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("rank-program", "what one rank sends and receives in a schedule, step by step");
  sub->add_option("file", a->file, "schedule JSON (assignment, solve --json, kbroadcast --out ...; - = stdin)")->required();
  add(sub, "rank", a->rank);
  add(sub, "k", a->k);
  add(sub, "step-range", a->steps);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    std::string what;
    const api::RankProgram p = program(inv, *a, what);
    if (a->json)
      return print_json(inv, {"blockcast-rank-program", Status::done, "", std::nullopt, nlohmann::json(),
                              {{"window", what}, {"program", to_json(p)}}});
    print_text(p, what);
  });
}

}  // namespace blockcast::cli
