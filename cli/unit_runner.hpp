// Units of work of a command (one L of `conjecture`), run in order in one process or, under
// mpirun, spread over the ranks by mpi/distribute.hpp. Every unit's output goes
// through rank 0: its files are written and then its record DIR/units/<key>.json (summary,
// stdout, option fingerprint) as soon as it completes, so a killed run loses no finished
// unit, and a rerun with --resume DIR takes the recorded units instead of computing them.
// A unit prints to its UnitOutput::text, which rank 0 prints in unit order, so a run prints
// and writes the same bytes whatever the number of ranks or of units computed at once.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "atomic_file.hpp"

namespace blockcast::cli {

class MemoryWatch;  // memory_watch.hpp

struct UnitOutput {
  std::ostringstream text;                                     // what the unit prints (never std::cout)
  nlohmann::json summary;                                      // what the command collects
  // path -> text, written by rank 0. Rendered by the unit, in the parallel stage: the stage
  // that writes them runs in unit order, one at a time (at L = 256 a unit's files are 40 MB).
  std::vector<std::pair<std::string, std::string>> files;
  // False when a limit of the whole command (--time-limit's deadline) may have cut the unit
  // short: it is printed and its files written, but no record says it is done, so --resume
  // computes it again instead of keeping a result the deadline made weaker.
  bool complete = true;
};

struct UnitRunOptions {
  std::string dir;          // where records go ("" = no records, no resume)
  bool resume = false;      // take units recorded in dir/units instead of computing them
  std::string fingerprint;  // options that change results; a record made with others is rejected
  MemoryWatch* memory = nullptr;  // --max-memory: told of each finished unit, never stops one half-written
  // Units computed at once in one process (their searches share the TBB threads). One L of
  // `conjecture` is partly sequential (its certificate's chain of compositions), so two at
  // once keep two cores busy. Results are still recorded and printed in unit order.
  int parallel = 1;
};

// The options of `sub` as set on the command line, minus those that do not change a
// unit's result or that select units (`skip`), as one line for UnitRunOptions::fingerprint.
std::string option_fingerprint(const CLI::App* sub, const std::vector<std::string>& skip);

// The summaries of all units in order on the rank that writes the results (the only
// process without MPI); nullopt on the other MPI ranks, which must then return.
std::optional<std::vector<nlohmann::json>> run_units(const std::vector<std::string>& keys, const UnitRunOptions& opt,
                                                     const std::function<void(std::size_t, UnitOutput&)>& body);

// True on the process that writes results and records: the only one without MPI, rank 0
// under mpirun (read from the launcher's environment, before MPI starts).
bool writes_results();
// True when launched by mpirun / mpiexec.
bool under_mpirun();

// JSON file with a trailing newline, replaced atomically (engine/atomic_file.hpp).
void write_json_file(const std::string& path, const nlohmann::json& j, Durability durability = Durability::now);

}  // namespace blockcast::cli
