// The one options table of the blockcast CLI (see options.hpp): every option of every
// command, its kind, default, range, help and, for a word option, the words it takes.
// Per-command entries come first in lookups, so a command states its own default here,
// never in its cmd_*.cpp. check_options_table (options.cpp) checks it at start-up.
#include <limits>

#include "options.hpp"
#include "postal.hpp"  // kMaxLatency: one limit for the CLI, the C++ API and Python

namespace blockcast::cli {

namespace {
using K = OptionKind;
constexpr std::int64_t kNoLimit = std::numeric_limits<std::int64_t>::max();

const std::vector<OptionSpec> kTable = {
    // The model.
    // L, t, P and k define the question a command answers: required, never defaulted (a
    // forgotten --L answered for L = 3 is a confident wrong answer). The tables and the
    // conjecture survey ranges of them; their default ranges are printed row by row.
    {"*", "L", K::list, "", 1, kMaxLatency, "latency L of the postal model (a message takes L steps)", required_unless("assignment")},
    {"conjecture", "L", K::list, "3..10", 1, kMaxLatency, "latencies L to certify: N, A..B or a list"},
    {"table", "L", K::list, "2..8", 1, kMaxLatency, "latencies L: N, A..B or a list"},
    {"kbroadcast-table", "L", K::list, "1..3", 1, 16, "latencies L: N, A..B or a list"},
    {"*", "t", K::int_, "", 0, 1024, "tree depth t: the optimal tree has P-1 = f_t nodes", required_unless("P")},
    {"*", "P", K::list, "", 2, kNoLimit, "processors including the source: N, A..B or a list (10,100,1000)",
     required_unless("t,assignment")},
    {"table", "P", K::list, "2..100", 2, 999'999'999, "processors including the source: N, A..B or a list"},
    {"kbroadcast-table", "P", K::list, "2..8", 2, 100'000, "processors including the source: A..B (P <= 12 without --ranges)"},
    {"simple-schedule", "P", K::list, "", 2, 100'000, "processors including the source: N, A..B or a list", kRequired},
    {"latency", "P", K::list, "", 2, 100'000, "processors including the source: N, A..B or a list", kRequired},
    {"draw tree", "P", K::list, "", 2, kNoLimit, "processors including the source, as in solve: draws T_t with P-1 = f_t nodes",
     required_unless("t")},
    {"kbroadcast-baselines", "L", K::list, "", 1, 64, "latencies L: N, A..B or a list", kRequired},
    {"kbroadcast-baselines", "P", K::list, "", 2, 1'000'000, "processors including the source: N, A..B or a list (P*k <= 10^6)",
     kRequired},
    {"kbroadcast-baselines", "k", K::list, "", 1, 1'000'000, "numbers of items k: N, A..B or a list (P*k <= 10^6)", kRequired},
    {"*", "o", K::int_, "0", 0, 1'000'000, "LogP send/receive overhead o"},
    {"*", "g", K::int_, "1", 1, 1'000'000, "LogP gap g between consecutive sends"},
    {"*", "r", K::int_, "", 1, 4096, "block size r (number of children of the internal node)"},
    {"*", "u", K::int_, "", 0, 1 << 20, "block index u = T - label (default L-1+r, the optimal tree)"},
    {"*", "shape", K::string, "optimal", 0, 0, "tree shape: optimal, ties or pruned (SPEC Sec. 6)", {}, "optimal,ties,pruned"},
    {"conjecture", "shape", K::string, "optimal", 0, 0, "tree shape of the induction: optimal or pruned", {}, "optimal,pruned"},
    {"*", "delay", K::int_, "", 1, kNoLimit, "delay D to decide (default L + B(P-1), the lower bound)"},
    // Items.
    {"*", "k", K::int_, "", 1, 1'000'000, "number of items k (the message is cut into k items)"},
    {"kbroadcast-table", "k", K::list, "1..4", 1, 4096, "numbers of items k: A..B (k <= 8 without --ranges)"},
    {"kbroadcast", "k", K::int_, "", 1, 1'000'000, "number of items k (the message is cut into k items)", kRequired},
    {"simple-schedule", "k", K::int_, "", 1, 1'000'000, "number of items k replayed per schedule", kRequired},
    {"latency", "k", K::int_, "", 1, 1'000'000, "number of items k replayed per schedule", kRequired},
    {"*", "item", K::int_, "0", 0, 999'999, "the item whose broadcast tree is drawn"},
    {"*", "rank", K::int_, "0", 0, kNoLimit, "the rank (processor id; 0 is the source) whose program is printed"},
    {"rank-program", "k", K::int_, "0", 0, 1'000'000, "the schedule cut after k items (0: the window of --step-range)"},
    {"*", "sim-events", K::int_, "2000000", 0, 50'000'000,
     "simulator replay bound: witnesses with P*(k+L+T) above it are checked symbolically only (0 = never replay)"},
    // Output.
    {"*", "json", K::flag, "", 0, 0, "print the result as JSON (one envelope: format, version, tool version, command)"},
    {"*", "count", K::flag, "", 0, 0, "print the exact number of legal words instead of the words"},
    {"*", "limit", K::int_, "100000", 1, kNoLimit, "maximum number of words to print"},
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
    {"reception", "format", K::string, "text", 0, 0, "output format: text, markdown or svg", {}, "text,markdown,svg"},
    {"export", "format", K::string, "", 0, 0, "output format: goal (LogGOPSim), csv or json (the explicit schedule)", {},
     "goal,csv,json"},
    {"table", "format", K::string, "text", 0, 0, "range table format: text or markdown", {}, "text,markdown"},
    {"draw tree", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)", {}, "dot,svg"},
    {"draw automaton", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)", {}, "dot,svg"},
    {"draw schedule", "format", K::string, "dot", 0, 0, "dot (Graphviz source) or svg (rendered by Graphviz dot on PATH)", {}, "dot,svg"},
    {"*", "plot", K::path, "", 0, 0, "write the plot of delay vs d to this SVG file (- = stdout)"},
    {"kbroadcast-baselines", "plot", K::path, "", 0, 0,
     "write completion time against k (several k) or P (one k) to this SVG file (- = stdout)"},
    {"*", "ratio-plot", K::path, "", 0, 0, "write time / lower bound against k (several k) or P (one k) to this SVG file (- = stdout)"},
    {"*", "addressing", K::string, "absolute", 0, 0, "reception table cells: absolute (item numbers) or relative (letters, SPEC Sec. 3)", {},
     "absolute,relative"},
    {"*", "step-range", K::range, "", 0, 999'999'999, "reception table columns: steps A..B (default: first to last reception)"},
    {"rank-program", "step-range", K::range, "", 0, 999'999'999,
     "steps A..B of the endless block-cyclic schedule (default: delay..2*delay-1)"},
    {"*", "cells", K::flag, "", 0, 0, "print every cell (--json: one assignment object per line) instead of ranges of P"},
    // Search and limits.
    {"*", "threads", K::int_, "0", 0, 1024, "worker threads (0 = all cores)"},
    {"*", "max-nodes", K::int_, "0", 0, kNoLimit, "node limit per search (0 = none); hitting it gives UNKNOWN"},
    {"table", "max-nodes", K::int_, "5000", 0, kNoLimit,
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
     "complete (exact search), constructive (paper greedy + repair), auto (constructive, then complete)", {},
     "complete,constructive,auto"},
    {"*", "seed", K::int_, "1", 0, kNoLimit, "seed of the randomized parts (runs are reproducible)"},
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
    {"*", "model", K::string, "", 0, 0, "fat-tree search model: queues (full model, SAT), queue-free, multicast or flood", {},
     "queues,queue-free,multicast,flood"},
    {"*", "solver", K::string, "", 0, 0, "csp (queue-free models) or sat (time-expanded CNF, every model); default by model", {},
     "csp,sat"},
    {"*", "queue-bound", K::int_, "", 0, 1'000'000, "--model queues: most packets waiting at one routing node after a step (default unbounded)"},
    {"*", "encoding", K::string, "all", 0, 0,
     "fattree search: SAT encoding parts, all, none or a comma list of shared, implied, redundant, symmetry (docs/fattree.md)"},
    {"*", "proof", K::path, "", 0, 0, "keep the DRAT proof of an UNSAT answer in this file"},
    {"prove", "encoding", K::string, "residue", 0, 0,
     "CNF of the word rule: residue (the rule as stated) or counts (letter counts and the sum condition mod r, by "
     "Hall's theorem; small proofs where residue proofs explode; optimal tree only)", {}, "residue,counts"},
    {"prove", "proof", K::path, "", 0, 0, "write the DRAT proof to this file (default: a temporary file, removed)"},
    {"*", "proof-check", K::string, "auto", 0, 0,
     "check UNSAT proofs with the independent DRAT checker (independent), CaDiCaL's checker (internal) or both in turn (auto)",
     {}, "independent,internal,auto"},
    // k items, periodic schedules, latency (docs/kbroadcast.md).
    {"*", "assignment", K::path, "", 0, 0, "assignment JSON file: the continuous schedule to cut after k items"},
    {"*", "m", K::int_, "0", 0, kNoLimit, "global bandwidth limit m: message sends per step (Adler et al. 1997); 0 = none"},
    {"*", "period", K::range, "1..4", 1, 64, "periods A..B of the periodic schedules searched"},
    {"solve", "period", K::range, "1..6", 1, 64,
     "periods A..B of the periodic (not block-cyclic) schedules searched when no block-cyclic schedule reaches the lower bound"},
    {"table", "period", K::range, "", 1, 64,
     "also search periodic (not block-cyclic) schedules of periods A..B in the cells above the lower bound (default: none)"},
    {"*", "ranges", K::flag, "", 0, 0,
     "constructions only (circulant, coloured endgame), no SAT: any size, rows merged into ranges of P and k"},
    {"*", "exact-time-limit", K::float_, "3", 0, 1'000'000,
     "with --ranges: seconds per SAT solve of the exact search in the small cells (P <= 12 and k <= 8, or k = 2 and P <= 24) the constructions leave above the bound (0 = none; --time-limit still bounds the command)"},
    {"*", "counting-time-limit", K::float_, "30", 0, 1'000'000,
     "with --ranges: a safety cap in seconds per cell of the counting SAT model, whose budget is 5,000 conflicts per SAT call, in the cells with P <= 64 and k <= 16 still above the bound after the exact search (0 = not run; --time-limit still bounds the command)"},
    {"*", "no-periodic", K::flag, "", 0, 0, "block-cyclic schedules only: no periodic search above the lower bound"},
    {"*", "period-time-limit", K::float_, "10", 0, 1'000'000,
     "seconds for the periodic search of one P, all its periods (0 = none; the command's --time-limit still bounds it)"},
    {"*", "window", K::int_, "0", 0, 64, "also decide the first N items of any continuous schedule (0 = skip)"},
    {"*", "d", K::range, "0..2", 0, 64, "every message takes between L-d and L+d steps (A..B: one row per d)"},
    {"*", "samples", K::int_, "20", 1, 100'000, "seeded random latency draws per d"},
    // The SAT prover (docs/prover.md).
    {"*", "dimacs", K::path, "", 0, 0, "write the CNF to this DIMACS file"},
    {"*", "conflicts", K::int_, "0", 0, kNoLimit, "SAT solver conflict limit (0 = none); hitting it gives UNKNOWN"},
    {"*", "no-symmetry", K::flag, "", 0, 0, "no symmetry breaking between blocks of one type (for cross-checks)"},
    // MPI (docs/mpi.md).
    {"*", "bytes", K::int_, "1024", 1, 1 << 30, "bytes per item (the message is k x bytes)"},
    {"*", "reps", K::int_, "5", 1, 1000, "repetitions of each timed broadcast (the median is reported)"},
    // The plan: from a machine to the postal model (docs/mpi-plan.md). Seconds are free text
    // with a unit (1us, 0.1ns, 2ms) parsed by cli/cmd_plan.cpp.
    {"plan", "P", K::list, "", 1, 10'000'000, "ranks including the root"},
    {"plan", "bytes", K::size, "", 0, kNoLimit, "the message: bytes, or with K, M, G (powers of 1024: 8MiB)"},
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
     "auto, or force one family: circulant, kitem, tree, chain, binomial, split-binary, scatter-allgather, two-tree", {},
     "auto,circulant,kitem,tree,chain,binomial,split-binary,scatter-allgather,two-tree"},
    {"*", "max-segments", K::int_, "0", 0, kNoLimit, "largest segment count K tried (0: min(4096, bytes / 256))"},
    {"plan", "time-limit", K::float_, "2", 0, 1'000'000'000,
     "time limit in seconds for the whole command (0 = none), schedule searches included"},
    {"mpi-run", "k", K::int_, "", 1, 1'000'000,
     "number of items K: a continuous schedule runs as its best k-item schedule of K items; a k-item schedule file "
     "runs with its own k (the default; another K is refused)"},
    {"mpi-run", "time-limit", K::float_, "0", 0, 1'000'000'000,
     "seconds for building the k-item schedule of a continuous schedule (0 = none: each SAT solve of the endgame "
     "then stops after 20 s, as in kbroadcast); when reached, the best schedule found so far runs"},
    // Exports with the real segment sizes (docs/reports.md).
    {"export", "bytes", K::int_, "", 1, kNoLimit,
     "message size N: item i gets floor(N/k) or ceil(N/k) bytes, the larger ones first (with --segment-bytes S: "
     "items of S bytes, the last one shorter); the sizes go into the GOAL sends/receives and a CSV bytes column"},
    {"*", "segment-bytes", K::int_, "", 1, kNoLimit,
     "bytes per item S (with --bytes N: the last item gets the rest, N must need exactly k segments)"},
};

}  // namespace

const std::vector<OptionSpec>& options_table() { return kTable; }

}  // namespace blockcast::cli
