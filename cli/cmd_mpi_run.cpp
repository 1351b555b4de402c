// `mpirun -np P blockcast mpi-run SCHEDULE.json [--k K] --bytes B`:
// run a schedule the tool produced as a real broadcast over MPI point-to-point
// messages and time it against MPI_Bcast and a pipelined binary tree (mpi/broadcast_run.hpp).
// Any schedule file:
//  - a continuous schedule (a block-cyclic assignment, `solve --json`): K items of it run as
//    the best k-item schedule the library builds from it (search/kitem/schedules.hpp
//    kitem_schedules, as `kbroadcast` and blockcast::api::kitem choose; Karp et al. 1993
//    Sec. 3.1: the endgame beats the cut), the cut's time printed beside it; above the size
//    the k-item schedules are built for, the continuous schedule cut after K items;
//  - a k-item schedule (`kbroadcast --out`: explicit or circulant) runs with its own k;
//  - an explicit window of a continuous schedule (`continuous-search --json`, `export
//    --json`): its first K items.
// Rank 0 reads and checks it (symbolic checker and the postal-model simulator, or the
// circulant checks) and sends it to the other ranks; each rank computes its own program
// (engine/per_rank.hpp) and verifies its K items; only rank 0 prints. The run is
// mpi/mpi_run_request.hpp, the rendering reports/mpi_run.hpp; here only the options.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "mpi_run.hpp"  // reports/: the run (mpi/mpi_run_request.hpp), its text and JSON
#include "options.hpp"

namespace blockcast::cli {

void register_mpi_run(CLI::App& app, const Invocation& inv) {
  struct Args {
    mpi::MpiRunRequest request;
    std::int64_t items = 0;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "mpi-run", "under mpirun -np P: run a schedule as a real MPI broadcast, verify it, time it against MPI_Bcast");
  sub->add_option("file", a->request.file,
                  "any schedule file: assignment, `solve --P --json`, `kbroadcast --out` schedules")
      ->required();
  auto* kopt = add(sub, "k", a->items);
  add_alias(sub, "items", kopt);
  add(sub, "bytes", a->request.bytes);
  add(sub, "reps", a->request.reps);
  add(sub, "time-limit", a->request.time_limit);
  add(sub, "json", a->json);
  sub->callback([a, kopt, &inv] {
    if (kopt->count()) a->request.k = a->items;
    const mpi::MpiRunResult result = mpi::run_mpi_run(a->request);
    // Only rank 0 reports and sets the exit code (run_mpi_run throws bad input there only).
    if (result.rank != 0) return;
    const bool verified = result.report.verified();
    if (a->json)
      print_json(inv, "blockcast-mpi-run", mpi_run_json(result), verified ? Verdict::accepted : Verdict::rejected);
    else
      std::fputs(mpi_run_text(result).c_str(), stdout);
    if (!verified) leave(Verdict::rejected);
  });
}

}  // namespace blockcast::cli
