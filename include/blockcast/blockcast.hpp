// blockcast's public C++ API: optimal broadcast schedules in the postal / LogP
// model for library callers (MPI and collective-library implementers) and for the Python
// module. Everything here is a value type over the standard library; the engine's own types
// (assignments, searches, the CLI) stay internal. Installed under include/blockcast/, found
// with find_package(blockcast), linked as blockcast::blockcast (docs/library.md).
//
//   #include <blockcast/blockcast.hpp>
//   namespace bc = blockcast::api;
//   bc::ContinuousSchedule s = bc::solve(5, 1000);      // L = 5, P = 1000
//   bc::RankProgram p = s.rank_program(17, s.delay(), 8);  // rank 17, 8 steps
//
// Every schedule the API returns was checked before it is returned: the symbolic checker
// and, where feasible, the independent postal-model simulator (what was done is in
// `verification()`). Invalid arguments throw blockcast::api::InvalidInput.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <blockcast/control.hpp>
#include <blockcast/program.hpp>
#include <blockcast/verdict.hpp>

namespace blockcast::api {

// "0.9.0": the library's version, also stamped in every JSON it writes.
std::string version();

// A caller's bad argument (L, P, k, rank out of range; a file that is not a schedule).
struct InvalidInput : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Verdicts are the one blockcast::Verdict (<blockcast/verdict.hpp>): a search answers SOLVED (a
// checked schedule), IMPOSSIBLE (an exhausted search says none of the form exists) or UNKNOWN
// (a limit was hit first, never turned into IMPOSSIBLE); a check answers ACCEPTED or REJECTED.

struct Options {
  // Seconds of wall clock; 0 = none: the deadline of the whole call. solve: the best schedule
  // found by then, or UNKNOWN. kitem: the continuous-schedule search, the constructions and
  // every SAT endgame solve share it (each solve may use what is left); SAT models past the
  // memory bound are not built.
  double time_limit = 10;
  int threads = 0;  // 0 = all cores
  // The caller's cancel flag (set it from another thread: the call returns soon, UNKNOWN) and
  // progress callback (solve: each phase), include/blockcast/control.hpp.
  RunControl control;
};

// The answer of `solve` for (L, P) (SPEC Sec. 2-6), the same run and verdict as `blockcast
// solve --P`: the best block-cyclic continuous broadcast (item i, created at the source, rank 0,
// at step i, reaches every rank by step i + delay) and, when that stays above the lower bound,
// the best delay of any form (a periodic schedule may reach the bound: L = 4, P = 8).
class ContinuousSchedule {
 public:
  int L() const;
  std::int64_t P() const;
  // SOLVED: a schedule at the lower bound, proved optimal for its form, or found without the
  // deadline cutting a search; UNKNOWN: the deadline stopped a search above the lower bound
  // with nothing proving the schedule optimal (found() may still hold), or no schedule.
  Verdict verdict() const;
  bool found() const;                // a block-cyclic schedule was found: delay(), rank_program() work
  std::int64_t delay() const;        // the block-cyclic delay L + T; InvalidInput if !found()
  std::int64_t lower_bound() const;  // L + B(P-1): no schedule of any form is faster
  bool at_lower_bound() const;       // found() and delay() == lower_bound()
  // found() and delay() proved optimal among block-cyclic schedules (at the lower bound, or
  // one above it with the lower bound proved impossible), as `solve` says.
  bool optimal() const;
  std::string shape() const;         // "optimal", "ties", "pruned" (the tree; docs/shapes.md)
  // The best delay of any form found (the periodic search's when it beats delay()); its form,
  // "block-cyclic" or "periodic", and a periodic schedule's period (0 otherwise).
  // InvalidInput if no schedule of any form was found.
  std::int64_t best_delay() const;
  std::string form() const;
  int period() const;
  std::string reason() const;        // what was searched, or which limit stopped it
  std::string verification() const;  // what checked the block-cyclic schedule
  // The document `blockcast solve --P --json` prints (format blockcast-solve, no "command").
  std::string solve_json() const;
  // Steps [first_step, first_step + steps) of the endless schedule for one rank.
  RankProgram rank_program(std::int64_t rank, std::int64_t first_step, std::int64_t steps) const;
  // The same schedule cut after k items (a k-item schedule of time delay + k - 1).
  RankProgram rank_program_items(std::int64_t rank, std::int64_t k) const;
  // The `solve --json` payload: an assignment file (docs/assignment-format.md) that every
  // blockcast command taking a schedule reads.
  std::string to_json() const;

  struct Impl;
  explicit ContinuousSchedule(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

 private:
  std::shared_ptr<const Impl> impl_;
};

// The best schedule for 1 <= L <= 1024 and P >= 2 (InvalidInput beyond, or where a count
// would overflow 64 bits: the CLI's limits): `blockcast solve --P P` with
// --time-limit options.time_limit (block-cyclic, then periodic schedules of periods 1..6 when
// block-cyclic is above the bound; these may use what is left of the time limit, or 10 s
// without one: --period-time-limit 0 or 10).
ContinuousSchedule solve(int L, std::int64_t P, const Options& options = {});
// A schedule read from JSON (any assignment blockcast writes), checked symbolically.
ContinuousSchedule read_continuous(const std::string& json);

// A broadcast of k items (Karp et al. 1993, Sec. 3.1): every rank holds items 0..k-1 at time().
class KItemSchedule {
 public:
  int L() const;
  std::int64_t P() const;
  std::int64_t k() const;
  // SOLVED: a checked schedule, optimal or with no limit cutting a method short; UNKNOWN: a
  // limit stopped a method and the schedule is not proved optimal, or no schedule was found
  // (no continuous schedule to cut by the deadline). The same run and rule as `kbroadcast`.
  Verdict verdict() const;
  bool found() const;                // a schedule exists: time(), rank_program() work
  std::string reason() const;        // one line: the best time and why, or which limit stopped it
  double seconds() const;            // measured, the whole call
  std::int64_t time() const;         // last reception step; InvalidInput if !found()
  std::int64_t lower_bound() const;  // Karp et al. 1993, Thm 3.1: no k-item schedule is faster
  bool optimal() const;              // at the lower bound, or proved optimal by the exact search
  std::string method() const;        // "circulant", "cut", "endgame", ...
  std::string verification() const;  // what checked the schedule
  // The document `blockcast kbroadcast --json` prints (format blockcast-kbroadcast, no "command").
  std::string report_json() const;
  RankProgram rank_program(std::int64_t rank) const;
  // The explicit schedule (format blockcast-schedule, every message); InvalidInput when it
  // is too large to list (P * (k + time) over 5 * 10^7): use rank_program then.
  std::string to_json() const;

  struct Impl;
  explicit KItemSchedule(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

 private:
  std::shared_ptr<const Impl> impl_;
};

// The default budget of kitem in seconds, that of `kbroadcast --time-limit` too: the
// constructions answer first (within about 1 s at L <= 256, P <= 10^4, k <= 256), the SAT
// endgames use the rest (docs/kbroadcast.md Sec. 1.1).
inline constexpr double kKitemTimeLimit = 60;
// The best k-item schedule blockcast can build for (L, P, k), L >= 1, P >= 2, k >= 1, within
// options.time_limit (the whole call). InvalidInput on bad input.
KItemSchedule kitem(int L, std::int64_t P, std::int64_t k, const Options& options = {});

// Result of a check: of a schedule (`check`, `simulate`) or of a certificate
// (`verify_certificate`). The CLI's commands of the same names run the same checks and give
// the same verdict, reason and numbers; `to_json()` is their `--json` output without the
// command line.
struct CheckReport {
  bool accepted = false;
  Verdict verdict = Verdict::rejected;  // ACCEPTED or REJECTED
  std::string format;       // the document's format ("blockcast-assignment", ...)
  std::string reason;       // the first broken rule when rejected
  std::string rule;         // its family: "symbolic", "circulant", "claimed-delay", a simulator rule
  double seconds = 0;       // measured
  int L = 0;
  std::int64_t P = 0, items = 0;
  std::int64_t max_delay = 0;  // simulated: the largest item delay (0 if not simulated)
  std::int64_t time = 0;       // simulated: the last reception step (a k-item schedule's time)
  std::int64_t messages = 0;   // simulated: messages replayed
  bool simulated = false;
  std::string json;  // the CLI's --json payload for this check (format, verdict, reason, fields)
  std::string to_json() const { return json; }
};

// `check`: symbolic check of an assignment and, with k > 0 (or for an explicit schedule), an
// independent replay of k items in the postal model; a circulant schedule too large to list
// is rebuilt and checked structurally. InvalidInput for JSON that holds no schedule.
CheckReport check(const std::string& schedule_json, std::int64_t k = 0);
// `simulate`: every schedule replayed by the independent simulator; an assignment needs
// k > 0 items (InvalidInput otherwise), an explicit schedule replays its first k (0 = all).
CheckReport simulate(const std::string& schedule_json, std::int64_t k = 0);

// `export`: the schedule checked (an assignment symbolically), expanded to k items (an
// assignment needs k > 0; an explicit schedule: its first k, 0 = all), replayed by the
// simulator, and written as `format`: "goal" (LogGOPSim's GOAL), "csv" or "json" (the
// explicit schedule). bytes / segment_bytes give the items' sizes in GOAL and CSV (as the
// CLI's --bytes, --segment-bytes). InvalidInput for a schedule that fails a check.
std::string export_schedule(const std::string& schedule_json, const std::string& format, std::int64_t k = 0,
                            std::int64_t bytes = 0, std::int64_t segment_bytes = 0);

// verify-certificate: re-checks a conjecture certificate (base cases symbolically, those
// with P * (items + L + T) <= sim_events also by the simulator, the induction's
// compositions, and the evidence that t0 is minimal unless skip_minimality).
CheckReport verify_certificate(const std::string& certificate_json, std::int64_t sim_events = 2'000'000,
                               bool skip_minimality = false);

// JSON of a rank program: {"format": "blockcast-rank-program", "rank", "L", "sends":
// [[step, peer, item], ...], "recvs": [...]}.
std::string to_json(const RankProgram& program);

}  // namespace blockcast::api
