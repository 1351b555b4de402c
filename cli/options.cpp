// The one options table (see options.hpp): every option of every command, its kind, default,
// range and help. Per-command entries come first in lookups, so a command states its own
// default here, never in its cmd_*.cpp.
#include "options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <set>
#include <stdexcept>
#include <type_traits>

#include "checked.hpp"
#include "word.hpp"

namespace blockcast::cli {

namespace {
namespace fs = std::filesystem;
using K = OptionKind;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

const std::vector<OptionSpec> kTable = {
    // The model.
    // L, t, P and k define the question a command answers: required, never defaulted (a
    // forgotten --L answered for L = 3 is a confident wrong answer). The tables and the
    // conjecture survey ranges of them; their default ranges are printed row by row.
    {"*", "L", K::list, "", 1, 256, "latency L of the postal model (a message takes L steps)", required_unless("assignment")},
    {"conjecture", "L", K::list, "3..10", 1, 1024, "latencies L to certify: N, A..B or a list"},
    {"table", "L", K::list, "2..8", 1, 256, "latencies L: N, A..B or a list"},
    {"kbroadcast-table", "L", K::list, "1..3", 1, 16, "latencies L: N, A..B or a list"},
    {"*", "t", K::int_, "", 0, 1024, "tree depth t: the optimal tree has P-1 = f_t nodes", required_unless("P")},
    {"*", "P", K::list, "", 2, kMax, "processors including the source: N, A..B or a list (10,100,1000)",
     required_unless("t,assignment")},
    {"table", "P", K::list, "2..100", 2, 999'999'999, "processors including the source: N, A..B or a list"},
    {"kbroadcast-table", "P", K::list, "2..8", 2, 100'000, "processors including the source: A..B (P <= 12 without --ranges)"},
    {"simple-schedule", "P", K::list, "", 2, 100'000, "processors including the source: N, A..B or a list", kRequired},
    {"latency", "P", K::list, "", 2, 100'000, "processors including the source: N, A..B or a list", kRequired},
    {"kbroadcast-baselines", "L", K::list, "", 1, 64, "latencies L: N, A..B or a list", kRequired},
    {"kbroadcast-baselines", "P", K::list, "", 2, 1'000'000, "processors including the source: N, A..B or a list (P*k <= 10^6)",
     kRequired},
    {"kbroadcast-baselines", "k", K::list, "", 1, 1'000'000, "numbers of items k: N, A..B or a list (P*k <= 10^6)", kRequired},
    {"*", "o", K::int_, "0", 0, 1'000'000, "LogP send/receive overhead o"},
    {"*", "g", K::int_, "1", 1, 1'000'000, "LogP gap g between consecutive sends"},
    {"*", "r", K::int_, "", 1, 4096, "block size r (number of children of the internal node)"},
    {"*", "u", K::int_, "", 0, 1 << 20, "block index u = T - label (default L-1+r, the optimal tree)"},
    {"*", "shape", K::string, "optimal", 0, 0, "tree shape: optimal, ties or pruned (SPEC Sec. 6)"},
    {"conjecture", "shape", K::string, "optimal", 0, 0, "tree shape of the induction: optimal or pruned"},
    {"*", "delay", K::int_, "", 1, kMax, "delay D to decide (default L + B(P-1), the lower bound)"},
    // Items.
    {"*", "k", K::int_, "", 1, 1'000'000, "number of items k (the message is cut into k items)"},
    {"kbroadcast-table", "k", K::list, "1..4", 1, 4096, "numbers of items k: A..B (k <= 8 without --ranges)"},
    {"kbroadcast", "k", K::int_, "", 1, 1'000'000, "number of items k (the message is cut into k items)", kRequired},
    {"simple-schedule", "k", K::int_, "", 1, 1'000'000, "number of items k replayed per schedule", kRequired},
    {"latency", "k", K::int_, "", 1, 1'000'000, "number of items k replayed per schedule", kRequired},
    {"*", "item", K::int_, "0", 0, 999'999, "the item whose broadcast tree is drawn"},
    {"*", "rank", K::int_, "0", 0, kMax, "the rank (processor id; 0 is the source) whose program is printed"},
    {"rank-program", "k", K::int_, "0", 0, 1'000'000, "the schedule cut after k items (0: the window of --step-range)"},
    {"*", "sim-events", K::int_, "2000000", 0, 50'000'000,
     "simulator replay bound: witnesses with P*(k+L+T) above it are checked symbolically only (0 = never replay)"},
    // Output.
    {"*", "json", K::flag, "", 0, 0, "print the result as JSON (one envelope: format, version, tool version, command)"},
    {"*", "count", K::flag, "", 0, 0, "print the exact number of legal words instead of the words"},
    {"*", "limit", K::int_, "100000", 1, kMax, "maximum number of words to print"},
    {"*", "dot", K::flag, "", 0, 0, "print the automaton as Graphviz DOT"},
    {"*", "stats", K::flag, "", 0, 0, "print search statistics"},
    {"*", "skip-minimality", K::flag, "", 0, 0,
     "do not re-run the searches that refuted the windows below t0 (the output says minimality not re-checked)"},
    {"*", "out", K::path, "", 0, 0, "output directory"},
    {"conjecture", "out", K::path, "", 0, 0,
     "write base cases, certificates, summary.json and report.md/.html to this directory"},
    {"table", "out", K::path, "", 0, 0, "also write DIR/table.md and DIR/table.html with a heat map of D - lower bound"},
    {"fattree table", "out", K::path, "", 0, 0, "also write DIR/fattree.md and DIR/fattree.html with plots"},
    {"fattree plot", "out", K::path, "", 0, 0, "also write DIR/fattree_optimum.md and .html with a plot per operation"},
    {"kbroadcast", "out", K::path, "", 0, 0, "write each schedule as DIR/<name>.json, .goal, .csv, .reception.txt"},
    {"*", "format", K::string, "", 0, 0, "output format"},
    {"reception", "format", K::string, "text", 0, 0, "output format: text, markdown or svg"},
    {"export", "format", K::string, "", 0, 0, "output format: goal (LogGOPSim) or csv"},
    {"table", "format", K::string, "text", 0, 0, "range table format: text or markdown"},
    {"draw tree", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)"},
    {"draw automaton", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)"},
    {"draw schedule", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)"},
    {"*", "plot", K::path, "", 0, 0, "write the plot of delay vs d to this SVG file (- = stdout)"},
    {"kbroadcast-baselines", "plot", K::path, "", 0, 0,
     "write completion time against k (several k) or P (one k) to this SVG file (- = stdout)"},
    {"*", "ratio-plot", K::path, "", 0, 0, "write time / lower bound against k (several k) or P (one k) to this SVG file (- = stdout)"},
    {"*", "addressing", K::string, "absolute", 0, 0, "reception table cells: absolute (item numbers) or relative (letters, SPEC Sec. 3)"},
    {"*", "step-range", K::range, "", 0, 999'999'999, "reception table columns: steps A..B (default: first to last reception)"},
    {"rank-program", "step-range", K::range, "", 0, 999'999'999,
     "steps A..B of the endless block-cyclic schedule (default: delay..2*delay-1)"},
    {"*", "cells", K::flag, "", 0, 0, "print every cell (--json: one assignment object per line) instead of ranges of P"},
    // Search and limits.
    {"*", "threads", K::int_, "0", 0, 1024, "worker threads (0 = all cores)"},
    {"*", "max-nodes", K::int_, "0", 0, kMax, "node limit per search (0 = none); hitting it gives UNKNOWN"},
    {"table", "max-nodes", K::int_, "5000", 0, kMax,
     "node limit of every search (deterministic; hitting it gives UNKNOWN for that depth)"},
    {"*", "time-limit", K::float_, "0", 0, 1'000'000'000, "time limit in seconds for the whole command (0 = none); hitting it gives UNKNOWN"},
    // The k-item family: --time-limit is the whole command's deadline too; without it each
    // search keeps the budget it always had (engine/limits.hpp command_limits).
    // kbroadcast runs many SAT solves in turn (endgames, alternated, longer, exact): 20 s each
    // without a deadline added up to minutes, so it has a finite one by default.
    {"kbroadcast", "time-limit", K::float_, "60", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each search and SAT solve then stops after 20 s); "
     "hitting it prints the best schedule so far, not proved optimal (UNKNOWN)"},
    {"kbroadcast-table", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each search and SAT solve then stops after 60 s); "
     "rows not reached are counted, hitting it gives UNKNOWN"},
    {"continuous-search", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each SAT solve then stops after 120 s); hitting it gives UNKNOWN"},
    {"simple-schedule", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each search of our schedule then stops after 20 s); "
     "hitting it gives UNKNOWN"},
    {"latency", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each search of our schedule then stops after 20 s); "
     "hitting it gives UNKNOWN"},
    {"kbroadcast-baselines", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none: each search of the continuous schedule blockcast cuts "
     "then stops after 20 s); hitting it gives UNKNOWN"},
    {"table", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none); cells not reached have no schedule (UNKNOWN)"},
    {"*", "method", K::string, "auto", 0, 0,
     "complete (exact search), constructive (paper greedy + repair), auto (constructive, then complete)"},
    {"*", "seed", K::int_, "1", 0, kMax, "seed of the randomized parts (runs are reproducible)"},
    {"*", "receive-only", K::string, "", 0, 0, "require this receive-only letter (a, b, ...; a letter of L)"},
    {"*", "extendable", K::flag, "", 0, 0, "require the root word to stay legal with the receive-only letter inserted"},
    // Up to 6L for the largest L conjecture takes (1024); the default 6L is the same bound.
    {"*", "t-max", K::int_, "0", 0, 6144, "largest t0 tried before giving up with UNKNOWN (0 = 6L)"},
    {"*", "settle-tries", K::int_, "0", 0, 1000000,
     "settling the open windows below t0: one more effort level with this many tries per pair (0 = none)"},
    {"*", "no-memo", K::flag, "", 0, 0, "disable nogood memoisation (for cross-checks)"},
    {"*", "max-memory", K::size, "", 16 << 20, std::int64_t{1} << 40,
     "stop with UNKNOWN (exit 5) before the resident memory reaches SIZE (512M, 2G), keeping what is finished"},
    {"*", "no-prune", K::flag, "", 0, 0, "disable necessary-condition pruning (for cross-checks)"},
    {"*", "resume", K::path, "", 0, 0, "record each finished L in DIR/units/ and, on a rerun, take the recorded ones"},
    {"conjecture", "resume", K::path, "", 0, 0,
     "record each finished L in DIR/units/ and, on a rerun, take the recorded ones (implies --out DIR)"},
    // Fat trees (docs/fattree.md).
    {"*", "n", K::list, "", 2, 1 << 30, "fat tree: number of leaves n = 2^h"},
    {"fattree table", "n", K::list, "4..1024", 2, 1 << 20, "fat trees: numbers of leaves n = 2^h: N, A..B or a list"},
    {"*", "op", K::string, "", 0, 0, "fat-tree operation: broadcast, scatter, gather, multinode-broadcast, total-exchange[-phased]"},
    {"fattree search", "op", K::string, "total-exchange", 0, 0,
     "fat-tree operation: total-exchange, multinode-broadcast, scatter, gather, broadcast, queue-free-mnb"},
    {"*", "capacities", K::string, "cbft", 0, 0, "fat-tree capacities: cbft, ebft, linear or c1,c2,...,ch"},
    {"fattree table", "capacities", K::string, "cbft,ebft,linear", 0, 0, "fat-tree capacity patterns, comma-separated"},
    {"*", "queue-free", K::flag, "", 0, 0, "fat tree: reject schedules in which a packet waits at a routing node"},
    {"*", "trace", K::flag, "", 0, 0, "fat tree: print the packets crossing each link in each step"},
    {"*", "steps", K::int_, "0", 0, 400, "step bound to decide (0 = find the minimum near the paper's value; csp: at most 62)"},
    {"*", "model", K::string, "", 0, 0, "fat-tree search model: queues (full model, SAT), queue-free, multicast or flood"},
    {"*", "solver", K::string, "", 0, 0, "csp (queue-free models) or sat (time-expanded CNF, every model); default by model"},
    {"*", "queue-bound", K::int_, "", 0, 1'000'000, "--model queues: most packets waiting at one routing node after a step (default unbounded)"},
    {"*", "encoding", K::string, "all", 0, 0,
     "fattree search: SAT encoding parts, all, none or a comma list of shared, implied, redundant, symmetry (docs/fattree.md)"},
    {"*", "proof", K::path, "", 0, 0, "keep the DRAT proof of an UNSAT answer in this file"},
    {"prove", "encoding", K::string, "residue", 0, 0,
     "CNF of the word rule: residue (the rule as stated) or counts (letter counts and the sum condition mod r, by "
     "Hall's theorem; small proofs where residue proofs explode; optimal tree only)"},
    {"prove", "proof", K::path, "", 0, 0, "write the DRAT proof to this file (default: a temporary file, removed)"},
    {"*", "proof-check", K::string, "auto", 0, 0,
     "check UNSAT proofs with the independent DRAT checker (independent), CaDiCaL's checker (internal) or both in turn (auto)"},
    // k items, periodic schedules, latency (docs/kbroadcast.md).
    {"*", "assignment", K::path, "", 0, 0, "assignment JSON file: the continuous schedule to cut after k items"},
    {"*", "m", K::int_, "0", 0, kMax, "global bandwidth limit m: message sends per step (Adler et al. 1997); 0 = none"},
    {"*", "period", K::range, "1..4", 1, 64, "periods A..B of the periodic schedules searched"},
    {"solve", "period", K::range, "1..6", 1, 64,
     "periods A..B of the periodic (not block-cyclic) schedules searched when no block-cyclic schedule reaches the lower bound"},
    {"table", "period", K::range, "", 1, 64,
     "also search periodic (not block-cyclic) schedules of periods A..B in the cells above the lower bound (default: none)"},
    {"*", "ranges", K::flag, "", 0, 0,
     "constructions only (circulant, coloured endgame), no SAT: any size, rows merged into ranges of P and k"},
    {"*", "exact-time-limit", K::float_, "3", 0, 1'000'000,
     "with --ranges: seconds per SAT solve of the exact search in the small cells (P <= 12 and k <= 8, or k = 2 and P <= 24) the constructions leave above the bound (0 = none; --time-limit still bounds the command)"},
    {"*", "no-periodic", K::flag, "", 0, 0, "block-cyclic schedules only: no periodic search above the lower bound"},
    {"*", "period-time-limit", K::float_, "10", 0, 1'000'000,
     "seconds for the periodic search of one P, all its periods (0 = none; the command's --time-limit still bounds it)"},
    {"*", "window", K::int_, "0", 0, 64, "also decide the first N items of any continuous schedule (0 = skip)"},
    {"*", "d", K::range, "0..2", 0, 64, "every message takes between L-d and L+d steps (A..B: one row per d)"},
    {"*", "samples", K::int_, "20", 1, 100'000, "seeded random latency draws per d"},
    // The SAT prover (docs/prover.md).
    {"*", "dimacs", K::path, "", 0, 0, "write the CNF to this DIMACS file"},
    {"*", "conflicts", K::int_, "0", 0, kMax, "SAT solver conflict limit (0 = none); hitting it gives UNKNOWN"},
    {"*", "no-symmetry", K::flag, "", 0, 0, "no symmetry breaking between blocks of one type (for cross-checks)"},
    // MPI (docs/mpi.md).
    {"*", "bytes", K::int_, "1024", 1, 1 << 30, "bytes per item (the message is k x bytes)"},
    {"*", "reps", K::int_, "5", 1, 1000, "repetitions of each timed broadcast (the median is reported)"},
    // The plan: from a machine to the postal model (docs/mpi-plan.md). Seconds are free text
    // with a unit (1us, 0.1ns, 2ms) parsed by cli/cmd_plan.cpp.
    {"plan", "P", K::list, "", 1, 10'000'000, "ranks including the root"},
    {"plan", "bytes", K::size, "", 0, kMax, "the message: bytes, or with K, M, G (powers of 1024: 8MiB)"},
    {"*", "latency", K::string, "", 0, 0, "LogGP latency of one message: seconds, e.g. 1us, 1e-6"},
    {"*", "overhead", K::string, "", 0, 0, "LogGP overhead o per message at the sender and at the receiver (default 0)"},
    {"*", "gap", K::string, "", 0, 0, "LogGP gap g between two messages of one rank (default 0)"},
    {"*", "gap-per-byte", K::string, "", 0, 0, "LogGP G: seconds per byte (1 / bandwidth), e.g. 0.1ns for 10 GB/s"},
    {"*", "alpha", K::string, "", 0, 0, "alpha-beta model: start-up latency alpha (instead of the LogGP options)"},
    {"*", "beta", K::string, "", 0, 0, "alpha-beta model: seconds per byte beta"},
    {"*", "network", K::string, "", 0, 0,
     "the network as text instead of the options above: latency=S,overhead=S,gap=S,gap_per_byte=S, and more ranges "
     "of segment sizes after ';' starting from=BYTES (e.g. 'latency=4.4e-6,gap_per_byte=1.4e-10;from=65536,latency=2.3e-5')"},
    {"*", "family", K::string, "auto", 0, 0,
     "auto, or force one family: circulant, kitem, tree, chain, binomial, split-binary, scatter-allgather, two-tree"},
    {"*", "max-segments", K::int_, "0", 0, kMax, "largest segment count K tried (0: min(4096, bytes / 256))"},
    {"plan", "time-limit", K::float_, "2", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none), schedule searches included"},
    {"mpi-run", "k", K::int_, "", 1, 1'000'000,
     "number of items K: a continuous schedule runs as its best k-item schedule of K items; a k-item schedule file "
     "runs with its own k (the default; another K is refused)"},
    {"mpi-run", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "seconds for building the k-item schedule of a continuous schedule (0 = none: each SAT solve of the endgame "
     "then stops after 20 s, as in kbroadcast); when reached, the best schedule found so far runs"},
    // Exports with the real segment sizes (docs/reports.md).
    {"export", "bytes", K::int_, "", 1, kMax,
     "message size N: item i gets floor(N/k) or ceil(N/k) bytes, the larger ones first (with --segment-bytes S: "
     "items of S bytes, the last one shorter); the sizes go into the GOAL sends/receives and a CSV bytes column"},
    {"*", "segment-bytes", K::int_, "", 1, kMax,
     "bytes per item S (with --bytes N: the last item gets the rest, N must need exactly k segments)"},
};

std::string kind_name(OptionKind k) {
  switch (k) {
    case K::int_: return "INT";
    case K::float_: return "FLOAT";
    case K::range: return "RANGE";
    case K::list: return "LIST";
    case K::flag: return "";
    case K::string: return "TEXT";
    case K::path: return "PATH";
    case K::size: return "SIZE";
  }
  return "";
}

std::int64_t parse_int(const std::string& option, const std::string& s, std::int64_t lo, std::int64_t hi,
                       const std::string& text) {
  auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected N, A..B or a comma-separated list with " +
                      std::to_string(lo) + " <= N <= " + std::to_string(hi));
  };
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) throw bad();
  std::int64_t v = 0;
  for (char c : s) {
    if (v > (kMax - (c - '0')) / 10) throw bad();
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) throw bad();
  return v;
}

void check_default(const OptionSpec& s) {
  const std::string where = std::string(s.command) + " --" + s.name;
  if (s.lo > s.hi) throw std::logic_error("options table: " + where + " has lo > hi");
  if (s.need.required && (*s.deflt || s.kind == K::flag))
    throw std::logic_error("options table: " + where + " is required but has a default or is a flag");
  if (!*s.deflt) return;
  try {
    switch (s.kind) {
      case K::int_: parse_list(s.name, s.deflt, s.lo, s.hi, true); break;
      case K::float_: {
        const double v = std::stod(s.deflt);
        if (v < static_cast<double>(s.lo) || v > static_cast<double>(s.hi)) throw InputError("out of range");
        break;
      }
      case K::range: parse_list(s.name, s.deflt, s.lo, s.hi, true); break;
      case K::list: parse_list(s.name, s.deflt, s.lo, s.hi); break;
      case K::size: parse_size(s.name, s.deflt, s.lo, s.hi); break;
      case K::flag: throw InputError("a flag has no default");
      case K::string:
      case K::path: break;
    }
  } catch (const std::exception& e) {
    throw std::logic_error("options table: default of " + where + " '" + s.deflt + "': " + e.what());
  }
}

// The entry for `name` in `command`, or nullptr (a hidden alias of add_alias has none).
const OptionSpec* find_spec(const std::string& command, const std::string& name) {
  const OptionSpec* shared = nullptr;
  for (const auto& o : kTable) {
    if (name != o.name) continue;
    if (command == o.command) return &o;
    if (std::string("*") == o.command) shared = &o;
  }
  return shared;
}

// The options of `app` that stand in for a required `s` (its `unless` names that app takes).
std::vector<const CLI::Option*> stand_ins(const CLI::App* app, const OptionSpec& s) {
  std::vector<const CLI::Option*> out;
  const std::string unless = s.need.unless;
  for (std::size_t pos = 0; pos < unless.size();) {
    const std::size_t comma = std::min(unless.find(',', pos), unless.size());
    const std::string other = unless.substr(pos, comma - pos);
    for (const CLI::Option* o : app->get_options())
      if (!o->get_lnames().empty() && o->get_lnames().front() == other) out.push_back(o);
    pos = comma + 1;
  }
  return out;
}

// The required entries of `app` as the options registered so far make them: plain required
// (CLI11 checks it and --help says REQUIRED) when nothing registered stands in for one,
// else "required unless --P is given" in --help and checked by check_needs. Re-run at each
// registration, since --t may be registered before the --P that stands in for it.
void mark_needs(CLI::App* app) {
  for (CLI::Option* opt : app->get_options()) {
    if (opt->get_lnames().empty()) continue;
    const OptionSpec* s = find_spec(command_path(app), opt->get_lnames().front());
    if (!s || !s->need.required) continue;
    const auto others = stand_ins(app, *s);
    std::string text = s->help;
    for (std::size_t i = 0; i < others.size(); ++i)
      text += (i == 0 ? " (required unless " : " or ") + others[i]->get_name() + (i + 1 == others.size() ? " is given)" : "");
    opt->required(others.empty());
    opt->description(text);
  }
}

// Run when app's options have been read, before its callback: a required option with stand-ins
// must be given or one of them must ("--t or --P is required", exit 2 like CLI11's own).
void check_needs(const CLI::App* app) {
  for (const CLI::Option* opt : app->get_options()) {
    if (opt->get_lnames().empty() || opt->count() > 0) continue;
    const OptionSpec* s = find_spec(command_path(app), opt->get_lnames().front());
    if (!s || !s->need.required) continue;
    std::string names = opt->get_name();
    bool given = false;
    for (const CLI::Option* o : stand_ins(app, *s)) given = given || o->count() > 0, names += " or " + o->get_name();
    if (!given) throw CLI::RequiredError(names);
  }
}

// CLI11 help: the default and the kind, then the help text; a required entry is marked and
// checked (mark_needs, check_needs).
CLI::Option* finish(CLI::App* app, CLI::Option* opt, const OptionSpec& s) {
  if (*s.deflt) opt->default_str(s.deflt);
  const std::string k = kind_name(s.kind);
  if (!k.empty()) opt->type_name(k);
  mark_needs(app);
  if (s.need.required) app->parse_complete_callback([app] { check_needs(app); });
  return opt;
}

std::string option_names(const std::string& name) {
  // One-letter names also take one dash (-L 5), as users of other tools type them.
  return name.size() == 1 ? "-" + name + ",--" + name : "--" + name;
}

// A list-kind option (--L, --P, --n) registered on a command that takes one value: the same
// syntax is accepted, and anything but one value is refused with a clear line.
template <class T>
CLI::Option* add_one_of_list(CLI::App* app, const OptionSpec& s, T& var) {
  const std::string name = s.name, command = command_path(app);
  const std::int64_t lo = s.lo, hi = s.hi;
  if (*s.deflt) var = static_cast<T>(parse_list(name, s.deflt, lo, hi).front());
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, command, lo, hi](const std::string& text) {
        try {
          const IntList l = parse_list(name, text, lo, hi);
          if (!l.single()) throw InputError("--" + name + " '" + text + "': " + command + " takes one value");
          var = static_cast<T>(l.front());
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

// The text of a number, checked before CLI11 converts it: CLI11 reads an integer beyond int64
// (9223372036854775808) as INT64_MAX, and "nan" passes every range check (a comparison with
// NaN is false), so both would reach a command as a value nobody typed.
template <class T>
std::string number_text(std::string& text) {
  const char* end = text.data() + text.size();
  if constexpr (std::is_integral_v<T>) {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || p != end) return "'" + text + "' is not an integer within 64 bits";
  } else {
    char* p = nullptr;
    const double v = std::strtod(text.c_str(), &p);
    if (text.empty() || p != end || !std::isfinite(v)) return "'" + text + "' is not a finite number";
  }
  return "";
}

template <class T>
CLI::Option* add_number(CLI::App* app, const std::string& name, T& var, OptionKind want) {
  const auto& s = option_spec(command_path(app), name);
  if (want == K::int_ && (s.kind == K::list || s.kind == K::range)) return add_one_of_list(app, s, var);
  if (s.kind != want) throw std::logic_error("--" + name + " is not of kind " + kind_name(want) + " in the options table");
  auto* opt = app->add_option(option_names(name), var, s.help);
  if (*s.deflt) var = static_cast<T>(std::stod(s.deflt));
  // The table's bounds clamped to the variable's type: an int option whose table range ends
  // at INT64_MAX (--delay) would otherwise get the range 1..-1 and refuse every value.
  const auto clamp = [](std::int64_t v) {
    if constexpr (std::is_integral_v<T>)
      return static_cast<T>(std::clamp<std::int64_t>(v, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    else
      return static_cast<T>(v);
  };
  opt->check(CLI::Validator(number_text<T>, ""));  // empty description: --help unchanged
  opt->check(CLI::Range(clamp(s.lo), clamp(s.hi)));
  return finish(app, opt, s);
}

// A path option's value names a file or directory below existing directories: a path below
// a file ("/dev/null/x", "summary.json/out") can never be opened or created, so it is refused
// while the options are read, before a command computes anything or prints a line.
std::string path_text(std::string& text) {
  if (text.empty()) return "expected a file or directory name, got an empty one";
  std::error_code ec;
  for (fs::path q = fs::path(text).parent_path(); !q.empty(); q = q.parent_path()) {
    if (fs::exists(q, ec)) {
      if (!fs::is_directory(q, ec)) return "'" + text + "': '" + q.string() + "' is not a directory";
      break;
    }
    if (q == q.parent_path()) break;
  }
  return "";
}
}  // namespace

const std::vector<OptionSpec>& options_table() { return kTable; }

const OptionSpec& option_spec(const std::string& command, const std::string& name) {
  if (const OptionSpec* s = find_spec(command, name)) return *s;
  throw std::logic_error("option '" + name + "' of '" + command + "' missing from the options table");
}

void check_options_table() {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& s : kTable) {
    if (!seen.insert({s.command, s.name}).second)
      throw std::logic_error(std::string("options table: ") + s.command + " --" + s.name + " defined twice");
    check_default(s);
  }
  // Every per-command entry refines a shared one, so `--name` means one thing everywhere.
  for (const auto& s : kTable)
    if (std::string("*") != s.command) {
      const auto& shared = option_spec("*", s.name);
      if (shared.kind != s.kind && !(shared.kind == K::int_ && (s.kind == K::list || s.kind == K::size)))
        throw std::logic_error(std::string("options table: ") + s.command + " --" + s.name + " changes its kind");
    }
}

std::int64_t IntList::min() const {
  std::int64_t m = parts.front().first;
  for (const auto& [a, b] : parts) m = std::min(m, a);
  return m;
}
std::int64_t IntList::max() const {
  std::int64_t m = parts.front().second;
  for (const auto& [a, b] : parts) m = std::max(m, b);
  return m;
}
std::int64_t IntList::size() const {
  std::int64_t n = 0;
  for (const auto& [a, b] : parts) n = checked_add(n, checked_add(b - a, std::int64_t{1}));
  return n;
}
std::vector<std::int64_t> IntList::values(const std::string& option, std::int64_t most) const {
  if (size() > most)
    throw InputError("--" + option + ": " + std::to_string(size()) + " values, this command takes at most " +
                     std::to_string(most));
  std::vector<std::int64_t> v;
  for (const auto& [a, b] : parts)
    for (std::int64_t x = a;; ++x) {  // not `x <= b`: b may be INT64_MAX (--P 9223372036854775807)
      v.push_back(x);
      if (x == b) break;
    }
  return v;
}

IntList parse_list(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi, bool one_item) {
  IntList out;
  std::size_t pos = 0;
  while (true) {
    const std::size_t comma = text.find(',', pos);
    const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    const std::size_t dots = item.find("..");
    std::int64_t a, b;
    if (dots == std::string::npos) {
      a = b = parse_int(option, item, lo, hi, text);
    } else {
      a = parse_int(option, item.substr(0, dots), lo, hi, text);
      b = parse_int(option, item.substr(dots + 2), lo, hi, text);
    }
    if (a > b) throw InputError("--" + option + " '" + text + "': range " + item + " is descending");
    for (const auto& [c, d] : out.parts)
      if (a <= d && c <= b) throw InputError("--" + option + " '" + text + "': " + item + " overlaps an earlier item");
    out.parts.emplace_back(a, b);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if (one_item && out.parts.size() != 1)
    throw InputError("--" + option + " '" + text + "': expected N or A..B (one range, no list)");
  return out;
}

int receive_only_letter(const std::string& text, int L, int letters) {
  Letter x = 0;
  try {
    x = parse_letter(text);
  } catch (const InputError& e) {
    throw InputError("--receive-only '" + text + "': " + e.what());
  }
  if (x < 0 || x >= letters) throw InputError("--receive-only " + text + " is not a letter of L=" + std::to_string(L));
  return x;
}

std::string command_path(const CLI::App* app) {
  std::string path;
  for (const CLI::App* a = app; a && a->get_parent(); a = a->get_parent())
    path = path.empty() ? a->get_name() : a->get_name() + " " + path;
  return path;
}

CLI::Option* add(CLI::App* app, const std::string& name, int& var) { return add_number(app, name, var, K::int_); }
CLI::Option* add(CLI::App* app, const std::string& name, std::int64_t& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::size) return add_number(app, name, var, K::int_);
  const std::int64_t lo = s.lo, hi = s.hi;
  if (*s.deflt) var = parse_size(name, s.deflt, lo, hi);
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, lo, hi](const std::string& text) {
        try {
          var = parse_size(name, text, lo, hi);
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

std::int64_t parse_size(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi) {
  auto human = [](std::int64_t b) {
    for (const char* u : {"T", "G", "M", "K"}) {
      const int shift = u[0] == 'T' ? 40 : u[0] == 'G' ? 30 : u[0] == 'M' ? 20 : 10;
      if (b >= (std::int64_t{1} << shift) && b % (std::int64_t{1} << shift) == 0)
        return std::to_string(b >> shift) + u;
    }
    return std::to_string(b);
  };
  auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected a size such as 512M or 2G (K, M, G, T: powers of 1024) from " +
                      human(lo) + " to " + human(hi));
  };
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 13) throw bad();
  std::string unit = text.substr(digits);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() == 3 && unit.compare(1, 2, "IB") == 0) unit.resize(1);  // KiB
  else if (unit.size() == 2 && unit.back() == 'B') unit.pop_back();           // KB
  int shift = 0;
  if (unit == "K") shift = 10;
  else if (unit == "M") shift = 20;
  else if (unit == "G") shift = 30;
  else if (unit == "T") shift = 40;
  else if (!unit.empty() && unit != "B") throw bad();
  const std::int64_t n = std::stoll(text.substr(0, digits));
  if (n > (kMax >> shift)) throw bad();
  const std::int64_t v = n << shift;
  if (v < lo || v > hi) throw bad();
  return v;
}
CLI::Option* add(CLI::App* app, const std::string& name, double& var) { return add_number(app, name, var, K::float_); }

