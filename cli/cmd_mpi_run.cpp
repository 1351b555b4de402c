// `mpirun -np P blockcast mpi-run SCHEDULE.json --items K --bytes B` (issue 13, part 2): run
// a schedule the tool produced as a real broadcast over MPI point-to-point messages and time
// it against MPI_Bcast and a pipelined binary tree (mpi/broadcast_run.hpp). Rank 0 reads and
// checks the schedule (symbolic checker, then the postal-model simulator on K items) and
// sends it to the other ranks; only rank 0 prints. A cut after K items is the k-broadcast
// schedule of `blockcast kbroadcast`.
#include <cstdio>
#include <iostream>

#include "assignment_json.hpp"
#include "broadcast_run.hpp"
#include "commands.hpp"
#include "expand.hpp"
#include "options.hpp"
#include "per_rank.hpp"
#include "runtime.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast::cli {

namespace {

// Any file holding a block-cyclic assignment (engine/schedule_json.hpp): an assignment, the
// JSON of `solve --P ... --json`, a base case of `conjecture --out`.
Assignment load_schedule(const std::string& file, i64 items) {
  const ScheduleInput in = read_schedule_input(file, "mpi-run");
  if (!in.assignment)
    throw InputError("'" + file + "' holds " + in.format + ": mpi-run runs a block-cyclic assignment (blockcast-assignment)");
  Assignment a = *in.assignment;
  if (auto err = check_assignment(claimed_instance(a), a))
    throw InputError("'" + file + "' is not a legal assignment: " + *err);
  if (SimulationResult r = simulate(expand_assignment(a, items)); !r.ok)
    throw InputError("'" + file + "' expanded to " + std::to_string(items) + " items fails the simulator: " +
                     r.violation.text);
  return a;
}

nlohmann::json report_json(const Assignment& a, const mpi::BroadcastRunReport& r) {
  nlohmann::json methods = nlohmann::json::array();
  const double bcast = r.methods.at(1).median_seconds;
  for (const auto& m : r.methods)
    methods.push_back({{"method", m.name}, {"median_seconds", m.median_seconds}, {"min_seconds", m.min_seconds},
                       {"items_per_second", r.items / m.median_seconds},
                       {"ratio_to_bcast", m.median_seconds / bcast},
                       {"messages", m.messages < 0 ? nlohmann::json(nullptr) : nlohmann::json(m.messages)},
                       {"failures", m.failures}});
  return {{"schedule", to_json(a)}, {"ranks", r.ranks}, {"items", r.items}, {"bytes_per_item", r.bytes},
          {"repetitions", r.reps}, {"verified", r.verified()}, {"methods", methods}};
}

void print_report(const Assignment& a, const mpi::BroadcastRunReport& r) {
  std::printf("schedule: L=%d shape=%s t=%d T=%d P=%lld, delay L+T=%lld; postal model: %lld items in %lld steps\n",
              a.L, shape_name(a.shape).c_str(), a.t, a.T, static_cast<long long>(r.ranks),
              static_cast<long long>(a.delay()), static_cast<long long>(r.items),
              static_cast<long long>(a.delay() + r.items - 1));
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
  sub->add_option("file", a->file, "assignment JSON (docs/assignment-format.md) or `solve --P --json` output")
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
    Assignment sched;
    if (session.rank() == 0) try {
        sched = load_schedule(a->file, a->items);
        text = to_json(sched).dump();
      } catch (const std::exception& e) {
        error = e.what();
      }
    error = session.broadcast(error);
    try {
      if (!error.empty()) throw InputError(error);
      if (session.rank() != 0) sched = assignment_from_json(nlohmann::json::parse(session.broadcast(text)));
      else session.broadcast(text);
      // Each rank computes its own program from the assignment (engine/per_rank.hpp), as a
      // library caller would; rank 0 replayed the whole schedule above.
      const auto report = mpi::run_broadcast(assignment_program(sched, session.rank(), a->items),
                                             layout_processors(sched), a->items, {a->bytes, a->reps});
      // Only rank 0 reports and sets the exit code: a worker leaving with an error first
      // would make mpirun kill rank 0 before it prints why.
      if (session.rank() != 0) return;
      if (a->json)
        print_json(inv, "blockcast-mpi-run", report_json(sched, report), report.verified() ? Status::accepted : Status::rejected);
      else
        print_report(sched, report);
      if (!report.verified()) leave(Status::rejected);
    } catch (const InputError&) {
      if (session.rank() == 0) throw;  // one error line and exit code, from rank 0
    }
  });
}

}  // namespace blockcast::cli
