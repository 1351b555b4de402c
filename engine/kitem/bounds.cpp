// Closed-form k-item bounds (see bounds.hpp; Karp et al. 1993, Sec. 3 and 3.4; Subramonian and Venkatasubramanian 1993,
// Sec. 6).
#include "kitem/bounds.hpp"

#include <algorithm>
#include <string>

#include "logp_tree.hpp"
#include "postal.hpp"

namespace blockcast {

void require_pk(i64 P, i64 k) {
  if (P < 2) throw InputError("P must be >= 2 (a source and at least one receiver), got " + std::to_string(P));
  if (k < 1) throw InputError("k must be >= 1, got " + std::to_string(k));
}

int depth_without_source(int L, i64 P) {
  require_pk(P, 1);
  return broadcast_depth(L, P - 1);
}

i64 k_star(int L, i64 P) {
  const int B = depth_without_source(L, P);  // = n + 1
  if (B == 0) return 0;
  const auto f = fib_sequence(L, B - 1);
  __int128 sum = 0;  // sum_{i=0}^{n} f_i = f_{n+L} - 1 (Fact 2.1) may exceed 64 bits
  for (i64 v : f) sum += v;
  return static_cast<i64>(sum / (P - 1));
}

i64 paper_kitem_bound(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + L, k - 1 - k_star(L, P), "time");
}

i64 kitem_lower_bound(int L, i64 P, i64 k) {
  require_pk(P, k);
  const i64 kstar = k_star(L, P);
  if (k > kstar) return paper_kitem_bound(L, P, k);  // t >= n: floor(S_t/(P-1)) = k* + t - n
  // k <= k*: the smallest t <= n with floor(S_t / (P-1)) >= k, where f_j < P-1 for j <= n.
  const auto f = fib_sequence(L, depth_without_source(L, P));
  __int128 sum = 0;
  for (size_t t = 0;; ++t) {
    sum += std::min<i64>(f[t], P - 1);
    if (sum / (P - 1) >= k) return L + static_cast<i64>(t);
  }
}

i64 continuous_cut_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + L, k - 1, "time");
}

i64 simple_schedule_delay(int L, i64 P) {
  require_latency(L);
  require_pk(P, 1);
  // logp_tree counts any latency (postal.hpp stops at L = 64); o = 0, g = 1 is the postal model.
  return L + broadcast_time(LogP{L + 1, 0, 1}, P - 1);
}

i64 simple_schedule_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(simple_schedule_delay(L, P), k - 1, "time");
}

i64 single_sending_time(int L, i64 P, i64 k) {
  require_pk(P, k);
  return checked_add(depth_without_source(L, P) + 2 * static_cast<i64>(L), k - 2, "time");
}

}  // namespace blockcast
