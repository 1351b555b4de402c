// Table rows: Dimakopoulos and Dimopoulos 1995 formulas versus the simulator on the generated schedules.
#include "fattree/evaluate.hpp"

#include <chrono>

#include "fattree/algorithms.hpp"

namespace blockcast::fattree {

Row evaluate(Op op, const FatTree& T, SimOptions opt) {
  auto t0 = std::chrono::steady_clock::now();
  Row r;
  r.op = op;
  r.tree = T;
  r.sim = simulate(T, generate(op, T), opt);
  r.sim.crossings.clear();  // rows are kept for tables; the per-step series can be huge
  r.sim.max_queue_node.clear();
  r.paper = paper_values(op, T);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

bool Row::failed() const {
  return !sim.ok || sim.completion < paper.lower_bound || sim.completion < paper.branch_bound ||
         (paper.expected && sim.completion != *paper.expected);
}

std::string Row::status() const {
  if (!sim.ok) return "FAIL: " + sim.error;
  if (sim.completion < paper.lower_bound || sim.completion < paper.branch_bound) return "BELOW LOWER BOUND";
  if (paper.expected && sim.completion != *paper.expected) return "differs from our analysis";
  if (!paper.formula) return "no paper formula for c1 > 1";
  if (*paper.formula == sim.completion) return "ok";
  if (*paper.formula < paper.branch_bound) return "paper formula below the branch bound (r_k < c_k)";
  return "differs from the paper formula";
}

}  // namespace blockcast::fattree
