// Entry point of the SMPI broadcast driver (tests/bench/smpi, docs/mpi-smpi.md): reads the
// options, then times broadcasts (mode bcast) or probes the network (mode probe). Bad options:
// one line on stderr and exit code 2 (docs/exit-codes.md); a wrong byte: exit code 1.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>

#include "driver.hpp"

namespace {

using blockcast::smpi_bench::Options;

const char* usage =
    "usage: bcast_driver bcast|probe [--platform NAME] [--method NAME] [--sizes B,B,..]\n"
    "       [--no-mpi] [--blockcast] [--blockcast-label NAME] [--repetitions R]\n"
    "       [--verify-budget BYTES] [--root R]";

std::int64_t parse_int(const std::string& text, const std::string& option) {
  std::size_t used = 0;
  long long value = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || value < 0) throw std::invalid_argument(option + ": not a count: '" + text + "'");
  return value;
}

Options parse(int argc, char** argv) {
  if (argc < 2) throw std::invalid_argument(usage);
  Options options;
  options.mode = argv[1];
  if (options.mode != "bcast" && options.mode != "probe") throw std::invalid_argument(usage);
  for (int i = 2; i < argc; ++i) {
    const std::string option = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(option + " needs a value");
      return argv[++i];
    };
    if (option == "--platform") options.platform = value();
    else if (option == "--method") options.method = value();
    else if (option == "--no-mpi") options.mpi = false;
    else if (option == "--blockcast") options.blockcast = true;
    else if (option == "--blockcast-label") options.blockcast_label = value();
    else if (option == "--repetitions") options.repetitions = int(parse_int(value(), option));
    else if (option == "--verify-budget") options.verify_budget = parse_int(value(), option);
    else if (option == "--root") options.root = int(parse_int(value(), option));
    else if (option == "--sizes") {
      std::stringstream list(value());
      for (std::string item; std::getline(list, item, ',');) options.sizes.push_back(parse_int(item, option));
    } else throw std::invalid_argument("unknown option " + option + "\n" + usage);
  }
  if (options.repetitions < 1) throw std::invalid_argument("--repetitions must be at least 1");
  if (options.mode == "bcast" && options.sizes.empty()) throw std::invalid_argument("--sizes is empty");
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, P = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  Options options;
  try {
    options = parse(argc, argv);
    if (options.root >= P) throw std::invalid_argument("--root must be below P");
  } catch (const std::exception& error) {
    if (rank == 0) std::fprintf(stderr, "bcast_driver: %s\n", error.what());
    MPI_Finalize();
    return 2;
  }
  int code = 0;
  if (options.mode == "probe") {
    blockcast::smpi_bench::run_probe(options);
  } else if (blockcast::smpi_bench::run_bcast(options) != 0) {
    code = 1;
  }
  MPI_Finalize();
  return code;
}
