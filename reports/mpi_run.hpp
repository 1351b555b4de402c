// Rendering of the `mpi-run` result (mpi/mpi_run_request.hpp): the text report and the JSON
// payload of format blockcast-mpi-run (docs/mpi.md, "mpi-run"). Compiled into blockcast_mpi,
// since the result exists only in builds with MPI.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "mpi_run_request.hpp"

namespace blockcast {

// The JSON payload: the schedule, the run's figures per method and rank 0's facts.
nlohmann::json mpi_run_json(const mpi::MpiRunResult& result);

// The text report: the schedule's summary, the run, one line per method, the verification.
std::string mpi_run_text(const mpi::MpiRunResult& result);

}  // namespace blockcast
