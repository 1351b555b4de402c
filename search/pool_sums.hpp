// The counting bound on a root word's letter sum (SPEC Sec. 4, letter conservation; used by
// the repair method, search/constructive_repair.cpp, and by the minimality evidence of
// certificates, search/minimality.cpp): the non-root blocks take `slots` letters of the pool,
// so the sum of their letters lies between the sums of the `slots` smallest and the `slots`
// largest pool letters, and the root gets what is left of the pool's total.
#pragma once
#include <algorithm>
#include <vector>

#include "checked.hpp"

namespace blockcast {

struct PoolSums {
  i64 total = 0;  // sum of j * pool[j]
  i64 lo = 0;     // sum of the `slots` smallest letters
  i64 hi = 0;     // sum of the `slots` largest letters
};

// pool[j] = how many letters j are left (j < A); any integer count type.
template <class Count>
PoolSums pool_sums(const std::vector<Count>& pool, int A, i64 slots) {
  PoolSums s;
  for (int j = 0; j < A; ++j) s.total += static_cast<i64>(j) * static_cast<i64>(pool[static_cast<size_t>(j)]);
  i64 k = 0;
  for (int j = 0; j < A && k < slots; ++j) {
    const i64 n = std::min<i64>(static_cast<i64>(pool[static_cast<size_t>(j)]), slots - k);
    s.lo += n * j, k += n;
  }
  k = 0;
  for (int j = A - 1; j >= 0 && k < slots; --j) {
    const i64 n = std::min<i64>(static_cast<i64>(pool[static_cast<size_t>(j)]), slots - k);
    s.hi += n * j, k += n;
  }
  return s;
}

}  // namespace blockcast
