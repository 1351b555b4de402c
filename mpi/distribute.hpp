// Dynamic distribution of independent units of work over MPI ranks:
// conjecture runs per L and similar loops. Rank 0 hands out one unit at a time to whichever
// worker asks (a rank that finishes takes more work) and receives each result as bytes as
// soon as it is done, so it can write it out before the rest finishes. Each rank computes
// its unit with all its threads (TBB inside). With one rank, rank 0 computes every unit.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace blockcast::mpi {

// Collective over MPI_COMM_WORLD (call on every rank with the same `todo`). `compute`
// runs on workers (on rank 0 only if it is the only rank); `done` runs on rank 0, in
// completion order. If a unit throws, no further unit is handed out and rank 0 rethrows
// the first error (as InputError) once every worker has stopped; other ranks return.
void distribute_units(const std::vector<std::size_t>& todo, const std::function<std::string(std::size_t)>& compute,
                      const std::function<void(std::size_t, const std::string&)>& done);

}  // namespace blockcast::mpi
