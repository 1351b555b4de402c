// The blockcast version: printed by `blockcast --version` and stamped into every JSON
// envelope and every report, so a file says which build wrote it. The number comes from
// project(VERSION) in the top CMakeLists.txt (engine/CMakeLists.txt passes it down).
#pragma once

namespace blockcast {

#ifndef BLOCKCAST_VERSION
#error "BLOCKCAST_VERSION is set by engine/CMakeLists.txt"
#endif

inline constexpr const char* version() { return BLOCKCAST_VERSION; }

}  // namespace blockcast
