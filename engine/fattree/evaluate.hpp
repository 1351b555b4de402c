// One row of the fat-tree table: generate the paper's schedule for an operation, simulate it
// and put the simulated time next to the paper's formula and lower bound (Dimakopoulos and Dimopoulos 1995).
#pragma once
#include <string>

#include "fattree/formulas.hpp"
#include "fattree/simulator.hpp"

namespace blockcast::fattree {

struct Row {
  Op op = Op::broadcast;
  FatTree tree;
  SimResult sim;
  PaperValues paper;
  double seconds = 0;  // generation + simulation wall time
  // "ok" (simulated == paper formula == our analysis), or a short reason it is not.
  std::string status() const;
  // The generated schedule failed the simulator, fell below a lower bound or missed our own
  // analysis (a bug); a paper formula that is wrong is a finding, not a failure.
  bool failed() const;
};

Row evaluate(Op op, const FatTree& T, SimOptions opt = {});

}  // namespace blockcast::fattree
