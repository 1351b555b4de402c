#include "postal.hpp"

#include <string>

namespace blockcast {

void require_latency(int L) {
  if (L < 1 || L > kMaxLatency)
    throw InputError("latency L must be in 1.." + std::to_string(kMaxLatency) + ", got " + std::to_string(L));
}

std::vector<i64> fib_sequence(int L, int n) {
  require_latency(L);
  if (n < 0) throw InputError("depth t must be >= 0, got " + std::to_string(n));
  std::vector<i64> f(n + 1);
  for (int i = 0; i <= n; ++i) {
    if (i < L) {
      f[i] = 1;
    } else {
      i64 r;
      if (__builtin_add_overflow(f[i - 1], f[i - L], &r))
        throw OverflowError("f_" + std::to_string(i) + " for L=" + std::to_string(L) +
                            " overflows 64-bit integers (largest t is " +
                            std::to_string(i - 1) + ")");
      f[i] = r;
    }
  }
  return f;
}

i64 fib(int L, int i) {
  if (i < 0) return 0;
  return fib_sequence(L, i)[i];
}

int max_depth(int L) {
  require_latency(L);
  std::vector<i64> f;
  for (int i = 0;; ++i) {
    if (i < L) {
      f.push_back(1);
      continue;
    }
    i64 r;
    if (__builtin_add_overflow(f[i - 1], f[i - L], &r)) return i - 1;
    f.push_back(r);
  }
}

int broadcast_depth(int L, i64 P) {
  require_latency(L);
  if (P < 1) throw InputError("processor count must be >= 1, got " + std::to_string(P));
  std::vector<i64> f;
  for (int t = 0;; ++t) {
    i64 v = t < L ? 1 : checked_add(f[t - 1], f[t - L], "f_t");
    f.push_back(v);
    if (v >= P) return t;
  }
}

i64 nodes_at_label(int L, int d) {
  if (d == 0) return 1;
  if (d < L) return 0;
  return fib(L, d - L);
}

}  // namespace blockcast
