// Instances of the block-cyclic assignment problem (SPEC Sec. 3, 6; Karp et al. 1993, Sec. 3.2-3.3).
// An instance is L, the tree depth T, a multiset of block types (r, u) and a multiset of
// letters, all as multiplicities (never one object per processor). Shape `optimal` is
// T_t with P-1 = f_t: a node with label d <= t-L is a block (r = t-L+1-d, u = t-d), a
// node with label d > t-L is a leaf with letter t-d, and n_d nodes carry label d.
#pragma once
#include <string>
#include <vector>

#include "checked.hpp"

namespace blockcast {

enum class Shape { optimal, ties, pruned };
std::string shape_name(Shape s);
Shape parse_shape(const std::string& s);  // InputError on an unknown name

// r processors serving internal nodes with r children and index u = T - label.
struct BlockType {
  int r = 0;
  i64 u = 0;
  i64 count = 0;  // how many such blocks (tree nodes)
  friend bool operator==(const BlockType&, const BlockType&) = default;
};

struct Instance {
  int L = 0;
  int T = 0;         // tree depth: every item's delay is L + T
  Shape shape = Shape::optimal;
  int t = 0;         // depth of the optimal tree the shape derives from (T = t, or t+1 pruned)
  i64 P = 0;         // processors including the source
  std::vector<BlockType> blocks;  // sorted by r descending, then u descending
  std::vector<i64> letters;       // letters[j] = leaves with letter j per step

  int alphabet() const { return static_cast<int>(letters.size()); }
  i64 delay() const { return L + T; }
  i64 block_count() const;       // number of blocks (internal nodes)
  i64 processors() const;        // P - 1 = sum r*count + 1 (receive-only)
  i64 letter_total() const;
  // One-line description of the first inconsistency, or "" (sum rules of SPEC Sec. 4).
  std::string consistency_error() const;
  friend bool operator==(const Instance&, const Instance&) = default;
};

// I(t) for shape optimal: P - 1 = f_t. Throws InputError (t < 0) / OverflowError.
Instance optimal_instance(int L, int t);

// Put block types in canonical order and merge equal types.
void normalize_blocks(std::vector<BlockType>& blocks);

}  // namespace blockcast
