// Time-indexed CNF of general (not block-cyclic) postal-model broadcast schedules, the SAT
// form of Subramonian and Venkatasubramanian's (1993) integer program (Sec. 4) for k-item broadcast, also used for finite
// windows of continuous broadcast (SPEC Sec. 2) and for completing a fixed partial schedule
// (the endgame of Karp et al. 1993 Sec. 3.1, Thm 3.2).
//
// One variable M(a, b, i, s) per possible message: processor a sends item i to processor b
// at step s, received at s + L. Subramonian and Venkatasubramanian 1993 uses separate send / receive counts per (item,
// processor, step) and equates their sums; naming the pair (a, b) instead makes the count
// equality structural and lets a model be decoded into a message list the simulator replays.
// Rules (engine/simulator.hpp): at most one send and one reception per processor and step;
// a non-source processor sends only an item it received at or before that step; the source
// holds item i from release[i]; every processor 1..P-1 receives every item exactly once, by
// step deadline[i]. Subramonian and Venkatasubramanian 1993's X_t / objective is replaced by solving "time <= T" for one
// T at a time (monotone in T), so optimality is one UNSAT answer at T - 1.
//
// Symmetry breaking (both keep at least one optimal schedule of every instance):
//  - order_processors: processor b receives its first item no later than processor b+1
//    (relabel processors 1..P-1 by first reception step); off when messages are fixed.
//  - order_items (k-item broadcast, all deadlines equal): the source first sends item i
//    before item i+1 (relabel items by the step the source first sends them).
#pragma once
#include <chrono>
#include <vector>

#include "cnf.hpp"
#include "schedule.hpp"
#include "solver.hpp"

namespace blockcast::sat {

struct KItemProblem {
  int L = 1;
  int P = 2;                  // processors including the source 0
  int items = 1;
  std::vector<int> release;   // per item: first step the source may send it
  std::vector<int> deadline;  // per item: every reception at or before this step
  bool strict_source = false; // the source sends item i exactly once, at step release[i]
  bool order_processors = true;
  bool order_items = false;
  // Messages forced into the schedule; every other message of an item in `fixed_items`
  // is forbidden (that item's tree is entirely given).
  std::vector<Message> fixed;
  std::vector<int> fixed_items;
};

// The k-item problem of time T: release[i] = i (the simulator's convention; by the
// relabelling argument above this loses no schedule), deadline T, order_items on.
KItemProblem kitem_problem(int L, int P, int k, int T);
// A window of N items of continuous broadcast with delay at most D: release i, deadline
// i + D. strict: the source sends item i once, at step i (SPEC Sec. 2); else any held item.
KItemProblem continuous_window_problem(int L, int P, int N, int D, bool strict);

// The detail of an attempt whose model was not finished: the command's deadline passed while
// its clauses were added (an UNKNOWN, never a verdict).
inline constexpr const char* kEncodingStopped = "solver stopped: time limit (building the encoding)";

class KItemCnf {
 public:
  // std::invalid_argument if the problem is malformed (sizes, ranges, over ~2^28 variables);
  // EncodingStopped (cnf.hpp) once `deadline` has passed while the clauses are added (the
  // command's --time-limit: a model of P = 44, k = 16 takes seconds under the sanitizers).
  explicit KItemCnf(const KItemProblem& p, std::chrono::steady_clock::time_point deadline =
                                               std::chrono::steady_clock::time_point::max());
  const Cnf& cnf() const { return cnf_; }
  std::int64_t message_vars() const { return message_vars_; }
  // The messages of a model, as an explicit schedule (expected_delay left 0).
  Schedule decode(const SatResult& r) const;

 private:
  int var(int a, int b, int i, int s) const;  // 0 if that message cannot exist
  KItemProblem p_;
  int steps_ = 0;  // send steps 0..steps_-1
  std::vector<int> var_;
  std::int64_t message_vars_ = 0;
  Cnf cnf_;
};

}  // namespace blockcast::sat
