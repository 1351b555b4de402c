// One rank's program of the circulant L = 1 k-item schedule (Träff,
// SPAA 2022 / ACM TOPC 2025): for rank r, every step's send (to whom, which item) and
// receive (from whom, which item), computed for that rank alone, without the P x q phase
// table of engine/kitem/circulant.hpp.
//
// Cost: O(log^4 P) time and O(log^2 P) memory for the phase structure (then O(k + log P) to
// list the steps). The receive rule (circulant.hpp) picks the largest base block not yet
// received among a window of processors; which base blocks occur in a window is counted from
// the numeration of the skips in O(log P) per query (circulant_rank.cpp), so no processor
// outside the rank and its q targets is visited. Träff's papers reach O(log P) with their own
// recvblock/sendblock computation, which belongs to a different (equally valid) block
// assignment; our window rule is evaluated here as it is, so that the per-rank programs
// and the full schedule are one schedule.
//
// The result equals the slice of circulant_schedule(P, k) for that rank (tested for every
// P <= 300). The program is the library's value type (include/blockcast/program.hpp): sends
// at their send step, receives at their arrival step (send step + 1, L = 1).
#pragma once
#include <blockcast/program.hpp>
#include <cstdint>

namespace blockcast {

// InputError unless 2 <= P <= 2^31 - 1, k >= 1 and 0 <= rank < P.
api::RankProgram circulant_rank_program(std::int64_t P, std::int64_t k, std::int64_t rank);

}  // namespace blockcast
