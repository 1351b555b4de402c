// Constraint model of queue-free fat-tree schedules (Dimakopoulos and Dimopoulos 1995, Sec. 4.1 and 5.1) used by the
// exhaustive searches. One variable per ordered leaf pair (s, d): the step t in which the
// packet that delivers s's message to d leaves s. Queue-free means a packet injected in step
// t crosses hop k of its unique path in step t + k, so a value fixes every link it uses.
// Unicast (total exchange): every pair is its own packet. Multicast (multinode broadcast):
// the deliveries of one source with the same t are ONE packet copied at routing nodes, so
// they share the links their paths have in common. A link of capacity c carries at most c
// distinct packets per step.
#pragma once
#include <cstdint>
#include <vector>

#include "fattree/tree.hpp"

namespace blockcast::fattree {

using Mask = std::uint64_t;  // bit t: step t (steps 1..62)

struct CspStats {
  std::int64_t nodes = 0;           // search nodes (partial assignments examined)
  std::int64_t empty_domain = 0;    // pruned: some pair has no feasible step left
  std::int64_t matching = 0;        // pruned: a link cannot serve its remaining packets (Hall)
  std::int64_t symmetry = 0;        // pruned: not the canonical representative
  std::int64_t solutions = 0;
  CspStats& operator+=(const CspStats& o) {
    nodes += o.nodes, empty_domain += o.empty_domain, matching += o.matching;
    symmetry += o.symmetry, solutions += o.solutions;
    return *this;
  }
};

class QueueFreeCsp {
 public:
  QueueFreeCsp(const FatTree& T, int steps, bool multicast);

  int vars() const { return static_cast<int>(src_.size()); }
  int src(int v) const { return src_[static_cast<std::size_t>(v)]; }
  int dst(int v) const { return dst_[static_cast<std::size_t>(v)]; }
  int value(int v) const { return val_[static_cast<std::size_t>(v)]; }
  bool can(int v, int t) const;
  void assign(int v, int t);
  void unassign(int v);

  // Recompute the domains of all unassigned pairs and apply the pruning rules. Returns false
  // if the node is dead (stats say why); otherwise `branch` is the unassigned pair with the
  // fewest values (-1 if all are assigned) and `domain` its values.
  bool propagate(CspStats& st, int& branch, Mask& domain);

 private:
  bool hall_ok(std::int64_t link, const std::vector<int>& users, const std::vector<Mask>& dom);
  bool symmetry_ok(const std::vector<Mask>& dom) const;

  const FatTree& T_;
  int steps_;
  bool multicast_;
  std::vector<int> src_, dst_, val_;
  std::vector<std::vector<std::int64_t>> path_;     // links of each pair's path
  std::vector<int> lo_, hi_;                        // injection window [1, steps - 2L + 1]
  std::vector<std::uint8_t> load_;                  // [link * (steps+1) + step]
  std::vector<std::uint16_t> ref_;                  // multicast: [((s * (steps+1)) + t) * links + link]
  std::vector<std::vector<std::pair<int, int>>> users_;  // per link: (pair, hop index)
  std::vector<std::int64_t> check_links_;           // links whose Hall condition is checked
};

}  // namespace blockcast::fattree
