// Postal-model counting (SPEC Sec. 1; Karp et al. 1993, Sec. 2, Thm 2.2, Fact 2.1):
// f_i = 1 for i < L, f_i = f_{i-1} + f_{i-L}; P(t) = f_t processors are reachable in t
// steps; B(P) = min{t : f_t >= P}; node counts n_d of the optimal tree T_t.
// All values are overflow-checked: asking for an f_t beyond 2^63 throws OverflowError.
#pragma once
#include <vector>

#include "checked.hpp"

namespace blockcast {

// f_0 .. f_n for latency L (L >= 1).
std::vector<i64> fib_sequence(int L, int n);
i64 fib(int L, int i);  // f_i, 0 for i < 0
// B(P) = min{t : f_t >= P} (P >= 1).
int broadcast_depth(int L, i64 P);
// n_d: number of nodes with label d in T_t (independent of t for d <= t).
i64 nodes_at_label(int L, int d);
// Largest t with f_t representable in 63 bits.
int max_depth(int L);

// The largest latency any question takes (conjecture certifies L up to it; the CLI's --L,
// the C++ API and Python share it). Counts are checked 64-bit integers, so only time and
// memory bound L.
inline constexpr int kMaxLatency = 1024;
void require_latency(int L);  // InputError unless 1 <= L <= kMaxLatency

}  // namespace blockcast
