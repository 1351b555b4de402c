// blockcast's `prove` question in the public C++ API (docs/prover.md): does a tree have a
// block-cyclic schedule at delay L + T? Answered by the independent SAT prover: SOLVED with
// a checked witness, IMPOSSIBLE with a DRAT proof checked by an independent checker, UNKNOWN
// at a limit. The same run as `blockcast prove` (search/sat/prove_run.hpp): the same verdict,
// numbers and JSON.
#pragma once
#include <blockcast/blockcast.hpp>
#include <cstdint>
#include <string>

namespace blockcast::api {

struct ProveRequest {
  int L = 0;
  int t = 0;                          // the optimal tree I(t), P - 1 = f_t; 0 = give P instead
  std::int64_t P = 0;                 // a trimmed tree for P processors; 0 = give t instead
  std::string shape;                  // with P: "ties" (default: the lower bound L + B(P-1)) or "pruned"
  std::string receive_only;           // "" = any; else the receive-only letter (a, b, ...)
  bool extendable = false;
  std::string encoding = "residue";   // "residue" or "counts" (docs/prover.md)
  double time_limit = 0;              // seconds for the whole call (0 = none)
  std::int64_t conflicts = 0;         // SAT conflict limit (0 = none)
  std::string proof_path;             // keep the DRAT proof here ("" = removed)
  RunControl control;                 // the caller's cancel flag (progress: none)
};

struct ProveReport {
  Verdict verdict = Verdict::unknown;
  std::string verification;  // what was checked: the witness, or the proof and its checker
  double seconds = 0;        // measured
  int L = 0, t = 0, T = 0;   // the tree: delay L + T
  std::int64_t P = 0;
  std::string shape;
  std::int64_t vars = 0, clauses = 0, proof_bytes = 0;
  std::string json;          // the CLI's --json output without the command line
  std::string to_json() const { return json; }
};

// InvalidInput for a request the CLI would refuse (the same checks and messages).
ProveReport prove(const ProveRequest& request);

}  // namespace blockcast::api
