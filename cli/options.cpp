#include "options.hpp"

#include <stdexcept>
#include <vector>

#include "checked.hpp"

namespace blockcast::cli {

namespace {
const std::vector<OptionSpec>& table() {
  static const std::vector<OptionSpec> t = {
      // model
      {"L", "3", 1, 256, "latency L of the postal model (message takes L steps)"},
      {"t", "7", 0, 200, "tree depth t: the optimal tree has P-1 = f_t nodes"},
      {"P", "", 2, INT64_MAX, "number of processors including the source"},
      {"o", "0", 0, 1000000, "LogP send/receive overhead o"},
      {"g", "1", 1, 1000000, "LogP gap g between consecutive sends"},
      {"r", "", 1, 4096, "block size r (number of children of the internal node)"},
      {"u", "", 0, 1 << 20, "block index u = T - label (default L-1+r, the optimal tree)"},
      {"shape", "optimal", 0, 0, "tree shape: optimal, ties or pruned"},
      {"items", "", 1, 1000000, "number of items k in the expanded window"},
      {"item", "0", 0, 999999, "draw schedule: the item whose broadcast tree is drawn"},
      {"sim-events", "2000000", 0, 50000000, "simulator replay bound: witnesses with P*(items+L+T) above it are checked symbolically only (0 = never replay)"},
      // output
      {"json", "", 0, 0, "print the result as JSON"},
      {"count", "", 0, 0, "print the exact number of legal words instead of the words"},
      {"limit", "100000", 1, INT64_MAX, "maximum number of words to print"},
      {"dot", "", 0, 0, "print the automaton as Graphviz DOT"},
      {"stats", "", 0, 0, "print search statistics"},
      {"out", "", 0, 0, "output directory for exported JSON files and the report pages with plots (conjecture, table, fattree table)"},
      // search
      {"threads", "0", 0, 1024, "worker threads (0 = all cores)"},
      {"max-nodes", "0", 0, INT64_MAX, "node limit per search (0 = none); hitting it gives UNKNOWN"},
      {"time-limit", "0", 0, 1000000000, "time limit in seconds (0 = none) for the search; conjecture: for the whole command; hitting it gives UNKNOWN"},
      {"method", "auto", 0, 0, "conjecture: complete (exact search), constructive (paper greedy + repair), auto (constructive, then complete)"},
      {"seed", "1", 0, INT64_MAX, "seed of the randomized constructive method (runs are reproducible)"},
      {"receive-only", "", 0, 0, "require this receive-only letter"},
      {"extendable", "", 0, 0, "require the root word to stay legal with the receive-only letter inserted"},
      {"t-max", "0", 0, 400, "conjecture: largest t0 tried before giving up with UNKNOWN (0 = 6L)"},
      {"no-memo", "", 0, 0, "disable nogood memoisation (for cross-checks)"},
      {"no-prune", "", 0, 0, "disable necessary-condition pruning (for cross-checks)"},
      {"n", "", 0, 0, "fat tree: number of leaves n = 2^h (table: a range A..B of powers of two)"},
      {"op", "", 0, 0, "fat-tree operation: broadcast, scatter, gather, multinode-broadcast, total-exchange[-phased]"},
      {"capacities", "cbft", 0, 0, "fat-tree capacities: cbft, ebft, linear or c1,c2,...,ch (table: pattern names)"},
      {"queue-free", "", 0, 0, "fat tree: reject schedules in which a packet waits at a routing node"},
      {"trace", "", 0, 0, "fat tree: print the packets crossing each link in each step"},
      {"steps", "0", 0, 400, "fat-tree search: step bound to decide (0 = find the minimum near the paper's value; csp: at most 62)"},
      {"problem", "total-exchange", 0, 0, "fat-tree search problem: total-exchange, multinode-broadcast, scatter, gather, broadcast, queue-free-mnb"},
      {"model", "", 0, 0, "fat-tree search model: queues (full model, SAT), queue-free, multicast or flood (multinode broadcast)"},
      {"solver", "", 0, 0, "fat-tree search: csp (queue-free models) or sat (time-expanded CNF, every model); default by model"},
      {"queue-bound", "", 0, 0, "fat-tree search --model queues: most packets waiting at one routing node after a step (default unbounded)"},
      {"proof", "", 0, 0, "fat-tree search --solver sat: keep the DRAT proof of an UNSAT answer in this file"},
      {"proof-check", "auto", 0, 0, "fat-tree search --solver sat: check UNSAT proofs with the independent DRAT checker (independent), CaDiCaL's checker (internal) or the first, then the second (auto)"},
      {"format", "", 0, 0, "output format (reception: text, markdown, svg; export: goal, csv)"},
      {"addressing", "absolute", 0, 0, "reception table cells: absolute (item numbers) or relative (letters, SPEC Sec. 3)"},
      {"step-range", "", 0, 0, "reception table columns: steps A..B (default: first to last reception)"},
      {"svg", "", 0, 0, "render the drawing to SVG with the Graphviz dot program (must be on PATH)"},
      {"k", "", 1, 1000000, "number of items k of the k-item broadcast"},
      {"assignment", "", 0, 0, "assignment JSON file: the continuous schedule to cut after k items"},
      {"m", "0", 0, INT64_MAX, "global bandwidth limit m: message sends per step (paper 003); 0 = none"},
      // prove (docs/prover.md)
      {"proof", "", 0, 0, "prove: write the DRAT proof to this file (default: a temporary file, removed)"},
      {"dimacs", "", 0, 0, "prove: write the CNF to this DIMACS file"},
      {"conflicts", "0", 0, INT64_MAX, "prove: SAT solver conflict limit (0 = none); hitting it gives UNKNOWN"},
      {"no-symmetry", "", 0, 0, "prove: no symmetry breaking between blocks of one type (for cross-checks)"},
      {"bytes", "1024", 1, 1 << 30, "mpi-run: bytes per item (the message is items x bytes)"},
      {"reps", "5", 1, 1000, "mpi-run: repetitions of each timed broadcast (the median is reported)"},
      {"resume", "", 0, 0, "record each finished L in DIR/units/ and, on a rerun, take the recorded ones (conjecture: implies --out DIR)"},
      // issue 15: k-item broadcast, periodic continuous schedules, varying latency
      {"period", "1..4", 0, 0, "continuous-search: periods A..B of the periodic schedules searched"},
      {"window", "0", 0, 64, "continuous-search: also decide the first N items of any continuous schedule (0 = skip)"},
      {"d", "0", 0, 64, "latency: every message takes between L-d and L+d steps (a range A..B for the plot)"},
      {"samples", "20", 1, 100000, "latency: seeded random latency draws per d"},
      {"cells", "", 0, 0, "table: print every cell (--json: one assignment object per line) instead of ranges of P"},
  };
  return t;
}
}  // namespace

const OptionSpec& option_spec(const std::string& name) {
  for (const auto& o : table())
    if (name == o.name) return o;
  throw std::logic_error("option '" + name + "' missing from the options table");
}

namespace {
template <class T>
CLI::Option* add_number(CLI::App* app, const std::string& name, T& var) {
  const auto& s = option_spec(name);
  auto* opt = app->add_option("--" + name, var, s.help);
  if (*s.deflt) {
    var = static_cast<T>(std::stod(s.deflt));
    opt->default_str(s.deflt);
  }
  opt->check(CLI::Range(static_cast<T>(s.lo), static_cast<T>(s.hi)));
  return opt;
}
}  // namespace

CLI::Option* add_int(CLI::App* app, const std::string& name, int& var) {
  return add_number(app, name, var);
}
CLI::Option* add_int(CLI::App* app, const std::string& name, std::int64_t& var) {
  return add_number(app, name, var);
}
CLI::Option* add_double(CLI::App* app, const std::string& name, double& var) {
  return add_number(app, name, var);
}

CLI::Option* add_string(CLI::App* app, const std::string& name, std::string& var) {
  const auto& s = option_spec(name);
  auto* opt = app->add_option("--" + name, var, s.help);
  if (*s.deflt) {
    var = s.deflt;
    opt->default_str(s.deflt);
  }
  return opt;
}

CLI::Option* add_flag(CLI::App* app, const std::string& name, bool& var) {
  return app->add_flag("--" + name, var, option_spec(name).help);
}

std::pair<int, int> parse_range(const std::string& option, const std::string& text, int lo, int hi) {
  auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected N or A..B with " +
                      std::to_string(lo) + " <= A <= B <= " + std::to_string(hi));
  };
  auto num = [&](const std::string& s) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
      throw bad();
    return std::stoi(s);
  };
  auto dots = text.find("..");
  int a, b;
  if (dots == std::string::npos) {
    a = b = num(text);
  } else {
    a = num(text.substr(0, dots));
    b = num(text.substr(dots + 2));
  }
  if (a > b || a < lo || b > hi) throw bad();
  return {a, b};
}

}  // namespace blockcast::cli
