// Counting CNF of continuous broadcast (SPEC Sec. 2; Karp, Sahay, Santos and Schauser 1993
// Sec. 3.1) with the source as the SPEC has it: item i leaves the source once, at step i.
// Two shapes of one model:
//  - periodic (period p): item classes c = 0..p-1, item i of class i mod p behaves like c
//    shifted by i - c steps (the pair model of periodic_cnf.hpp, without naming pairs);
//  - window (period 0): the first N items of a continuous schedule, nothing assumed about the
//    items after them (they only take capacity, so every continuous schedule restricted to its
//    first N items satisfies the model: UNSAT refutes delay D for every schedule).
// Variables, per processor q = 1..P-1, item (class) i and offset d = step - i:
// recv(q, i, d) (q receives item i at offset d), has(q, i, d) (received at offset <= d),
// send(q, i, d) (q sends item i at offset d). A step is a slot: i + d in a window, (i + d) mod p
// in a periodic model. Clauses: every q receives every item once, at offset L (from the source)
// or in 2L..D (from a processor that held it L steps before: nobody else holds it at offsets
// 1..L-1); one reception and one send per q and slot; a send only of an item held; the source's
// one message per item: exactly one recv at offset L; per (item, offset d):
//     #{q : send(q, i, d)} = #{q : recv(q, i, d + L)} <= f_{d-L}   (totalizers)
// f_{d-L} (SPEC Sec. 1) bounds the holders of an item d steps after its creation when the root
// received it at offset L. Counts suffice (counting_cnf.hpp's argument): the network is fully
// connected, so the receivers of (i, d + L) can be matched to the senders of (i, d) in any order.
// Symmetry: processors 1..P-1 are interchangeable, so their reception vectors (offset of item 0,
// item 1, ...) are taken in lexicographic order; every schedule has a relabelling that does so.
#pragma once
#include <chrono>
#include <vector>

#include "cnf.hpp"
#include "periodic_schedule.hpp"
#include "schedule.hpp"
#include "solver.hpp"

namespace blockcast::sat {

class AnyformCnf {
 public:
  // period > 0: periodic; period == 0: the window of the first `items` items. std::invalid_argument
  // on bad sizes (L >= 1, P >= 2, D >= L); EncodingStopped (cnf.hpp) once `deadline` passes.
  AnyformCnf(int L, int P, int D, int period, int items,
             std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
  const Cnf& cnf() const { return cnf_; }
  // Periodic: the pattern (every message of class c at offset d, senders matched to receivers in
  // processor order). Window: the messages of the N items. std::logic_error if counts disagree.
  PeriodicSchedule decode_periodic(const SatResult& r) const;
  Schedule decode_window(const SatResult& r) const;

 private:
  int at(const std::vector<int>& v, int q, int i, int d) const;  // 0 outside the domain
  int slot(int i, int d) const { return period_ > 0 ? (i + d) % period_ : i + d; }
  void add_variables();
  void add_processor_rules();
  void add_counts();
  void add_processor_order();
  // Per (item, send offset): the matched (sender, receiver) pairs of a model; the source's at offset 0.
  template <class F>
  void for_each_message(const SatResult& r, F&& f) const;
  int L_, P_, D_, period_, items_;
  std::vector<int> recv_, has_, send_;  // index ((q * items + i) * (D + 1) + d)
  Cnf cnf_;
};

}  // namespace blockcast::sat
