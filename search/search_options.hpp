// Options of one exact search (filled from the CLI options table).
#pragma once
#include <optional>

#include "limits.hpp"
#include "tuning.hpp"
#include "word.hpp"

namespace blockcast {

struct SearchOptions {
  int threads = 0;                      // 0 = all cores
  Limits limits;
  bool memo = true;                     // nogood memoisation on (position, remaining letters)
  bool prune = true;                    // necessary-condition pruning (letter bounds, r<=2 tail)
  std::optional<Letter> receive_only;   // require this receive-only letter
  bool extendable = false;              // root word must absorb receive_only forever (Sec. 7)
  Tuning tuning;                        // budgets and effort knobs (search/tuning.hpp)
};

}  // namespace blockcast
