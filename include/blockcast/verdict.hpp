// The one verdict of every question blockcast answers (docs/exit-codes.md), shared by the
// engine, the searches, the SAT solver, the proof checker, the reports, the C++ API and
// Python:
//   SOLVED      a search found a witness, and the witness was checked;
//   IMPOSSIBLE  a complete search (or a checked proof) says no witness of the form exists;
//   UNKNOWN     a limit (time, nodes, memory, an incomplete method) stopped it first: it proves
//               nothing, and a limit never turns into IMPOSSIBLE;
//   ACCEPTED    a check of a given schedule, certificate or proof passed (REJECTED: failed);
//   OK          a command that only computes or prints (instance, words, export).
// The SAT solver's SAT / UNSAT / UNKNOWN are SOLVED / IMPOSSIBLE / UNKNOWN; a DRAT check's
// verified / failed are ACCEPTED / REJECTED.
#pragma once
#include <string>

namespace blockcast {

enum class Verdict { done, solved, impossible, unknown, accepted, rejected };

// "OK", "SOLVED", "IMPOSSIBLE", "UNKNOWN", "ACCEPTED", "REJECTED": the JSON "verdict" field.
inline std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::done: return "OK";
    case Verdict::solved: return "SOLVED";
    case Verdict::impossible: return "IMPOSSIBLE";
    case Verdict::unknown: return "UNKNOWN";
    case Verdict::accepted: return "ACCEPTED";
    case Verdict::rejected: return "REJECTED";
  }
  return "?";
}

namespace api {
using blockcast::Verdict;
using blockcast::to_string;
}  // namespace api

}  // namespace blockcast
