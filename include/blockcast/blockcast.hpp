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

#include <blockcast/program.hpp>

namespace blockcast::api {

// "0.9.0": the library's version, also stamped in every JSON it writes.
std::string version();

// A caller's bad argument (L, P, k, rank out of range; a file that is not a schedule).
struct InvalidInput : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// SOLVED: a checked schedule; IMPOSSIBLE: an exhausted search says none of the form exists;
// UNKNOWN: a limit was hit first (never turned into IMPOSSIBLE).
enum class Verdict { solved, impossible, unknown };
std::string to_string(Verdict v);  // "SOLVED", "IMPOSSIBLE", "UNKNOWN"

struct Options {
  // Seconds of wall clock; 0 = none: the deadline of the whole call. solve: the best schedule
  // found by then, or UNKNOWN. kitem: the continuous-schedule search, the constructions and
  // every SAT endgame solve share it (each solve may use what is left); SAT models past the
  // memory bound are not built.
  double time_limit = 10;
  int threads = 0;  // 0 = all cores
};

// The best block-cyclic continuous broadcast for (L, P) (SPEC Sec. 2-6): item i, created at
// the source (rank 0) at step i, reaches every rank by step i + delay.
class ContinuousSchedule {
 public:
  int L() const;
  std::int64_t P() const;
  Verdict verdict() const;
  bool found() const { return verdict() == Verdict::solved; }
  std::int64_t delay() const;        // L + T; InvalidInput if !found()
  std::int64_t lower_bound() const;  // L + B(P-1): no schedule of any form is faster
  bool optimal() const;              // found() and delay() == lower_bound()
  std::string shape() const;         // "optimal", "ties", "pruned" (the tree; docs/shapes.md)
  std::string reason() const;        // why delay > lower bound, or why none was found
  std::string verification() const;  // what checked the schedule
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

// The best schedule for 1 <= L <= 256 and 2 <= P <= 10^9.
ContinuousSchedule solve(int L, std::int64_t P, const Options& options = {});
// A schedule read from JSON (any assignment blockcast writes), checked symbolically.
ContinuousSchedule read_continuous(const std::string& json);

// A broadcast of k items (Karp et al. 1993, Sec. 3.1): every rank holds items 0..k-1 at time().
class KItemSchedule {
 public:
  int L() const;
  std::int64_t P() const;
  std::int64_t k() const;
  std::int64_t time() const;         // last reception step
  std::int64_t lower_bound() const;  // Karp et al. 1993, Thm 3.1: no k-item schedule is faster
  bool optimal() const { return time() == lower_bound(); }
  std::string method() const;        // "circulant", "cut", "endgame", ...
  std::string verification() const;  // what checked the schedule
  RankProgram rank_program(std::int64_t rank) const;
  // The explicit schedule (format blockcast-schedule, every message); InvalidInput when it
  // is too large to list (P * (k + time) over 5 * 10^7): use rank_program then.
  std::string to_json() const;

  struct Impl;
  explicit KItemSchedule(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

 private:
  std::shared_ptr<const Impl> impl_;
};

// The best k-item schedule blockcast can build for (L, P, k), L >= 1, P >= 2, k >= 1.
KItemSchedule kitem(int L, std::int64_t P, std::int64_t k, const Options& options = {});

// Result of checking a schedule file.
struct CheckReport {
  bool accepted = false;
  std::string format;       // the document's format ("blockcast-assignment", ...)
  std::string reason;       // the first broken rule when rejected
  std::int64_t P = 0, items = 0;
  std::int64_t max_delay = 0;  // simulated: the largest item delay (0 if not simulated)
  bool simulated = false;
};

// Symbolic check of an assignment and, with k > 0 (or for an explicit schedule), an
// independent replay of k items in the postal model. InvalidInput for JSON that holds no
// schedule.
CheckReport check(const std::string& schedule_json, std::int64_t k = 0);

// verify-certificate: re-checks a conjecture certificate (base cases, induction, claims).
CheckReport verify_certificate(const std::string& certificate_json);

// JSON of a rank program: {"format": "blockcast-rank-program", "rank", "L", "sends":
// [[step, peer, item], ...], "recvs": [...]}.
std::string to_json(const RankProgram& program);

}  // namespace blockcast::api
