// Complete search over trimmed trees (SPEC Sec. 6): the trimming profile and the word
// assignment are chosen together. Every internal node with r0 >= 3 children is a search
// slot that picks how many trailing leaves m it loses (0..max_trim) and then a letter-count
// vector for its block (r0-m, L-1+r0), exactly as in block_search.hpp (Hall's theorem makes
// the sum condition sufficient). A fully trimmed node (m = r0) supplies a new leaf letter
// L-1+r0, so letters >= L may be owed while the search runs and must be paid back by later
// nodes. Nodes with r0 <= 2 are decided in closed form at the end: how many 1-child nodes
// become leaves and how many 2-child nodes lose one or two leaves, then the r = 2 blocks
// take one letter of parity L+1 each. Symmetry: nodes of one class take (m, vector)
// in non-increasing order. Pruning: letter absorption bounds per class, leaves still to
// remove, owed letters; nogoods on (position, remaining letters, leaves to remove).
// Parallel: oneTBB over the first slot's choices.
//
// solve_shape is what users call: nothing to remove -> the plain search of
// block_search.hpp; otherwise this search with a node budget, then the composition search
// of trim_compose.cpp (which only finds solutions), then this search within the caller's
// limits.
#pragma once
#include "block_search.hpp"
#include "trim.hpp"

namespace blockcast {

// Decide: is there a block-cyclic schedule on some trimmed tree of `spec` (any profile)?
// SOLVED comes with a checked witness; for a canonical spec (tree_spec(L, P, shape)) its
// instance also passes shape_error.
SearchResult solve_shape(const TreeSpec& spec, const SearchOptions& opt);

// The complete trimmed search alone (spec.removed > 0 or not, any T).
SearchResult solve_trimmed(const TreeSpec& spec, const SearchOptions& opt);

// One step of the generalised induction (docs/induction.md): `first` solves a trimmed
// T_{T-1} with an x-extendable root, `second` a trimmed T_{T-L}, both with receive-only x;
// the result solves the trimmed T_T of `whole` (its T, t, P, shape; whole.removed must be
// the sum of the parts'), again x-extendable. Checked against the trimmed instance unless
// `check` is false (the every-P table checks each cell's whole witness instead of every
// intermediate part); std::logic_error if a precondition fails (a caller bug).
Assignment compose_trimmed(const TreeSpec& whole, const Assignment& first, const Assignment& second, Letter x,
                           bool check = true);

// Is spec the one tree_spec(L, P, shape) gives (so shape_error applies to its schedules)?
bool canonical(const TreeSpec& spec);

}  // namespace blockcast
