// The three verdicts of every search. SOLVED carries a verified witness; IMPOSSIBLE means
// the complete search space was exhausted; UNKNOWN means a limit was hit (or an incomplete
// mode ran out of options) and proves nothing.
#pragma once
#include <string>

namespace blockcast {

enum class Verdict { solved, impossible, unknown };

inline std::string verdict_name(Verdict v) {
  switch (v) {
    case Verdict::solved: return "SOLVED";
    case Verdict::impossible: return "IMPOSSIBLE";
    case Verdict::unknown: return "UNKNOWN";
  }
  return "?";
}

}  // namespace blockcast
