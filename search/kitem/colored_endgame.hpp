// Constructive endgame for k-item broadcast at the lower bound without SAT
// (Karp et al. 1993 Thm 3.1-3.2, SPEC Sec. 2-4 and 10; docs/kbroadcast.md Sec. 8).
//
// Thm 3.2: a schedule at the bound B(P-1) + L + k - 1 - k* sends items 0..m-1 (m = k - k*)
// once each, as a continuous schedule does, and spends the last B(P-1) source steps on the
// last k* items. Cut a block-cyclic continuous schedule of delay D after m items: the slots
// it no longer uses are exactly the trees of the *virtual* items m, m+1, ... it would have
// sent next, truncated at the target time. Each virtual tree is an optimal broadcast tree
// (every holder sends every step) that fits the schedule's free send and receive slots by
// construction. So we colour each virtual tree with one of the K endgame items: a processor
// holds item e at the end iff one of the virtual trees it belongs to has colour e, and the
// endgame is correct iff every processor's set of trees carries all K colours (within a tree
// every node's parent received the same item earlier; a processor that meets a colour twice
// keeps its earliest copy and forwards it in the later tree too).
//
// Why one computation serves every k: a block-cyclic schedule shifted by one step is the same
// schedule with every block's processors rotated by one (SPEC Sec. 4), so the sets of virtual
// trees the processors see, as a multiset, do not depend on m. The endgame problem E(K, W)
// (K items, window W steps after the first endgame send, trees 0..W-L) is decided once per
// assignment; it gives time m + W = k - K + W for every k >= K, provided the kept items fit the
// window (m = 0, or W >= D - 1: item m-1 ends at m - 1 + D). Solvable at W implies solvable at
// W + 1 (every processor's tree set only grows), so per K one smallest window is searched.
//
// The colouring is a small exact-cover-like search (one DFS, most constrained tree first,
// colours interchangeable): a tree per free source step (about B(P-1)), at most 64 colours,
// one constraint per distinct tree set (processors with equal letter sequences share one).
// It is complete for the structure it searches: a refuted E(K, W) says no colouring of these
// trees works, nothing about other schedules (the output never calls it impossible).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "assignment.hpp"
#include "limits.hpp"
#include "schedule.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast {

// Fig. 2 generalised: a processor's virtual trees number (u + w_1 + ... + w_{r-1}) / r for a
// block processor and x for the receive-only one (each letter l counts the steps s < l before
// the window's end at its phase; the residues of word legality make the sum exact), and every
// processor needs K of them. The receive-only letter x is often below k*. g processors with
// constant letters congruent mod g (the receive-only one and g-1 processors of r = 1 blocks,
// whose letter is their index u) can take turns: processor j plays role (j + i) mod g in item
// i's tree; at each step exactly one role's item has the right residue, so each still
// receives once and sends (the r = 1 roles send when they receive) once per step. Each then
// meets (x + sum of the u) / g trees.
struct Rotation {
  std::vector<std::int64_t> ids;  // processor ids, ids[0] the receive-only one; empty = none
  std::vector<std::int64_t> letters;  // the constant letter of each role
  int g() const { return static_cast<int>(ids.size()); }
};

// The smallest rotation that gives the receive-only role at least K trees, if the assignment's
// r = 1 blocks allow one; an empty rotation when x >= K already.
std::optional<Rotation> receive_only_rotation(const Assignment& a, int K);

// Processors grouped by the set of virtual trees (items 0..trees-1 of the continuous schedule)
// they receive at a step <= window; a set is sorted tree indices.
struct TreeClasses {
  int window = 0;
  int trees = 0;                        // window - L + 1: virtual item v's root receives at v + L
  std::vector<std::vector<int>> sets;   // distinct non-empty sets, in first-seen order
  std::vector<std::int64_t> counts;     // processors with that set
};

// From the assignment's letter pattern (engine/expand.hpp's layout and step convention: at step
// tau letter j names item tau + j - L - T). Processors that receive nothing in the window form
// an empty set, kept (they make every K >= 1 unsolvable). InputError if window < L.
TreeClasses tree_classes(const Assignment& a, int window, const Rotation& rotation = {});
// The size of the smallest of those sets, counted without building them (the routed endgame's
// capacity test: a processor meets as many virtual trees as it has free receive slots).
std::int64_t fewest_trees(const Assignment& a, int window, const Rotation& rotation = {});

struct TreeColoring {
  Verdict verdict = Verdict::unknown;  // solved: colour per tree; impossible: exhausted; unknown: limit
  std::vector<int> color;              // colour of tree v, renumbered by first use (tree 0 has 0)
  std::int64_t nodes = 0;
};

// Colour classes.trees trees with K colours so that every set holds all K. K in 1..64.
// limits.max_nodes and the deadline bound the search (then UNKNOWN).
TreeColoring color_trees(const TreeClasses& classes, int K, const Limits& limits);

// The k-item schedule: items 0..m-1 (m = k - K) as the continuous schedule sends them, items
// m..k-1 on the coloured virtual trees m..m+trees-1 truncated at step m + window (tree v carries
// item m + color[v - m]; a repeated item is received once, at its earliest step). InputError if
// K > k, or m > 0 and window < D - 1.
Schedule colored_schedule(const Assignment& a, std::int64_t k, int K, int window, const std::vector<int>& color,
                          const Rotation& rotation = {});

// The expanded schedule with the rotation applied to every item (ids remapped, messages re-sorted).
void rotate_roles(Schedule& s, const Rotation& rotation);
// The same remapping, messages left in their order.
void remap_roles(std::vector<Message>& messages, const Rotation& rotation);

// Per assignment: for each K = 1..max_K the smallest window W in [lo_K, lo_K + max_extra] with a
// colouring (lo_K = the lower bound for K items, kitem_lower_bound), or none within that range.
struct EndgamePlan {
  int L = 0;
  std::int64_t P = 0;
  int delay = 0;  // D of the assignment
  struct Entry {
    int K = 0;
    std::optional<int> window;  // smallest W found
    std::vector<int> color;     // its colouring (empty for a routed entry)
    Rotation rotation;          // the roles rotated for it
    std::optional<std::uint64_t> routed;  // set: the routed endgame's attempt (routed_endgame.hpp)
    // Routed: the last arrival of its routing (<= window). A routing may finish before the
    // window it was routed in (more slots steer the greedy elsewhere); the window stays what
    // replays it, the finish is its time.
    std::optional<int> finish;
  };
  std::vector<Entry> entries;  // entries[K - 1]
  // The best time for k items this plan gives (k - K + W over usable K, with W the finish of a
  // routed entry and at least D - 1 with kept items), with the K used; the cut schedule
  // (D + k - 1, K = 0) when nothing better.
  std::pair<std::int64_t, int> time(std::int64_t k) const;
};

// max_K: largest endgame size tried (capped at 64); max_extra: windows above each lo_K tried.
// limits: per colouring search (max_nodes) and the whole call's deadline.
EndgamePlan endgame_plan(const Assignment& a, int max_K, int max_extra, const Limits& limits);

}  // namespace blockcast
