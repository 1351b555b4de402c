// Binary fat trees (Dimakopoulos and Dimopoulos 1995, Sec. 2): n = 2^h leaves (processors) at level 0, routing nodes
// at levels 1..h, and the branch between levels i-1 and i made of c_i parallel links
// (c_1 <= c_2 <= ... <= c_h). Also the indexing of nodes and directed links used by the
// simulator and the searches, and the unique leaf-to-leaf paths of the tree.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "checked.hpp"

namespace blockcast::fattree {

// Node (level, index): level 0 = leaves, level h = root; node (l, j) is the root of the
// subtree holding leaves [j*2^l, (j+1)*2^l).
struct Node {
  int level = 0;
  std::int64_t index = 0;
  friend bool operator==(const Node&, const Node&) = default;
};

// A directed link is named by the lower node of its branch and a direction: `up` leaves the
// subtree of `below`, `down` enters it. Its capacity is c_{below.level + 1}.
struct Link {
  Node below;
  bool up = true;
};

struct FatTree {
  int h = 0;                  // log2 n
  std::int64_t n = 0;         // leaves
  std::vector<std::int64_t> c;  // c[i] = capacity of the branch between levels i-1 and i; c[0] unused
  std::string pattern;        // "cbft", "ebft", "linear" or "custom"
  std::vector<std::int64_t> level_offset;  // node id of (l, 0)

  std::int64_t cap(int i) const { return c[static_cast<std::size_t>(i)]; }
  // Node ids: level-0 leaves 0..n-1, then level 1, ..., the root last (2n-1 nodes).
  std::int64_t node_count() const { return 2 * n - 1; }
  std::int64_t node_id(Node v) const { return level_offset[static_cast<std::size_t>(v.level)] + v.index; }
  Node node_of(std::int64_t id) const;
  // Directed link ids: 2*node_id(below) + (up ? 0 : 1), for every non-root node.
  std::int64_t link_count() const { return 2 * (node_count() - 1); }
  std::int64_t link_id(Link e) const { return 2 * node_id(e.below) + (e.up ? 0 : 1); }
  Link link_of(std::int64_t id) const { return {node_of(id / 2), id % 2 == 0}; }
  std::int64_t link_cap(std::int64_t id) const { return cap(node_of(id / 2).level + 1); }
  std::string link_name(std::int64_t id) const;  // e.g. "up 1:3" (branch above node (1,3))
};

// Capacity patterns. `text` is "cbft" (c_i = 1), "ebft" (c_i = 2^{i-1}), "linear" (c_i = i)
// or an explicit list "c1,c2,...,ch". InputError names the problem (n not a power of two,
// n < 2, wrong list length, zero or decreasing capacities, malformed numbers).
FatTree make_tree(std::int64_t n, const std::string& capacities);
FatTree make_tree(std::int64_t n, const std::vector<std::int64_t>& c, const std::string& pattern = "custom");
int log2_exact(std::int64_t n);  // InputError unless n = 2^h with h >= 1

// Level of the lowest common ancestor of two distinct leaves; their distance is 2 * lca.
int lca_level(std::int64_t a, std::int64_t b);
inline int distance(std::int64_t a, std::int64_t b) { return 2 * lca_level(a, b); }

// The links of the unique path from leaf s to leaf d in order: up-links of (0,s), (1,s>>1),
// ..., then down-links into (L-1, d>>(L-1)), ..., (0, d). Hop k is crossed in step t+k by a
// packet injected (crossing hop 0) in step t and never queued.
std::vector<std::int64_t> path_links(const FatTree& T, std::int64_t s, std::int64_t d);

// The links a packet from leaf s to the leaves `dests` (sorted, distinct, s excluded) crosses
// when routing nodes copy it only toward its destinations: the union of the paths, each link
// once. Ordered by depth (hops from s) and link id, so parent[j] < j; parent[j] is the link
// crossed just before links[j] (-1 for s's up-link); depth[j] = hops before links[j]; rest[j] =
// the most hops still needed after links[j] to reach a destination below it (0 at a leaf).
// For one destination this is path_links with parent[j] = j - 1.
struct CopyTree {
  std::vector<std::int64_t> links;
  std::vector<int> parent, depth, rest;
};
CopyTree copy_tree(const FatTree& T, std::int64_t s, const std::vector<std::int32_t>& dests);

}  // namespace blockcast::fattree
