// The `prove` run (request -> run -> result; docs/prover.md): the question "does this tree
// have a block-cyclic schedule at delay L + T?" answered by the independent SAT prover
// (prove.hpp): SOLVED with a checked witness, IMPOSSIBLE with a DRAT proof checked by the
// independent checker, UNKNOWN at a limit. The tree is the optimal tree I(t) (L, t), or a
// trimmed tree for P processors (L, P, shape; ties by default: the lower bound L + B(P-1)).
// The CLI (cli/cmd_prove.cpp), the public library (api/prove.cpp) and Python call this run;
// reports/prove_answer.hpp renders its result.
#pragma once
#include <string>

#include "prove.hpp"
#include "trim.hpp"

namespace blockcast::sat {

struct ProveRequest {
  int L = 0;
  int t = 0;                     // the optimal tree I(t) (P - 1 = f_t); 0 = give P instead
  i64 P = 0;                     // a trimmed tree for P processors; 0 = give t instead
  std::string shape;             // with P: "ties" (default) or "pruned"; "optimal" when P - 1 = f_t
  std::string receive_only;      // "" = any; else the receive-only letter (a, b, ...)
  bool extendable = false;       // the root word stays legal with the receive-only letter inserted
  std::string encoding = "residue";  // residue or counts (prove.hpp CnfForm)
  bool symmetry = true;          // symmetry breaking between blocks of one type
  double time_limit = 0;         // seconds for the whole call: encode, solve and proof check (0 = none)
  std::int64_t conflicts = 0;    // SAT conflict limit (0 = none)
  std::string proof_path;        // keep the DRAT proof here ("" = a temporary file, removed)
  std::string dimacs_path;       // write the CNF here ("" = none)
  RunControl control;            // the caller's cancel flag (progress: none)
};

struct ProveAnswer {
  TreeSpec spec;       // the tree decided
  ProveResult result;  // verdict, witness, CNF size, solver and proof statistics
  double seconds = 0;  // measured, the whole call
};

// InputError (one line) for a request that names no tree or two (t and P), a shape without
// P, an L, t or P out of range, a letter that is not one of the tree, an unknown encoding.
ProveAnswer run_prove(const ProveRequest& request);

}  // namespace blockcast::sat
