// The network's LogGP parameters (Alexandrov, Ionescu, Schauser and Scheiman 1995) for the
// plan: from the environment variable BLOCKCAST_NETWORK, or measured once per communicator by
// a short ping-pong between the root and one other rank (docs/mpi-component.md).
#pragma once
#include <mpi.h>

#include <blockcast/plan.hpp>
#include <optional>
#include <string>

namespace blockcast::bcast {

// BLOCKCAST_NETWORK="latency=1e-6,overhead=0,gap=0,gap_per_byte=1e-10" (any subset of the
// four keys, the rest 0), or several ranges of segment sizes separated by ';', each but the
// first starting with from=BYTES (api::parse_network). nullopt when unset; when set but
// malformed, nullopt and `error` says why in one line.
std::optional<api::Network> network_from_environment(std::string& error);

// Parses the text of BLOCKCAST_NETWORK (above) with api::parse_network; nullopt and `error`
// ("BLOCKCAST_NETWORK: ...") on bad input.
std::optional<api::Network> parse_network(const std::string& text, std::string& error);

// Ping-pong on `comm` between `root` and `partner` (every other rank returns at once):
// two ranges, below and from 64 KiB (latency and gap_per_byte of each from two message sizes),
// a stream of back-to-back small messages the gap of both. Only the root's result is meaningful. Sets `status` to the
// first failed MPI call's code (MPI_SUCCESS otherwise).
api::Network calibrate(MPI_Comm comm, int root, int partner, int& status);

}  // namespace blockcast::bcast
