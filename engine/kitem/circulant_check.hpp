// Structural check of a circulant phase table (docs/kbroadcast.md Sec. 6,
// "why checking one phase is enough"). It reads only what the schedule says: the skips and
// the block each processor receives in each round of a phase (CirculantPhase::skip, recv);
// it never calls the receive rule of circulant.cpp, so a wrong rule shows up here.
//
// The schedule it judges: in round i = h q + j (h any integer, 0 <= j < q) processor r != 0
// receives block recv[r][j] + h q from r - skip[j] (mod P). Conditions, per phase:
//  (a) range: 1 <= skip[j] <= P - 1, every recv value lies in -q..q-1, and every row has a
//      value >= 0 (the row's block of the last phase);
//  (b) exactly once: the values of each row are distinct modulo q (so over all phases every
//      processor receives every block exactly once);
//  (c) held: the sender holds the block before the round: the source holds block x from
//      round x (value v <= j); another sender s receives the same residue u = v (mod q) in
//      its round j', i.e. block v + h q in round j' + (v - u) + h q, which must be < round j,
//      i.e. j' + v - u < j.
// All three are invariant under the shift by q rounds and q blocks, so checking one phase
// proves the whole infinite schedule, and the truncation to k items keeps it correct
// (docs/kbroadcast.md Sec. 6).
#pragma once
#include <optional>
#include <string>

#include "kitem/circulant.hpp"

namespace blockcast {

// nullopt when the phase passes (a)-(c); otherwise one line naming the first broken
// condition, processor and round. O(P q) time, O(P q) bytes of scratch.
std::optional<std::string> check_circulant_phase(const CirculantPhase& c);

}  // namespace blockcast
