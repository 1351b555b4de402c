// MPI tags of the component's private communicator (a PMPI_Comm_dup of the caller's, so no
// tag here can match the caller's own messages). MPI guarantees tags up to 32767.
#pragma once
#include <cstdint>

namespace blockcast::bcast {

// A segment's messages carry its index modulo this; messages between two ranks are also
// matched in order (both sides follow the schedule's step order), so the modulus is safe.
constexpr std::int64_t kSegmentTags = 32000;
constexpr int kCalibrationTag = 32001;

inline int segment_tag(std::int64_t segment) { return static_cast<int>(segment % kSegmentTags); }

}  // namespace blockcast::bcast
