// Time-expanded SAT encoding of the paper's full fat-tree model (Dimakopoulos and Dimopoulos 1995, Sec. 2; SPEC Sec.
// 9): packet switched, multiport full-duplex routing nodes with queues, c_i packets per link,
// direction and step, one step per link, leaves injecting and receiving at most c_1 per step
// (their branch), leaves never relaying. "Does operation X finish within S steps?" becomes
// one CNF for the project's SAT back end (search/sat, CaDiCaL).
//
// Items: one per message (unicast: one per required delivery; broadcast and multinode
// broadcast: one per source, copied at routing nodes). An item crosses the links of its copy
// tree (tree.hpp), each once. Two encodings:
//  * once (store and forward): order variables y[i][j][t] <=> "item i has crossed link j by
//    step t" (Tamura's order encoding), crossing literals x = y[t] & !y[t-1], precedence
//    y[j][t] -> y[parent j][t-1], at most c per (link, step). Waiting at node v for link j
//    during steps (tau_parent, tau_j) is w = y[parent][t-1] & !y[j][t]; a queue bound Q adds
//    at most Q waiting copies per routing node and step, and Q = 0 forces tau_j = tau_parent+1.
//    Exact for unicast for every Q, and for multicast with unbounded queues (keeping only the
//    first crossing of each (message, link) of any schedule loses nothing). With Q = 0 and a
//    multicast item this is the "flood" model: one injection per message.
//  * multi (queue-free multicast): x[i][j][t] <=> a copy of message i crosses link j in step
//    t, any number of times; x[j][t] -> x[parent j][t-1] (a copy never waits), every leaf
//    down-link of a destination crossed at least once. Exact for queue-free multicast in which
//    a leaf may inject its own message any number of times, each copy toward any subset.
// Options (struct Encoding, all on by default; every combination is exact, they differ in size
// and solving time, docs/fattree.md "Encoding speed"):
//  * shared clock (queue-free once encoding): an item never waits, so tau_j = tau_0 + depth_j
//    and every link of the item reads the ladder of its first link, shifted; no precedence.
//  * implied capacities (with the shared clock): a leaf injects and receives at most c_1 per
//    step, and a queue-free item crossing a link at step t left its source at t - depth and
//    reaches every destination below a down-link at the same later step, so a link above
//    m = 2^l leaves carries at most c_1 m items per step; its capacity constraint is implied
//    when c_{l+1} >= c_1 2^l and is left out (every internal link of an EBFT).
//  * redundant (implied) constraints: per link and step t, the items that have crossed it by
//    t number at most c times the steps available up to t, and those still to cross after t
//    at most c times the steps left (cumulative capacity; they shorten UNSAT proofs).
//  * symmetry breaking (sat_symmetry.cpp): lex-leader constraints over the automorphisms of the
//    tree that fix leaf 0, which map schedules of the operation to schedules of it.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "cnf.hpp"
#include "fattree/schedule.hpp"
#include "fattree/tree.hpp"
#include "solver.hpp"

namespace blockcast::fattree {

constexpr int kUnboundedQueue = -1;

struct Encoding {
  bool shared_clock = true;  // queue-free: one order ladder per item
  bool implied = true;       // queue-free, shared clock: leave out capacities the leaves imply
  bool redundant = true;     // cumulative capacity constraints per link
  bool symmetry = true;      // lex-leader constraints over the automorphisms fixing leaf 0
};
// "all", "none" or a comma list of shared, implied, redundant, symmetry (the parts that are
// on); InputError otherwise. encoding_name gives the canonical list back ("none" if empty).
Encoding parse_encoding(const std::string& text);
std::string encoding_name(const Encoding& e);

struct ExactSpec {
  Op op = Op::total_exchange;  // any but total_exchange_phased; root 0 for broadcast/scatter/gather
  FatTree tree;
  int steps = 0;
  int queue_bound = kUnboundedQueue;  // waiting copies per routing node after a step (-1: none)
  bool single_injection = false;      // multicast items: one injection per message
  Encoding encoding;
};

// Refuses (InputError) what the encodings do not cover exactly and sizes beyond the bounds.
void check_exact_spec(const ExactSpec& spec);

class TimeExpandedModel {
 public:
  // sat::EncodingStopped once `deadline` has passed (the command's --time-limit).
  explicit TimeExpandedModel(const ExactSpec& spec,
                             std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());
  const sat::Cnf& cnf() const { return cnf_; }
  bool multi() const { return multi_; }
  // The schedule a model encodes: timed (explicit hop steps) for the once encoding, plain
  // queue-free injections (replayed by the FIFO simulator) for the multi encoding.
  Schedule decode(const sat::SatResult& r) const;
  std::string space() const;  // one line: what a verdict covers

 private:
  struct Item {
    std::int32_t src = 0;
    std::vector<std::int32_t> dests;
    std::int64_t payload = 0;
    CopyTree tree;
    std::vector<int> lo, hi;        // window of each tree link: [depth+1, steps-rest]
    std::vector<sat::Lit> base;     // once: y[j][t] = base[j] + t - lo[j] for t in [lo, hi-1]
                                    // multi: x[j][t] = base[j] + t - lo[j] for t in [lo, hi]
  };
  sat::Lit y(const Item& it, std::size_t j, int t) const;
  sat::Lit x_multi(const Item& it, std::size_t j, int t) const;
  void clause(std::vector<sat::Lit> c);
  void at_most(std::vector<sat::Lit> lits, int k);
  void build_items();
  void encode_once();
  void encode_multi();
  bool implied_capacity(std::int64_t link) const;
  void encode_symmetry();  // sat_symmetry.cpp

  ExactSpec spec_;
  bool multi_ = false;
  sat::Cnf cnf_;
  sat::Lit top_ = 0;  // constant true
  std::vector<Item> items_;
};

}  // namespace blockcast::fattree
