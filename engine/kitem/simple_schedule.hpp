// Subramonian and Venkatasubramanian 1993, Sec. 6: the simple continuous-broadcast schedule (Subramonian,
// Venkatasubramanian). Build the restricted broadcast tree on P-1 nodes for latency L+1 (Def. 3.6: the P-1 nodes
// of smallest receive label, ties to smaller depth); internal node j with G_j children gets
// a group of G_j processors; processor q of group j plays node j in the trees of the items
// i = q (mod G_j) and sends the item in the G_j steps from its reception. The one processor
// left over (sum G_j = P-2) only receives. Terminal receives (leaves) are matched to the
// processors of a group that still lack the item by the paper's Assignment protocol
// (Lemma 6.3), step by step, oldest item first, with a fixed allocation of leaves to groups
// (Lemma 6.2). Thm 6.1: designed for latency L+1 but run with latency L, every message
// arrives a step early, a processor may get a terminal and a non-terminal item in one step,
// and the receive buffer (Subramonian and Venkatasubramanian 1993, Sec. 2) keeps the delay at L + B(P-1; L+1).
//
// The result is a plan for engine/kitem/latency_model.hpp (messages with planned send steps;
// recv_step is the designed reception, send + L + 1, root: send + L); it is not a strict
// postal schedule, so it is replayed with the buffered model, not engine/simulator.hpp.
#pragma once
#include <string>

#include "checked.hpp"
#include "schedule.hpp"

namespace blockcast {

struct SimpleSchedule {
  Schedule plan;
  int tree_depth = 0;      // B(P-1; L+1): largest receive label of the tree
  int groups = 0;          // internal nodes
  std::string problem;     // non-empty if the Assignment protocol failed (paper: never)
};

// Items 0..k-1. InputError for P < 2, k < 1, or a window over engine/expand.hpp's bound.
SimpleSchedule simple_schedule(int L, i64 P, i64 k);

}  // namespace blockcast
