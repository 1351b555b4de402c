// Split binary tree: Open MPI's ompi_coll_base_bcast_intra_split_bintree
// (MPICH has no such algorithm; the brief's "MPICH/Open MPI split binary" is Open MPI's).
// The message is split in two halves: items [0, h) and [h, k), h = ceil(k/2). As in Open
// MPI's interleaved fanout-2 tree (ompi_coll_base_topo_build_tree), the left subtree holds
// the odd processors 1, 3, 5, ... and the right subtree the even ones 2, 4, ...; each is a
// binary tree, breadth first over its members in rank order (member j serves members 2j+1
// and 2j+2). The root sends the first half down the left subtree and the second half down
// the right one, alternating item by item as Open MPI alternates segments; each subtree
// pipelines its half item by item. Then processor 2j+1 and its partner 2j+2 exchange their
// halves (Open MPI: pair = rank + 1 / rank - 1). For odd P - 1 the last processor has no
// partner and the root, idle by then, sends it the other half (as Open MPI does). k = 1
// cannot be split: the item goes down both subtrees (a plain binary tree).
// Postal model: greedy ASAP placement (baseline_builder.hpp), the tree messages asked for
// first, then the exchange; an exchange message may start as soon as its item has arrived
// (Open MPI waits for the whole half), which can only make the baseline faster.
#include "kitem/baseline_builder.hpp"
#include "kitem/baselines.hpp"

namespace blockcast {

namespace {

// Members of one subtree (rank order) and their binary tree, root excluded.
std::vector<std::int64_t> side(std::int64_t P, std::int64_t first, Children& ch) {
  std::vector<std::int64_t> m;
  for (std::int64_t p = first; p < P; p += 2) m.push_back(p);
  for (size_t j = 0; j < m.size(); ++j)
    for (size_t c : {2 * j + 1, 2 * j + 2})
      if (c < m.size()) ch[static_cast<size_t>(m[j])].push_back(m[c]);
  return m;
}

}  // namespace

Schedule split_binary_tree(int L, std::int64_t P, std::int64_t k) {
  BaselineBuilder b(L, P, k);
  Children sub(static_cast<size_t>(P));
  const std::vector<std::int64_t> left = side(P, 1, sub), right = side(P, 2, sub);
  if (right.empty() || k == 1) {  // one receiver, or one item: nothing to split
    for (std::int64_t top : {1, 2})
      if (top < P)
        for (std::int64_t i = 0; i < k; ++i) {
          b.send(0, top, i);
          send_down_tree(b, sub, top, i);
        }
    return std::move(b).finish();
  }
  const std::int64_t h = (k + 1) / 2;
  for (std::int64_t j = 0; j < h; ++j)
    for (std::int64_t half = 0; half < 2; ++half) {
      const std::int64_t item = half * h + j, top = half + 1;
      if (item >= k) continue;
      b.send(0, top, item);
      send_down_tree(b, sub, top, item);
    }
  // Exchange: left[j] <-> right[j]; an unpaired last processor gets the other half from the root.
  for (std::int64_t i = 0; i < k; ++i) {
    const bool first_half = i < h;
    const std::vector<std::int64_t>& from = first_half ? left : right;
    const std::vector<std::int64_t>& to = first_half ? right : left;
    for (size_t j = 0; j < to.size(); ++j) b.send(j < from.size() ? from[j] : 0, to[j], i);
  }
  return std::move(b).finish();
}

}  // namespace blockcast
