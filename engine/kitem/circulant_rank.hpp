// One rank's program of the circulant L = 1 k-item schedule (Träff,
// SPAA 2022 / ACM TOPC 2025): for rank r, every step's send (to whom, which item) and
// receive (from whom, which item), computed for that rank alone, without the P x q phase
// table of engine/kitem/circulant.hpp.
//
// Cost: O(log P) time and memory for the phase structure (then O(k + log P) to list the
// steps): the rank's receive blocks by Träff's receive search and its send blocks by his
// send rule (circulant_blocks.hpp; Träff 2023, 2024), which give exactly the blocks of our
// window rule (circulant.hpp), so that the per-rank programs and the full schedule are one
// schedule. (The rule evaluated by counting, circulant_window.hpp, took O(log^4 P).)
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
