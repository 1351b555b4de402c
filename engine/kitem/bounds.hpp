// Closed-form bounds of k-item broadcast in the postal model (Karp et al. 1993, Sec. 3,
// Thm 3.1, 3.6-3.7; Subramonian and Venkatasubramanian 1993, Sec. 6). Pure arithmetic on
// (L, P, k): no schedule is built.
//
// Time convention (Karp et al. 1993): the source creates item i at step i and the time of a
// schedule is the step of its last reception. A continuous schedule with delay L + T cut
// after k items therefore takes L + T + k - 1, i.e. L + B(P-1) + k - 1 for optimal trees.
//
// B(n; L) = min{t : f_t >= n} counts the tree's nodes including its root (Karp et al. 1993
// Sec. 2). Subramonian and Venkatasubramanian (1993) number steps from 1 (root receive-label 1) but mean the same
// depth: its simple schedule builds the restricted tree on P-1 nodes with latency L+1, so its
// delay L + B(P-1, L+1) is L + B(P-1; L+1) here.
#pragma once
#include "checked.hpp"

namespace blockcast {

// B(P-1) for latency L (P >= 2).
int depth_without_source(int L, i64 P);
// k* = floor(sum_{i=0}^{n} f_i / (P-1)) with f_n < P-1 <= f_{n+1}; 0 when P-1 = 1 (no such n).
i64 k_star(int L, i64 P);
// Thm 3.1 as printed: B(P-1) + L + (k-1) - k*.
i64 paper_kitem_bound(int L, i64 P, i64 k);
// The counting argument of Thm 3.1's proof carried out exactly: at step L + j at most
// min(f_j, P-1) messages arrive, so k items need L + min{t : floor(S_t / (P-1)) >= k} steps,
// S_t = sum_{j<=t} min(f_j, P-1). It equals the printed formula for k > k*; for k <= k* the
// formula can exceed what is achievable (L=2, P=5, k=1: formula 5, but B(5) = 4 steps
// suffice), because floor(S_t/(P-1)) = k* + t - n only holds for t >= n.
i64 kitem_lower_bound(int L, i64 P, i64 k);
// A delay-(L + B(P-1)) continuous schedule cut after k items: L + B(P-1) + k - 1.
i64 continuous_cut_time(int L, i64 P, i64 k);
// Subramonian and Venkatasubramanian 1993, Thm 6.1: delay L + B(P-1; L+1) and, cut after k items, that delay + k - 1.
i64 simple_schedule_delay(int L, i64 P);
i64 simple_schedule_time(int L, i64 P, i64 k);
// Karp et al. 1993, Thm 3.7: a single-sending schedule with time B(P-1) + 2L + k - 2 always exists.
i64 single_sending_time(int L, i64 P, i64 k);
// InputError unless P >= 2 (a source and at least one receiver) and k >= 1.
void require_pk(i64 P, i64 k);

}  // namespace blockcast
