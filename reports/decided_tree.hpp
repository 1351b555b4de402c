// The plain sentence that opens every verdict line about one tree (SPEC Sec. 6): `prove`,
// `solve --t` and each delay `solve --P` tried say what was decided, for which form of
// schedule and which tree, before the verdict word and its evidence, e.g.
//   No block-cyclic schedule reaches delay 14 for L = 2, P = 234 (t = 12, optimal tree)
// Renders only (header-only); the verdict and the tree come from the run.
#pragma once
#include <string>

#include "instance.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

// One decided tree: T_T with `removed` trailing leaves removed, delay L + T.
struct DecidedTree {
  int L = 0;
  i64 P = 0;
  int t = 0;  // B(P-1): the depth of the optimal tree
  int T = 0;  // the depth of the tree decided (T > t: pruned above the lower bound)
  Shape shape = Shape::optimal;
  i64 removed = 0;
  i64 delay() const { return L + T; }
};

// "optimal tree" or "ties tree: T_8 with 3 leaves removed" (the tree, named once everywhere).
inline std::string tree_phrase(const DecidedTree& d) {
  if (d.removed == 0 && d.T == d.t) return "optimal tree";
  return shape_name(d.shape) + " tree: T_" + std::to_string(d.T) + " with " + std::to_string(d.removed) +
         (d.removed == 1 ? " leaf" : " leaves") + " removed";
}

// The schedules' required form beyond block-cyclic: "" (any), " with receive-only letter a",
// " with receive-only letter a in an extendable root word" (--receive-only, --extendable).
inline std::string condition_phrase(const std::string& receive_only, bool extendable) {
  if (receive_only.empty()) return extendable ? " with an extendable root word" : "";
  return " with receive-only letter " + receive_only + (extendable ? " in an extendable root word" : "");
}

// "No block-cyclic schedule reaches delay 14 for L = 2, P = 234 (t = 12, optimal tree)";
// SOLVED: "A block-cyclic schedule reaches ..."; UNKNOWN: "Not decided whether a block-cyclic
// schedule reaches ...". `condition` (condition_phrase) follows "schedule": a verdict under
// --receive-only says so. The caller appends ": VERDICT, evidence".
inline std::string decided_sentence(Verdict v, const DecidedTree& d, const std::string& condition = "") {
  const std::string what = "block-cyclic schedule" + condition + " reaches delay " + std::to_string(d.delay()) +
                           " for L = " + std::to_string(d.L) + ", P = " + std::to_string(d.P) +
                           " (t = " + std::to_string(d.t) + ", " + tree_phrase(d) + ")";
  switch (v) {
    case Verdict::solved: return "A " + what;
    case Verdict::impossible: return "No " + what;
    default: break;
  }
  return "Not decided whether a " + what;
}

}  // namespace blockcast
