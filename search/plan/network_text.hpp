// The plan's network as text and its checks (include/blockcast/plan.hpp, parse_network):
// BLOCKCAST_NETWORK, `blockcast plan --network` and Python's network= all go through
// parse_network_text, so the three read the same text the same way. A size-dependent network
// is a list of LogGP quadruples (Alexandrov, Ionescu, Schauser, Scheiman 1995), one per range
// of segment sizes, as MPI libraries switch from an eager to a rendezvous protocol.
#pragma once
#include <blockcast/plan.hpp>
#include <string>

namespace blockcast {

// "latency=..,overhead=..,gap=..,gap_per_byte=..[;from=BYTES,latency=..,...]": InputError
// naming the bad piece: "'gap=x' is not key=number with a number >= 0 (seconds) in range 2 'from=..,gap=x'".
api::Network parse_network_text(const std::string& text);
// The text parse_network_text reads back to the same network (shortest exact numbers).
std::string network_to_text(const api::Network& network);
// InputError unless every parameter is a finite number >= 0 and the ranges' from_bytes are
// >= 1 and ascending.
void check_network(const api::Network& network);

}  // namespace blockcast
