// Constructive methods for base cases (Karp et al. 1993, Sec. 3.3; SPEC Sec. 4, 7): fast, incomplete
// ways to SOLVE one instance with a given receive-only letter x (and, for the induction, an
// x-extendable root). They never claim IMPOSSIBLE from a failed attempt; the only
// IMPOSSIBLE they report comes from a counting argument stated in `covered`. Every witness
// passes check_assignment (and the root extension test) before it is returned.
//
//   paper-greedy (constructive_greedy.cpp): the algorithm outlined in Karp et al. 1993, Sec. 3.3.
//   repair       (constructive_repair.cpp): residue-aware packing of the non-root blocks with
//                local repair, then the root word as a ground-state juggling pattern.
//   bulk         (constructive_bulk.cpp): for huge block counts (P up to 10^9): block types
//                packed in groups sharing one count vector (fair shares with error
//                diffusion), the root last; not for an x-extendable root.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "assignment.hpp"
#include "instance.hpp"
#include "limits.hpp"
#include "stats.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

struct ConstructiveOptions {
  Letter x = 0;              // receive-only letter
  bool extendable = true;    // the root word must absorb x forever (SPEC Sec. 7)
  int tries = 60;            // randomized restarts (repair); 0: only the counting checks
  std::int64_t root_nodes = 30000;  // ground-state search budget per root attempt (repair)
  std::uint64_t seed = 1;    // runs are reproducible for a given seed
  std::int64_t bulk_groups = 1;         // bulk: groups (count vectors) per block type before residue fixes
  Clock::time_point deadline = Clock::time_point::max();  // the caller's deadline (repair, bulk): UNKNOWN after it
  const std::atomic<bool>* cancel = nullptr;               // the caller's cancel flag: like the deadline
  bool late() const {
    return (cancel && cancel->load(std::memory_order_relaxed)) || (deadline != Clock::time_point::max() && Clock::now() >= deadline);
  }
};

struct ConstructiveResult {
  Verdict verdict = Verdict::unknown;
  std::optional<Assignment> witness;  // SOLVED only; checked
  std::string method;                 // "paper-greedy" or "repair"
  std::string covered;                // why it stopped
  std::int64_t tries = 0;
  double seconds = 0;
};

ConstructiveResult solve_paper_greedy(const Instance& inst, const ConstructiveOptions& opt);
ConstructiveResult solve_repair(const Instance& inst, const ConstructiveOptions& opt);
ConstructiveResult solve_bulk(const Instance& inst, const ConstructiveOptions& opt);

// Shared by both methods: the assignment from one word per expanded block (r = 1 blocks
// get the empty word), checked symbolically and, when opt.extendable, for the root's
// x-extension; throws std::logic_error on failure (a bug in the method).
struct PlacedWord {
  int r = 0;
  i64 u = 0;
  Word word;
};
Assignment finish_constructive(const Instance& inst, const std::vector<PlacedWord>& words,
                               const ConstructiveOptions& opt, const std::string& method);

}  // namespace blockcast
