// The SMPI broadcast driver's parts (tests/bench/smpi, docs/mpi-smpi.md): the options the run
// scripts pass, the broadcast timing with byte-by-byte verification, and the ping-pong / stream
// probe that measures the simulated network's LogGP parameters (Alexandrov, Ionescu, Schauser,
// Scheiman, SPAA 1995). Compiled against SimGrid's SMPI headers, run by smpirun.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace blockcast::smpi_bench {

struct Options {
  std::string mode;      // "bcast" or "probe"
  std::string platform;  // a label for the CSV lines
  std::string method;    // the label of MPI_Bcast's lines (the SMPI algorithm's name)
  std::vector<std::int64_t> sizes;  // bytes
  bool mpi = true;        // time MPI_Bcast
  bool blockcast = false; // time blockcast_bcast
  std::string blockcast_label = "blockcast";
  int repetitions = 3;
  // Verify every byte while P * bytes stays within this many bytes of simulated buffers
  // (1024 ranks of 16 MiB are 16 GiB of host memory); above it the buffers are one
  // SMPI_SHARED_MALLOC block and the line says verified = 0.
  std::int64_t verify_budget = std::int64_t(2) << 30;
  int root = 0;
};

// The CSV lines of one bcast run (rank 0 prints them); returns the number of wrong bytes.
std::int64_t run_bcast(const Options& options);
// Ping-pong and stream times between ranks 0 and P-1 (rank 0 prints CSV lines).
void run_probe(const Options& options);

}  // namespace blockcast::smpi_bench
