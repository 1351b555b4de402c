// The size class of a broadcast (docs/mpi-component.md, "Size class and cache"): messages of
// n bytes with 2^(b-1) < n <= 2^b share class b, and the class's plan is computed once for its
// representative size 2^(b-1/2), the geometric middle. Why: in the pipelined broadcast of the
// postal/LogGP model (Karp, Sahay, Santos and Schauser 1993) the time for K segments is about
// (K + c)(alpha + n beta / K), whose minimum over K is flat; the best K grows like sqrt(n),
// so the representative's K is within a factor r = 2^(1/4) of the best K of any n in the
// class, and the K-dependent part aK + B/K of the time is then within (r + 1/r) / 2 < 1.015 of
// its minimum. At most 64 classes exist, so a
// communicator holds at most 64 plans. At call time the segment size is ceil(n / K).
#pragma once
#include <cmath>
#include <cstdint>

namespace blockcast::bcast {

// b with 2^(b-1) < bytes <= 2^b; 0 for bytes <= 1.
inline int size_class(std::int64_t bytes) {
  int b = 0;
  while (b < 62 && (std::int64_t{1} << b) < bytes) ++b;
  return b;
}

// The class's representative message size: round(2^(b - 1/2)), at least 1.
inline std::int64_t class_bytes(int size_class) {
  const double rep = std::round(std::ldexp(1.0, size_class) / std::sqrt(2.0));
  return rep < 1 ? 1 : static_cast<std::int64_t>(rep);
}

}  // namespace blockcast::bcast
