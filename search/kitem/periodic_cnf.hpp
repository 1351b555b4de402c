// CNF of periodic continuous-broadcast schedules (SPEC Sec. 2; Karp et al. 1993 Sec. 3.2):
// item i's broadcast uses the same processors as item i - p, shifted by p steps. Block-cyclic
// schedules are periodic with period lcm(block sizes); this model searches every schedule of
// a given period p, not only block-cyclic ones, with maximum delay D.
//
// Variable M(a, b, c, o): for every item i = c (mod p), processor a sends i to processor b at
// step i + o (received at i + o + L <= i + D). The source may send at any offset, at most one
// message per step. Since (c, o) names exactly one item at each step, conflicts are taken
// modulo p: processor a sends at most one message at each residue (c + o) mod p and receives
// at most one at each residue (c + o + L) mod p. Every processor 1..P-1 receives every item
// class exactly once; a non-source processor sends an item only at or after receiving it.
// Symmetry: processors ordered by the offset at which they receive item class 0.
#pragma once
#include <chrono>
#include <vector>

#include "cnf.hpp"
#include "periodic_schedule.hpp"
#include "schedule.hpp"
#include "solver.hpp"

namespace blockcast::sat {

// The model's answer is the engine's periodic schedule (engine/periodic_schedule.hpp: the
// value type, its expansion for the simulator, the pattern check and the file).
using blockcast::expand_periodic;
using blockcast::PeriodicMessage;
using blockcast::PeriodicSchedule;

class PeriodicCnf {
 public:
  // std::invalid_argument on bad sizes (L >= 1, P >= 2, period >= 1, D >= L); EncodingStopped
  // (cnf.hpp) once `deadline` has passed while the clauses are added (the command's --time-limit).
  PeriodicCnf(int L, int P, int period, int D,
              std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
  const Cnf& cnf() const { return cnf_; }
  PeriodicSchedule decode(const SatResult& r) const;

 private:
  int var(int a, int b, int c, int o) const;
  int L_, P_, p_, D_, offsets_;
  std::vector<int> var_;
  Cnf cnf_;
};

}  // namespace blockcast::sat
