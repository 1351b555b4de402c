// The `mpi-run` question as a library run (docs/mpi.md, "mpi-run"): a schedule file the tool
// produced runs as a real broadcast over MPI point-to-point messages, timed against MPI_Bcast
// and a pipelined binary tree (broadcast_run.hpp). Rank 0 reads and checks the schedule (the
// symbolic checker and the postal-model simulator, or the circulant checks; for a continuous
// schedule the best k-item schedule the library builds, Karp, Sahay, Santos and Schauser 1993)
// and sends it to the other ranks; each rank computes its own program (engine/per_rank.hpp)
// and verifies its K items. Request -> run_mpi_run -> MpiRunResult; reports/mpi_run.hpp renders.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "broadcast_run.hpp"

namespace blockcast::mpi {

struct MpiRunRequest {
  std::string file;               // any schedule file ("-": standard input)
  std::optional<std::int64_t> k;  // items; required for a continuous schedule
  std::int64_t bytes = 1024;      // per item
  int reps = 5;                   // repetitions, each timed
  double time_limit = 0;          // seconds for building the k-item schedule (0: its own budget)
};

// What rank 0 checked: the schedule every rank gets (an assignment, an explicit schedule or
// an L = 1 circulant schedule named by (P, k)), its number of items and what the report says.
struct CheckedSchedule {
  nlohmann::json schedule;
  std::int64_t items = 0;
  std::string summary;                              // the report's first line(s)
  nlohmann::json facts = nlohmann::json::object();  // time, and for a continuous file the choice
};

struct MpiRunResult {
  int rank = 0;             // this rank; the result is complete on rank 0 only (see run_mpi_run)
  CheckedSchedule checked;  // rank 0's
  BroadcastRunReport report;
};

// Rank 0's reading and checking of the schedule file. InputError on a bad file or option.
CheckedSchedule load_mpi_run_schedule(const std::string& file, std::optional<std::int64_t> k, double time_limit);

// Collective over MPI_COMM_WORLD (it opens the mpi::Session). When rank 0 refuses the schedule
// or the run refuses the options, InputError on rank 0 only (the others return a result with
// an empty report: a worker leaving with an error first would make mpirun kill rank 0 before
// it says why); on every process when it was not started by mpirun.
MpiRunResult run_mpi_run(const MpiRunRequest& request);

}  // namespace blockcast::mpi
