// Exit codes of every blockcast command, one table for all (docs/exit-codes.md). A verdict
// maps to its own code so that scripts can tell SOLVED, IMPOSSIBLE and UNKNOWN apart
// without parsing output; bad input and rejected schedules never exit 0.
#pragma once
#include "verdict.hpp"

namespace blockcast::cli {

enum ExitCode : int {
  exit_ok = 0,          // SOLVED, or the command did what was asked (check: accepted)
  exit_rejected = 1,    // a schedule / certificate was checked and rejected
  exit_bad_input = 2,   // bad option or file: one-line error naming the problem
  exit_internal = 3,    // a bug: an unexpected exception
  exit_impossible = 4,  // IMPOSSIBLE: the complete search was exhausted
  exit_unknown = 5,     // UNKNOWN: a limit was hit before a verdict
};

inline int exit_code(Verdict v) {
  switch (v) {
    case Verdict::solved: return exit_ok;
    case Verdict::impossible: return exit_impossible;
    case Verdict::unknown: return exit_unknown;
  }
  return exit_internal;
}

}  // namespace blockcast::cli