CLI::Option* add(CLI::App* app, const std::string& name, IntList& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::list && s.kind != K::range)
    throw std::logic_error("--" + name + " is not a range or list in the options table");
  const bool one = s.kind == K::range;
  if (*s.deflt) var = parse_list(name, s.deflt, s.lo, s.hi, one);
  const std::int64_t lo = s.lo, hi = s.hi;
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, lo, hi, one](const std::string& text) {
        try {
          var = parse_list(name, text, lo, hi, one);
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

CLI::Option* add_schedule_file(CLI::App* app, std::string& file) {
  return app->add_option("file", file, "schedule JSON (assignment, solve --json, kbroadcast --out ...; - = stdin)")
      ->required();
}

CLI::Option* add(CLI::App* app, const std::string& name, std::string& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::string && s.kind != K::path)
    throw std::logic_error("--" + name + " is not a string or path in the options table");
  auto* opt = app->add_option(option_names(name), var, s.help);
  if (*s.deflt) var = s.deflt;
  if (s.kind == K::path) opt->check(CLI::Validator(path_text, ""));
  return finish(app, opt, s);
}

CLI::Option* add(CLI::App* app, const std::string& name, bool& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::flag) throw std::logic_error("--" + name + " is not a flag in the options table");
  return app->add_flag(option_names(name), var, s.help);
}

void add_alias(CLI::App* app, const std::string& alias, CLI::Option* target) {
  auto* opt = app->add_option_function<std::string>(
      "--" + alias, [target](const std::string& v) { target->add_result(v); target->run_callback(); },
      "same as " + target->get_name());
  opt->group("");  // hidden: one spelling per concept in --help
}

}  // namespace blockcast::cli
