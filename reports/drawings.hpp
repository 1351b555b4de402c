// Graphviz drawings: the optimal broadcast tree T_t (SPEC Sec. 1; Karp et al. 1993, Fig. 2 "Optimal
// Broadcast Tree L=3, P=9") with node labels = delays, and the word automaton (SPEC Sec. 5;
// Karp et al. 1993, Fig. 2 "Automaton L=3"). DOT comes from Boost.Graph's write_graphviz; SVG is
// rendered by the Graphviz `dot` program when it is on PATH.
#pragma once
#include <optional>
#include <string>

#include "assignment.hpp"
#include "schedule.hpp"

namespace blockcast {

// T_t for latency L (f_t nodes). Each node shows its delay and its name in relative
// addressing: internal nodes the upper-case index with their children ("0 / H5"), leaves
// their letter ("7 / a"). InputError for trees above kMaxDrawnTree nodes.
inline constexpr long kMaxDrawnTree = 2000;
std::string tree_dot(int L, int t);

// The broadcast tree of one item in an expanded schedule (Karp et al. 1993, Fig. 2 read per item):
// one node per processor that receives `item`, an edge per message, labelled with its send
// step; a node shows its receive step relative to the item's creation and, for an expanded
// assignment `a`, the block (r, u, word) that engine/expand.hpp's processor layout gives it
// (a = nullptr: an explicit schedule, k items or periodic, whose nodes have no block).
// InputError for item out of range or schedules above kMaxDrawnTree processors.
std::string schedule_tree_dot(const Assignment* a, const Schedule& s, int item);

// The recurrent part of the automaton over the L letters a.. (states on closed walks).
std::string automaton_dot(int L);

// Full path of `dot` if it is an executable on PATH.
std::optional<std::string> find_dot_program();

// Runs `dot -Tsvg` on the DOT text. InputError naming the problem if dot is missing or fails.
std::string render_svg(const std::string& dot_text);

}  // namespace blockcast
