// Generators for the schedules of Dimakopoulos and Dimopoulos 1995: broadcast by replication at routing nodes
// (Sec. 2.1), furthest-first scattering (Sec. 3, Thm 1), gathering as its time reversal
// (Sec. 3), flooding multinode broadcast (Sec. 4, Thm 2) and the phased and pipelined total
// exchange (Sec. 5, eqs. (1)-(2)) for any non-decreasing capacities.
#pragma once
#include <cstdint>

#include "fattree/schedule.hpp"
#include "fattree/tree.hpp"

namespace blockcast::fattree {

Schedule broadcast_schedule(const FatTree& T, std::int64_t root = 0);
Schedule scatter_schedule(const FatTree& T, std::int64_t root = 0);
Schedule gather_schedule(const FatTree& T, std::int64_t root = 0);
Schedule flooding_mnb_schedule(const FatTree& T);
Schedule total_exchange_schedule(const FatTree& T, bool pipelined);

Schedule generate(Op op, const FatTree& T, std::int64_t root = 0);

// Size guard for generate + simulate: the link crossings and deliveries of the generated
// schedule, and an InputError naming the bound when they exceed kMaxCrossings (about 3 s and
// a few hundred MB on a 2-core machine) or kMaxDeliveries. Total exchange stops at n = 1024,
// multinode broadcast at n = 2048, scatter/gather at n = 2^19, broadcast at n = 2^20.
constexpr std::int64_t kMaxCrossings = 50'000'000;
constexpr std::int64_t kMaxDeliveries = 5'000'000;
std::int64_t link_crossings(Op op, const FatTree& T);
void check_simulation_size(Op op, const FatTree& T);

// Packets per step that can cross a level-k node in one direction without any queue:
// r_k = min_{1<=i<=k} c_i * 2^{k-i} (each level-(i-1) subtree on either side passes at most
// c_i per step). The paper's analysis assumes r_k = c_k.
std::int64_t crossing_rate(const FatTree& T, int k);

}  // namespace blockcast::fattree
