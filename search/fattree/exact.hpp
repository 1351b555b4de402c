// Exact decision "does the operation finish within S steps?" in the paper's full fat-tree model
// (Dimakopoulos and Dimopoulos 1995, Sec. 2), by the time-expanded CNF of sat_model.hpp and CaDiCaL (search/sat).
// SAT: the model is decoded and replayed by the link simulator (a failing replay is an
// internal error). UNSAT: the solver's DRAT proof is checked, by the independent checker of
// search/sat when it finishes within its time limit, else by re-solving with CaDiCaL's internal
// proof checker; a rejected proof is an internal error. A limit gives UNKNOWN, never IMPOSSIBLE.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "fattree/sat_model.hpp"
#include "fattree/simulator.hpp"
#include "limits.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast::fattree {

enum class ProofCheck { automatic, independent, internal };
ProofCheck parse_proof_check(const std::string& s);  // auto, independent, internal

struct ExactOptions {
  double time_limit = 0;           // seconds for the solve (0 = none)
  // The command's deadline: the model's build, its load into the solver, the solve and the
  // proof check stop there (UNKNOWN).
  Clock::time_point deadline = Clock::time_point::max();
  const std::atomic<bool>* cancel = nullptr;  // the caller's cancel flag: like the deadline
  std::string proof_path;          // keep the DRAT proof here ("" = a temporary file)
  ProofCheck check = ProofCheck::automatic;
  double check_time_limit = 120;   // independent checker, seconds (automatic: then internal)
  std::function<void(const std::string&)> progress;  // a line about every 10 s of solving
};

struct ExactOutcome {
  Verdict verdict = Verdict::unknown;
  int steps = 0;
  Schedule witness;   // SOLVED
  SimResult check;    // the simulator's replay of the witness
  std::int64_t vars = 0, clauses = 0, learned = 0;
  double build_seconds = 0, solve_seconds = 0, proof_seconds = 0;
  std::string proof;  // IMPOSSIBLE: how the UNSAT proof was checked
  std::string space;  // what the verdict covers
};

ExactOutcome run_exact(const ExactSpec& spec, const ExactOptions& opt = {});

}  // namespace blockcast::fattree
