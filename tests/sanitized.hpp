// Whether this test binary was built with ASan + UBSan (tests/CMakeLists.txt defines
// BLOCKCAST_SANITIZED in BLOCKCAST_SANITIZE and BLOCKCAST_FUZZ builds). The few sweeps that
// take minutes under the sanitizers (ten times their Release time) run a smaller range there:
// the sanitizers still see every code path, and the Release pass of CI runs the whole range.
#pragma once

namespace blockcast::testing {

#ifdef BLOCKCAST_SANITIZED
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif

}  // namespace blockcast::testing
