// Schedule generators of Dimakopoulos and Dimopoulos 1995 (Sec. 2.1, 3, 4, 5). All of them except flooding are
// queue-free by construction; the simulator checks that rather than trusting it.
#include "fattree/algorithms.hpp"

#include <algorithm>

#include "checked.hpp"

namespace blockcast::fattree {

Schedule broadcast_schedule(const FatTree& T, std::int64_t root) {
  Schedule S;
  S.required = required_deliveries(Op::broadcast, T.n, root);
  S.injections.push_back(broadcast(1, root, 0));  // replicated at every routing node
  return S;
}

Schedule scatter_schedule(const FatTree& T, std::int64_t root) {
  // Furthest-first: the source sends its n-1 packets, c_1 per step, farthest destinations
  // first (Thm 1). All packets to one subtree share their path, so no link ever carries more
  // than c_1 <= c_i of them in one step and nothing queues.
  Schedule S;
  S.required = required_deliveries(Op::scatter, T.n, root);
  std::vector<std::int64_t> dst;
  for (std::int64_t d = 0; d < T.n; ++d)
    if (d != root) dst.push_back(d);
  std::stable_sort(dst.begin(), dst.end(),
                   [&](std::int64_t a, std::int64_t b) { return lca_level(root, a) > lca_level(root, b); });
  for (std::size_t k = 0; k < dst.size(); ++k)
    S.injections.push_back(unicast(1 + static_cast<std::int64_t>(k) / T.cap(1), root, dst[k], dst[k]));
  return S;
}

Schedule gather_schedule(const FatTree& T, std::int64_t root) {
  // Reverse the data paths of the scatter (Sec. 3): the scatter packet to d crosses its hops
  // in steps t..a (a = t + 2L - 1); the gather packet from d crosses the same links in the
  // other direction in steps Ts+1-a .. Ts+1-t, where Ts is the scatter's completion. Link
  // loads are mirrored, so the gather is queue-free and finishes at Ts.
  Schedule sc = scatter_schedule(T, root);
  std::int64_t Ts = 0;
  for (const auto& in : sc.injections) Ts = std::max(Ts, in.step + distance(root, in.dst) - 1);
  Schedule S;
  S.required = required_deliveries(Op::gather, T.n, root);
  for (auto it = sc.injections.rbegin(); it != sc.injections.rend(); ++it) {
    std::int64_t arrival = it->step + distance(root, it->dst) - 1;
    S.injections.push_back(unicast(Ts + 1 - arrival, it->dst, root, it->dst));
  }
  return S;
}

Schedule flooding_mnb_schedule(const FatTree& T) {
  // Every leaf starts broadcasting at step 1; routing nodes replicate each received packet
  // onto every other incident branch and queue FIFO (Sec. 4).
  Schedule S;
  S.required = required_deliveries(Op::multinode_broadcast, T.n);
  for (std::int64_t s = 0; s < T.n; ++s) S.injections.push_back(broadcast(1, s, s));
  return S;
}

std::int64_t crossing_rate(const FatTree& T, int k) {
  std::int64_t r = INT64_MAX;
  for (int i = 1; i <= k; ++i) r = std::min(r, checked_mul(T.cap(i), std::int64_t{1} << (k - i), "crossing rate"));
  return r;
}

namespace {
std::int64_t bitrev(std::int64_t x, int bits) {
  std::int64_t r = 0;
  for (int b = 0; b < bits; ++b) r |= ((x >> b) & 1) << (bits - 1 - b);
  return r;
}
}  // namespace

Schedule total_exchange_schedule(const FatTree& T, bool pipelined) {
  // Phase at level k = h, h-1, ..., 1: every level-k node lets its left and right subtrees
  // (m = 2^{k-1} leaves each) exchange their m^2 messages per direction (Sec. 5). Packets
  // injected together move in lockstep, so the phase is queue-free if every batch puts at most
  // c_{j+1} packets into (and out of) each level-j subtree and at most c_k across the node.
  // Order the m^2 pairs as q = l*m + p -> (source bitrev(p), destination bitrev((p+l) mod m))
  // and inject them r = crossing_rate(k) at a time. A level-j block of either side is the
  // residue class of p (resp. p+l) modulo D = m/2^j, and r <= c_{j+1} D, so a window of r
  // consecutive q meets each source block at most c_{j+1} times; on the destination side a
  // window straddling matchings l and l+1 is r+1 consecutive residues with the one at l
  // missing, and when r = c_{j+1} D exactly (D | r, D | m) the overfull residue is l itself.
  // This is the paper's per-step matchings (one pair per step on CBFTs, XOR-like
  // permutations on EBFTs) written for any capacities.
  Schedule S;
  S.required = required_deliveries(Op::total_exchange, T.n);
  std::int64_t start = 1;
  for (int k = T.h; k >= 1; --k) {
    std::int64_t m = std::int64_t{1} << (k - 1), r = crossing_rate(T, k);
    std::int64_t pairs = checked_mul(m, m, "total exchange size");
    for (std::int64_t q = 0; q < pairs; ++q) {
      std::int64_t p = q % m, l = q / m;
      std::int64_t a = bitrev(p, k - 1), b = bitrev((p + l) % m, k - 1);
      std::int64_t step = start + q / r;
      for (std::int64_t base = 0; base < T.n; base += 2 * m) {
        std::int64_t L = base + a, R = base + m + b;
        S.injections.push_back(unicast(step, L, R, L * T.n + R));
        R = base + m + a, L = base + b;
        S.injections.push_back(unicast(step, R, L, R * T.n + L));
      }
    }
    std::int64_t last = start + (pairs + r - 1) / r - 1;
    // Pipelined: the next phase may inject 3 steps after this phase's last batch: its
    // packets then reach every shared down-link after this phase's have left it (a packet of
    // the level-(k-1) phase injected at t uses a down-branch when this phase's batch of t-2
    // does, and up-branches never collide), which is the paper's overlap of 2k-3 steps.
    // Phased: the next phase starts when this one has delivered everything.
    start = pipelined ? last + 3 : last + 2 * k;
  }
  return S;
}

std::int64_t link_crossings(Op op, const FatTree& T) {
  // sum_d dist(s, d) over the other leaves d of one source: 2^{L-1} leaves at distance 2L.
  std::int64_t one = 0;
  for (int L = 1; L <= T.h; ++L) one += (std::int64_t{1} << (L - 1)) * 2 * L;
  switch (op) {
    case Op::broadcast: return 2 * T.n - 2;
    case Op::scatter:
    case Op::gather: return one;
    case Op::multinode_broadcast: return checked_mul(T.n, 2 * T.n - 2, "simulation size");
    case Op::total_exchange:
    case Op::total_exchange_phased: return checked_mul(T.n, one, "simulation size");
  }
  return 0;
}

void check_simulation_size(Op op, const FatTree& T) {
  std::int64_t cross = link_crossings(op, T);
  std::int64_t deliveries = op == Op::broadcast || op == Op::scatter || op == Op::gather ? T.n - 1 : T.n * (T.n - 1);
  if (cross > kMaxCrossings || deliveries > kMaxDeliveries)
    throw InputError("fat tree: " + op_name(op) + " on n = " + std::to_string(T.n) + " makes " +
                     std::to_string(deliveries) + " deliveries and " + std::to_string(cross) +
                     " link crossings; the simulator's bounds are " + std::to_string(kMaxDeliveries) + " and " +
                     std::to_string(kMaxCrossings) + " (docs/fattree.md, size limits)");
}

Schedule generate(Op op, const FatTree& T, std::int64_t root) {
  switch (op) {
    case Op::broadcast: return broadcast_schedule(T, root);
    case Op::scatter: return scatter_schedule(T, root);
    case Op::gather: return gather_schedule(T, root);
    case Op::multinode_broadcast: return flooding_mnb_schedule(T);
    case Op::total_exchange: return total_exchange_schedule(T, true);
    case Op::total_exchange_phased: return total_exchange_schedule(T, false);
  }
  throw InputError("unknown operation");
}

}  // namespace blockcast::fattree
