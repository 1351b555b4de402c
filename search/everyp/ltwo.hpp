// L = 2 on trimmed trees, decided in closed form (SPEC Sec. 4 and 6; Karp et al. 1993, Thm 3.4-3.5;
// docs/shapes.md "L = 2"). For L = 2 the general searches run out of nodes on a band of P
// at every depth; these two functions decide that band (and every other trimmed T_T with
// L = 2) without search.
//
// Counting (necessary). Write a block's letter counts k0..k3 (letters a, b and the leaf
// letters c = 2, d = 3 of fully trimmed nodes with 1 or 2 children). Its word has r-1
// letters, so SPEC Sec. 4's sum condition reads e = k2 + 2 k3 - k0 = -m (mod r) for a node
// with r0 = r + m children (index u = r0 + 1), and e >= -(r-1) gives e >= -m when r > m,
// e >= 0 otherwise. Summing e over all blocks and using letter conservation: the letter-a
// leaves (one per internal node of T_T, I = f_{T-2} of them, minus one per trimmed node)
// are covered by at most sum_m m over trimmed blocks + #c + 2 #d + 1 (the receive-only
// processor). Per trimmed node this "gain" is at most 2 per removed leaf, so
//     I <= 2 R + 1,   R = leaves removed = f_T - (P-1),
// is necessary. At P = f_t + 1 (R = 0) it is Karp et al. 1993, Thm 3.4.
//
// Construction (sufficient where it succeeds; every result is checked). Trim one leaf from
// a1 nodes with >= 3 children (block a b^{r-2} takes one a), from a2 one-child nodes (each
// becomes a c-leaf, paired in some block as "a c" in place of "b b"), from c nodes with 2
// children (gain 1) and two leaves from d nodes with 3 or 4 children (gain 1), so that the
// gains add up to I exactly (receive-only x in {b, a, c} adjusts by one). The words are the
// default ones plus the pairs, ordered by Hall's construction (word_with_counts).
#pragma once
#include <optional>
#include <string>

#include "assignment.hpp"
#include "trim.hpp"

namespace blockcast {

// For L = 2 and a pruned spec (at most 2 leaves per node, any T): the counting refutation
// as one line, or nullopt when I <= 2R + 1 (then the counting says nothing).
std::optional<std::string> ltwo_counting_refutation(const TreeSpec& spec);

// A checked block-cyclic schedule on some trimmed tree of `spec` (L = 2, at most 2 leaves
// per node), or nullopt if the construction above has no candidate for this R. The
// assignment's shape is spec.shape; its instance passes check_assignment. With `x` the
// receive-only letter is x; with `extendable` the root word is also x-extendable (SPEC
// Sec. 7, ordered by the ground-state search), so the result can be the first part of a
// composition (compose_trimmed).
std::optional<Assignment> ltwo_construction(const TreeSpec& spec, std::optional<Letter> x = std::nullopt,
                                            bool extendable = false);

}  // namespace blockcast
