// Counting CNF of k-item broadcast in the postal model: "is there a schedule with time <= T?"
// without naming message pairs. Same question as search/kitem/kitem_cnf.hpp (Subramonian and
// Venkatasubramanian 1993, Sec. 4, whose integer program also counts sends and receptions per
// item and step), with O(P k T) variables instead of O(P^2 k T).
//
// Conventions (docs/kbroadcast.md, engine/simulator.hpp): the source 0 holds item i from step
// i; a message sent at step s is received at s + L; a processor forwards an item from the step
// it receives it; one send and one reception per processor and step; processors 1..P-1 receive
// every item exactly once; the time is the last reception step.
//
// Variables, processors p = 1..P-1 unless said: recv(p, i, t) (p receives item i at step t,
// t in [i+L, T]), has(p, i, t) (p received i at or before t), send(p, i, s) for p = 0..P-1
// (p sends item i at step s; s in [i, T-L] for the source, [i+L, T-L] for the others).
// Clauses: exactly one recv per (p, i); at most one recv per (p, t) and one send per (p, s);
// send(p, i, s) -> has(p, i, s); and per (item i, step s):
//     #{p : send(p, i, s)} = #{p : recv(p, i, s + L)}            (totalizers, cardinality.hpp)
// Why counts are exact (a schedule exists iff the counts do): in a schedule each message has
// one sender, who sends nothing else that step, and one receiver, so the counts are equal.
// Conversely, given counts that agree, match the receivers R of (i, s + L) to the senders S of
// (i, s) in any order: R and S are disjoint (a sender of i at s holds i at s < s + L, and a
// processor receives i only once; the source never receives), the network is fully connected
// so any pair is a legal message, and every processor still sends and receives at most once
// per step. decode() builds that matching and the simulator replays it.
// Redundant cap (sound): at most H(s - i) processors hold item i at step s, H(d) = 1 for
// 0 <= d < L and H(d) = H(d-1) + H(d-L) (the holders of d-1 plus one reception per sender L
// steps earlier: the single-item postal growth of Karp et al. 1993, Sec. 2), so the count of
// (i, s) is at most min(H(s - i), P - 1).
//
// Symmetry breaking, each step keeps a schedule of every time:
//  - order_items: the source first sends item i before it first sends item i+1. Relabel the
//    items by the step the source first sends them (every item must leave the source once);
//    those steps are distinct, so the j-th smallest is >= j = the new item's release, every
//    other message of an item follows its first send, and all items share the deadline T.
//  - order_processors: processors 1..P-1 are interchangeable (fully connected network, same
//    rules for all), so relabel them by their reception vectors (reception step of item 0,
//    of item 1, ...) in lexicographic order; the relabelled schedule is legal and has the same
//    time, and item relabelling first does not disturb it. Encoded between neighbours p, p+1:
//    eq(p, j) = "equal on items < j"; eq(p, j) -> step_j(p) <= step_j(p+1).
#pragma once
#include <chrono>
#include <cstdint>
#include <vector>

#include "cnf.hpp"
#include "schedule.hpp"
#include "solver.hpp"

namespace blockcast::sat {

struct CountingProblem {
  int L = 1;
  int P = 2;  // processors including the source 0
  int k = 1;  // items, item i released at the source at step i
  int T = 0;  // every reception at or before step T
  bool order_items = true;
  bool order_processors = true;
};

class CountingCnf {
 public:
  // std::invalid_argument on bad sizes or a model over kMaxCountingCells; EncodingStopped
  // (cnf.hpp) once `deadline` passes while the clauses are added.
  explicit CountingCnf(const CountingProblem& p,
                       std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
  const Cnf& cnf() const { return cnf_; }
  // The messages of a model: per (item, send step) the senders matched to the receivers in
  // processor order (expected_delay left 0). std::logic_error if the counts disagree.
  Schedule decode(const SatResult& r) const;

 private:
  int at(const std::vector<int>& v, int p, int i, int t) const;  // 0 outside the domain
  int recv(int p, int i, int t) const { return p < 1 ? 0 : at(recv_, p, i, t); }
  int has(int p, int i, int t) const { return p < 1 ? 0 : at(has_, p, i, t); }
  int send(int p, int i, int s) const { return at(send_, p, i, s); }
  void add_variables();
  void add_processor_rules();
  void add_counts();
  void add_item_order();
  void add_processor_order();
  CountingProblem p_;
  std::vector<int> recv_, has_, send_;  // index (p * k + i) * (T + 1) + t
  Cnf cnf_;
};

// (P - 1) * k * (T + 1) cells per variable kind at most: far above P = 64, k = 16 (T < 100:
// 10^5), a bound on memory for other callers.
inline constexpr std::int64_t kMaxCountingCells = 2'000'000;

}  // namespace blockcast::sat
