// Turning a letter distribution found by a search into a concrete, checked assignment:
// a word per count vector (Hall's theorem guarantees one; the root gets an x-extendable
// word when asked), r = 2 blocks get their single letters, r = 1 blocks the empty word.
// Every witness passes check_assignment before it leaves this file.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "assignment.hpp"
#include "tuning.hpp"
#include "word_construction.hpp"

namespace blockcast {

struct Distribution {
  std::vector<std::pair<BlockType, Counts>> vectors;  // type.count blocks of type (r, u) take this vector
  Counts tail_letters;                                // letters left for the r = 2 blocks
  Letter receive_only = 0;
  bool extendable_root = false;                       // root word must absorb receive_only
};

// Throws std::logic_error if a word cannot be built or the result fails the checker
// (that would be a bug in the search, never a user error).
Assignment build_witness(const Instance& inst, const Distribution& d);
// The same under a search's limits: `expired()` is polled while words are built (large
// blocks may need a local search, hall_word.hpp); nullopt if it fired.
std::optional<Assignment> build_witness(const Instance& inst, const Distribution& d,
                                        const std::function<bool()>& expired);

}  // namespace blockcast

namespace blockcast {

// Independent confirmation of a witness by the postal-model simulator (engine/simulator),
// run when P * (items + L + T) <= max_events with items = 3(L+T)+1 (several periods of
// every block). Returns "simulated: ..." / "not simulated: ..."; throws std::logic_error if
// the simulator rejects a schedule the checker accepted (a bug, never a user error).
std::string simulate_witness(const Assignment& a, i64 max_events = Tuning{}.max_sim_events);

}  // namespace blockcast
