// Schedules for the link-level fat-tree simulator (Dimakopoulos and Dimopoulos 1995, Sec. 2-5): packet injections
// at leaves, the deliveries each collective operation requires, and the operations' names.
// A packet injected in step t crosses its source's up-branch during step t (so a packet that
// never waits reaches a leaf at distance 2L at the end of step t + 2L - 1, and "time" of a
// schedule is the step of its last delivery). Multicast packets (broadcast, or an explicit
// destination list) are copied at routing nodes onto every branch that leads to one of
// their destinations, as the paper's broadcast mode does (Sec. 2.1, Sec. 4).
#pragma once
#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace blockcast::fattree {

enum class Op { broadcast, scatter, gather, multinode_broadcast, total_exchange, total_exchange_phased };
std::string op_name(Op op);
Op parse_op(const std::string& s);  // InputError on an unknown name
const std::vector<Op>& all_ops();

constexpr std::int32_t kAllOthers = -1;  // destination: every leaf but the source (replicated)
constexpr std::int32_t kList = -2;       // destination: the leaves in Schedule::lists[list]

struct Injection {
  std::int64_t step = 0;     // >= 1: the step in which the packet crosses the source's up-branch
  std::int32_t src = 0;
  std::int32_t dst = 0;      // a leaf, kAllOthers or kList
  std::int32_t list = -1;    // index into Schedule::lists when dst == kList
  std::int64_t payload = 0;  // what the packet carries (operation-specific message id)
};

struct Delivery {
  std::int32_t src = 0, dst = 0;
  std::int64_t payload = 0;
  friend auto operator<=>(const Delivery&, const Delivery&) = default;
};

struct Schedule {
  std::vector<Injection> injections;
  std::vector<std::vector<std::int32_t>> lists;  // multicast destination lists (sorted, distinct)
  std::vector<Delivery> required;                // each must be delivered exactly once
  // Either empty (routing nodes forward FIFO as soon as a link is free) or one entry per
  // injection giving the step in which the (unicast) packet crosses each hop of its path:
  // a store-and-forward schedule with explicit waiting, as found by a search.
  std::vector<std::vector<std::int64_t>> timings;
};

// Payload conventions: broadcast 0, scatter d, gather s, multinode broadcast s, total
// exchange s*n + d. `root` is the source of broadcast/scatter and the sink of gather.
std::vector<Delivery> required_deliveries(Op op, std::int64_t n, std::int64_t root = 0);

Injection unicast(std::int64_t step, std::int64_t src, std::int64_t dst, std::int64_t payload);
Injection broadcast(std::int64_t step, std::int64_t src, std::int64_t payload);

}  // namespace blockcast::fattree
