// Public API (blockcast::api): the questions on binary fat trees (Dimakopoulos and Dimopoulos
// 1995; docs/fattree.md) that `blockcast fattree` asks, as library calls:
//   fattree_search    the fewest steps of a collective operation in the paper's model (or
//                     "does it finish within S steps?"), decided exactly: every SOLVED answer
//                     carries a witness the link-level simulator replayed, every IMPOSSIBLE an
//                     exhausted CSP or a DRAT proof that was checked; a limit gives UNKNOWN.
//   fattree_simulate  the paper's schedule for one operation, replayed by the simulator next to
//                     the paper's formula and lower bounds.
//   fattree_table     fattree_simulate for every operation over sizes and capacity patterns.
//   fattree_plot      the optimum against the paper's formula from saved search outputs, every
//                     witness replayed again (nothing taken on trust from the files).
// The CLI, this API and Python call the same runs (search/fattree/fattree_run.hpp); to_json
// gives the JSON of `blockcast fattree ... --json` without its "command" field. Value types
// over the standard library only. Bad input throws InvalidInput (one line).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <blockcast/blockcast.hpp>
#include <blockcast/control.hpp>

namespace blockcast::api {

// Destinations of an injection other than one leaf.
inline constexpr std::int64_t kFattreeAllOthers = -1;  // every leaf but the source (replicated)
inline constexpr std::int64_t kFattreeList = -2;       // the leaves of FattreeInjection::dsts

// One packet injected at a leaf: it crosses the source's up-branch in `step` (steps from 1).
struct FattreeInjection {
  std::int64_t step = 0, src = 0;
  std::int64_t dst = 0;               // a leaf, kFattreeAllOthers or kFattreeList
  std::vector<std::int64_t> dsts;     // kFattreeList: the destination leaves, sorted
  std::int64_t payload = 0;           // the message id (total exchange: s * n + d)
  std::vector<std::int64_t> hops;     // timed schedules: the step in which each hop is crossed
};

// A witness schedule, in the order the search produced it.
struct FattreeSchedule {
  std::vector<FattreeInjection> injections;
  bool timed = false;  // every injection carries its hops (store-and-forward), or none does
};

struct FattreeSearchRequest {
  // broadcast, scatter, gather, multinode-broadcast, total-exchange (or queue-free-mnb: the
  // multinode broadcast with model "multicast" by default)
  std::string op = "total-exchange";
  std::int64_t n = 0;                 // leaves, a power of two >= 2
  std::string capacities = "cbft";    // cbft, ebft, linear or "c1,c2,...,ch"
  std::string model;                  // queues, queue-free, multicast, flood ("" = queues)
  std::string solver;                 // csp, sat ("" = the faster one for the model)
  int steps = 0;                      // > 0: decide this bound only; 0: search for the minimum
  int queue_bound = -1;               // model queues: most packets waiting at a node (-1 = unbounded)
  std::string encoding = "all";       // SAT encoding parts (docs/fattree.md)
  std::string proof_path;             // keep the DRAT proof of an UNSAT answer here ("" = none)
  std::string proof_check = "auto";   // auto, independent, internal
  int threads = 0;                    // CSP workers (0 = all cores)
  std::int64_t max_nodes = 0;         // CSP node limit per step bound (0 = none)
  double time_limit = 0;              // seconds for the whole call (0 = none); hitting it: UNKNOWN
  RunControl control;                 // the caller's cancel flag (progress: none)
};

// One step bound decided, by the CSP or by the SAT solver.
struct FattreeDecision {
  int steps = 0;
  Verdict verdict = Verdict::unknown;
  std::string search_space;  // what the verdict covers
  // CSP (solver "csp"): nodes and prunings of the complete search.
  std::int64_t nodes = 0, pruned_empty_domain = 0, pruned_hall = 0, pruned_symmetry = 0, parallel_subtrees = 0;
  double seconds = 0;  // CSP: the search; SAT: build + solve + proof check
  // SAT (solver "sat"): the CNF and its refutation.
  std::int64_t variables = 0, clauses = 0, learned_clauses = 0;
  double build_seconds = 0, solve_seconds = 0, proof_seconds = 0;
  std::string proof;  // IMPOSSIBLE: how the DRAT proof was checked
  // SOLVED: the schedule and the simulator's replay of it.
  FattreeSchedule witness;
  std::int64_t witness_simulated_steps = 0, witness_max_queue = 0;
};

struct FattreeSearchResult {
  // steps > 0: the verdict of that bound; else SOLVED when the minimum is determined, UNKNOWN
  // when a limit left a gap (never IMPOSSIBLE for the walk).
  Verdict verdict = Verdict::unknown;
  std::string reason;  // one line: the answer and what decided it, or which limit stopped it
  double seconds = 0;
  std::string op, model, solver;
  std::int64_t n = 0;
  std::string capacities, c;  // the pattern's name ("ebft" or "custom") and "1,2,4"
  int queue_bound = 0;        // -1 unbounded, 0 queue-free
  std::string encoding;       // SAT: the encoding's parts; CSP: ""
  int steps = 0;              // the request's steps (0: a walk)
  std::vector<FattreeDecision> runs;  // in the order decided
  std::optional<int> best_found;      // the fewest steps of a SOLVED run
  int lower_bound = 0;                // every schedule of the model needs at least this many
  std::string lower_bound_source;     // "exact search: IMPOSSIBLE at 10" or "analytic: ..."
  std::optional<int> minimum;         // best_found when it meets the lower bound
  std::string search_space;
};

struct FattreeSimulateRequest {
  std::string op;  // broadcast, scatter, gather, multinode-broadcast, total-exchange[-phased]
  std::int64_t n = 0;
  std::string capacities = "cbft";
  bool queue_free = false;  // reject the schedule when a packet would wait at a routing node
  bool trace = false;       // record the packets crossing each link in each step
};

struct FattreeLinkUse {
  std::int64_t step = 0;
  std::string link;  // "up 1:3": the branch above node (1, 3)
  std::int64_t packets = 0;
};

// The paper's schedule for one operation, simulated, next to the paper's values.
struct FattreeSimulation {
  std::string op;
  std::int64_t n = 0;
  std::string capacities, c;
  std::int64_t simulated = 0;  // steps of the simulated schedule
  std::optional<std::int64_t> paper_formula, expected;
  std::string formula_source;
  std::int64_t paper_lower_bound = 0, branch_bound = 0, max_queue = 0;
  std::vector<std::int64_t> max_link_queue_by_level, max_queue_by_level, crossings_per_step;
  std::int64_t link_crossings = 0, delivered = 0, required = 0, missing = 0, duplicates = 0, unexpected = 0;
  bool ok = false;     // the simulator accepted the schedule
  std::string error;   // else the first problem
  std::string status;  // "ok" (simulated = formula = analysis) or why not
  bool failed = false;  // rejected, below a lower bound or off the analysis (a bug, not a finding)
  double seconds = 0;
};

struct FattreeSimulateResult {
  bool accepted = false;  // ACCEPTED / REJECTED: the simulator's check of the schedule
  std::string reason;
  double seconds = 0;
  FattreeSimulation row;
  bool queue_free_mode = false, traced = false;
  std::vector<FattreeLinkUse> trace;
};

struct FattreeTableRequest {
  std::vector<std::int64_t> n;                // sizes, powers of two >= 2
  std::string capacities = "cbft,ebft,linear";  // pattern names, comma-separated
};

struct FattreeTableResult {
  bool accepted = false;  // no row failed
  std::string reason;
  double seconds = 0;
  std::vector<FattreeSimulation> rows;  // per pattern, size and operation
};

struct FattreePlotRequest {
  std::vector<std::string> files;  // outputs of `fattree search --json`
};

// The optimum of one (operation, capacities, model, n) as the files show it, re-checked.
struct FattreeOptimum {
  std::string op, capacities, model;       // "total-exchange", "ebft" or "1,4,4,4", "queue-free"
  std::int64_t n = 0;
  std::optional<std::int64_t> best;        // steps of the best schedule found (its replay checked)
  std::int64_t lower_bound = 0;            // every schedule of the model needs at least this many
  std::string lower_source;                // "exact search: IMPOSSIBLE at 18" or "analytic: ..."
  std::optional<std::int64_t> formula;     // the paper's running time, if it states one
  std::string formula_source;
  bool settled() const { return best && *best == lower_bound; }
};

struct FattreePlotResult {
  bool accepted = false;  // REJECTED: a witness failed its replay or beat a proved bound (reason)
  std::string reason;
  double seconds = 0;
  std::vector<FattreeOptimum> rows;  // merged, sorted by (op, capacities, model, n)
};

FattreeSearchResult fattree_search(const FattreeSearchRequest& request);
FattreeSimulateResult fattree_simulate(const FattreeSimulateRequest& request);
FattreeTableResult fattree_table(const FattreeTableRequest& request);
FattreePlotResult fattree_plot(const FattreePlotRequest& request);

// The JSON of `blockcast fattree search|simulate|table|plot --json` (the envelope without
// "command"), indented.
std::string to_json(const FattreeSearchResult& result);
std::string to_json(const FattreeSimulateResult& result);
std::string to_json(const FattreeTableResult& result);
std::string to_json(const FattreePlotResult& result);

}  // namespace blockcast::api
