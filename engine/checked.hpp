// Overflow-checked 64-bit arithmetic. Processor and letter counts grow like the
// Fibonacci-type sequence f_t (SPEC Sec. 1); a wrapped count would silently produce a
// wrong instance, so every addition/multiplication on counts goes through here.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace blockcast {

using i64 = std::int64_t;

struct OverflowError : std::overflow_error {
  using std::overflow_error::overflow_error;
};

inline i64 checked_add(i64 a, i64 b, const char* what = "count") {
  i64 r;
  if (__builtin_add_overflow(a, b, &r))
    throw OverflowError(std::string(what) + " overflows 64-bit integers");
  return r;
}

inline i64 checked_mul(i64 a, i64 b, const char* what = "count") {
  i64 r;
  if (__builtin_mul_overflow(a, b, &r))
    throw OverflowError(std::string(what) + " overflows 64-bit integers");
  return r;
}

// The remainder of v modulo r in [0, r) for r > 0 (C++'s % keeps the sign of v): slots and
// phases run before 0 in the block layouts of engine/expand.cpp and engine/per_rank.cpp.
// Most calls have 0 <= v, r < 2^32 (letters, phases, block sizes), and a 32-bit division
// costs a fraction of a 64-bit one on many x86 cores: the checker and Hall's construction do
// one per letter.
inline i64 floor_mod(i64 v, i64 r) {
  if (static_cast<std::uint64_t>(v) <= UINT32_MAX && static_cast<std::uint64_t>(r) <= UINT32_MAX)
    return static_cast<std::uint32_t>(v) % static_cast<std::uint32_t>(r);
  const i64 m = v % r;
  return m < 0 ? m + r : m;
}

// Bad user input (parameters, files). The CLI prints what() on one line and exits 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace blockcast
