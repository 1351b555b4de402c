// `mpirun -np P blockcast mpi-run SCHEDULE.json --k K --bytes B` (issue 13, part 2; issues
// 23 and 25): run a schedule the tool produced as a real broadcast over MPI point-to-point
// messages and time it against MPI_Bcast and a pipelined binary tree (mpi/broadcast_run.hpp).
// Any schedule file: a block-cyclic assignment (cut after K items), an explicit k-item
// schedule or a circulant schedule of `kbroadcast --out`. Rank 0 reads and checks it (symbolic
// checker and the postal-model simulator, or the circulant checks) and sends it to the other
// ranks; each rank computes its own program (engine/per_rank.hpp) and verifies its K items;
// only rank 0 prints.
#include <cstdio>
#include <iostream>

#include "assignment_json.hpp"
#include "broadcast_run.hpp"
#include "commands.hpp"
#include "expand.hpp"
#include "kitem/exact.hpp"
#include "kitem/circulant_rank.hpp"
#include "kitem/cut_schedule.hpp"
#include "kitem/schedules.hpp"
#include "options.hpp"
#include "per_rank.hpp"
#include "runtime.hpp"
#include "schedule_json.hpp"
#include "replay.hpp"
#include "simulator.hpp"

namespace blockcast::cli {

namespace {

// What rank 0 checked, as the JSON every rank gets: a block-cyclic assignment, an explicit
// schedule of its first --k items, or an L = 1 circulant schedule named by (P, k).
struct Checked {
  nlohmann::json schedule;
  std::string summary;  // the report's first line
};

std::string summary_of(const Assignment& a, i64 items) {
  return "L=" + std::to_string(a.L) + " shape=" + shape_name(a.shape) + " t=" + std::to_string(a.t) + " T=" +
         std::to_string(a.T) + " P=" + std::to_string(a.P) + ", delay L+T=" + std::to_string(a.delay()) +
         "; postal model: " + std::to_string(items) + " items in " + std::to_string(a.delay() + items - 1) + " steps";
}

// Any schedule file (engine/schedule_json.hpp), checked: an assignment symbolically and by
// replaying --k items; an explicit schedule (kbroadcast --out) by replaying its first --k
// items; a circulant schedule structurally and by replay (circulant_entry).
Checked load_schedule(const std::string& file, i64 items) {
  const ScheduleInput in = read_schedule_input(file, "mpi-run", true);
  if (in.circulant && !in.explicit_) {
    const CirculantInput c = *in.circulant;
    if (items != c.k) throw InputError("'" + file + "' is a circulant schedule of " + std::to_string(c.k) + " items: use --k " + std::to_string(c.k));
    if (c.P > kMaxCirculantP) throw InputError("a circulant schedule is checked for P <= " + std::to_string(kMaxCirculantP));
    const KItemSchedule e = circulant_entry(c.P, c.k);
    if (!e.simulated_ok) throw InputError("'" + file + "' fails the circulant checks: " + e.violation);
    return {{{"format", in.format}, {"L", 1}, {"P", c.P}, {"items", c.k}},
            "L=1 circulant P=" + std::to_string(c.P) + "; postal model: " + std::to_string(c.k) + " items in " +
                std::to_string(e.time) + " steps (" + e.checks + ")"};
  }
  if (in.explicit_) {
    const Schedule s = first_items(*in.explicit_, items, file);
    const SimulationResult r = simulate(s);
    if (!r.ok) throw InputError("'" + file + "' fails the simulator: " + r.violation.text);
    return {to_json(s), "explicit schedule L=" + std::to_string(s.L) + " P=" + std::to_string(s.P) + "; postal model: " +
                            std::to_string(s.items) + " items in " + std::to_string(schedule_time(s)) + " steps"};
  }
  const Assignment& a = *in.assignment;
  if (auto err = check_assignment(claimed_instance(a), a))
    throw InputError("'" + file + "' is not a legal assignment: " + *err);
  if (SimulationResult r = simulate_assignment(a, items); !r.ok)
    throw InputError("'" + file + "' expanded to " + std::to_string(items) + " items fails the simulator: " +
                     r.violation.text);
  return {to_json(a), summary_of(a, items)};
}

// This rank's program, computed from the checked schedule for this rank alone where the form
// allows it (engine/per_rank.hpp, engine/kitem/circulant_rank.hpp).
api::RankProgram my_program(const nlohmann::json& schedule, i64 items, int rank, i64& P) {
  const ScheduleInput in = schedule_from_json(schedule, "rank 0's schedule", "mpi-run", true);
  if (in.circulant && !in.explicit_) return P = in.circulant->P, circulant_rank_program(P, items, rank);
  if (in.explicit_) return P = in.explicit_->P, schedule_program(*in.explicit_, rank);
  P = layout_processors(*in.assignment);
  return assignment_program(*in.assignment, rank, items);
}

nlohmann::json report_json(const Checked& c, const mpi::BroadcastRunReport& r) {
  nlohmann::json methods = nlohmann::json::array();
  const double bcast = r.methods.at(1).median_seconds;
  for (const auto& m : r.methods)
    methods.push_back({{"method", m.name}, {"median_seconds", m.median_seconds}, {"min_seconds", m.min_seconds},
                       {"items_per_second", r.items / m.median_seconds},
                       {"ratio_to_bcast", m.median_seconds / bcast},
                       {"messages", m.messages < 0 ? nlohmann::json(nullptr) : nlohmann::json(m.messages)},
                       {"failures", m.failures}});
  return {{"schedule", c.schedule}, {"ranks", r.ranks}, {"items", r.items}, {"bytes_per_item", r.bytes},
          {"repetitions", r.reps}, {"verified", r.verified()}, {"methods", methods}};
}

void print_report(const Checked& c, const mpi::BroadcastRunReport& r) {
  std::printf("schedule: %s\n", c.summary.c_str());
  std::printf("run: %lld ranks, %lld items x %lld bytes (message %lld bytes), %d repetitions; "
              "time = slowest rank, median\n",
              static_cast<long long>(r.ranks), static_cast<long long>(r.items), static_cast<long long>(r.bytes),
              static_cast<long long>(r.items * r.bytes), r.reps);
  std::printf("%-25s %12s %12s %10s %10s  %s\n", "method", "time [s]", "items/s", "/MPI_Bcast", "messages",
              "verified");
  const double bcast = r.methods.at(1).median_seconds;
  for (const auto& m : r.methods)
    std::printf("%-25s %12.6f %12.0f %10.2f %10s  %s\n", m.name.c_str(), m.median_seconds,
                r.items / m.median_seconds, m.median_seconds / bcast,
                m.messages < 0 ? "-" : std::to_string(m.messages).c_str(),
                m.failures ? ("FAILED (" + std::to_string(m.failures) + " rank-repetitions)").c_str() : "yes");
  if (r.verified())
    std::printf("verified: every rank received every item exactly once with the right payload "
                "(%lld point-to-point messages per run = K*(P-1))\n",
                static_cast<long long>(r.items * (r.ranks - 1)));
}

}  // namespace

void register_mpi_run(CLI::App& app, const Invocation& inv) {
  struct Args {
    std::string file;
    i64 items = 0, bytes = 0;
    int reps = 0;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "mpi-run", "under mpirun -np P: run a schedule as a real MPI broadcast, verify it, time it against MPI_Bcast");
  sub->add_option("file", a->file, "any schedule file: assignment, `solve --P --json`, `kbroadcast --out` schedules")
      ->required();
  add_alias(sub, "items", add(sub, "k", a->items)->required());
  add(sub, "bytes", a->bytes);
  add(sub, "reps", a->reps);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    if (!mpi::launched_by_mpirun())
      throw InputError("mpi-run must be started by mpirun, e.g. mpirun -np P blockcast mpi-run FILE --k K");
    mpi::Session session;
    // Rank 0 validates; every rank learns the outcome, so all leave together on bad input.
    std::string error, text;
    Checked checked;
    if (session.rank() == 0) try {
        checked = load_schedule(a->file, a->items);
        text = checked.schedule.dump();
      } catch (const std::exception& e) {
        error = e.what();
      }
    error = session.broadcast(error);
    try {
      if (!error.empty()) throw InputError(error);
      text = session.broadcast(text);
      // Each rank computes its own program, as a library caller would; rank 0 replayed the
      // whole schedule above.
      i64 P = 0;
      const api::RankProgram mine = my_program(nlohmann::json::parse(text), a->items, session.rank(), P);
      const auto report = mpi::run_broadcast(mine, P, a->items, {a->bytes, a->reps});
      // Only rank 0 reports and sets the exit code: a worker leaving with an error first
      // would make mpirun kill rank 0 before it prints why.
      if (session.rank() != 0) return;
      if (a->json)
        print_json(inv, "blockcast-mpi-run", report_json(checked, report), report.verified() ? Status::accepted : Status::rejected);
      else
        print_report(checked, report);
      if (!report.verified()) leave(Status::rejected);
    } catch (const InputError&) {
      if (session.rank() == 0) throw;  // one error line and exit code, from rank 0
    }
  });
}

}  // namespace blockcast::cli
