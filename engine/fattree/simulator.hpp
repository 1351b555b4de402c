// Link-level synchronous simulator of a binary fat tree (Dimakopoulos and Dimopoulos 1995, Sec. 2): packet switched,
// multiport routing nodes, full-duplex branches of c_i links per direction, one step per
// hop, FIFO queues at the outgoing links of routing nodes. It replays a Schedule, reports
// completion time, per-step link use and the largest queues, and checks that every required
// delivery happens exactly once.
//
// Step t: (1) packets injected in step t cross their source's up-branch (at most c_1 per
// leaf per step, else the schedule is invalid); (2) every outgoing FIFO sends up to c_i
// packets from its head; (3) packets that crossed a link arrive at its far node at the end
// of step t: at a leaf they are delivered, at a routing node they are copied into the FIFO
// of every other incident link that leads to one of their destinations. Ties among packets
// entering one FIFO in the same step go by injection (step, then schedule order).
// A packet "is queued" when it is still in a FIFO after step (2): queue sizes count those.
// Queue-free mode rejects the first schedule step in which any packet would be queued.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "fattree/schedule.hpp"
#include "fattree/tree.hpp"

namespace blockcast::fattree {

struct SimOptions {
  bool queue_free = false;  // reject any schedule in which a packet has to wait
  bool trace = false;       // record every (step, link, packets) triple
};

struct LinkUse {
  std::int64_t step = 0, link = 0, packets = 0;
};

struct SimResult {
  bool ok = true;
  std::string error;  // first problem: invalid schedule, queue needed, or wrong deliveries
  std::int64_t completion = 0;  // step of the last delivery
  std::int64_t delivered = 0, missing = 0, duplicates = 0, unexpected = 0;
  std::int64_t link_crossings = 0;
  std::vector<std::int64_t> crossings;         // crossings[t-1]: packets crossing links in step t
  std::vector<std::int64_t> max_queue_node;    // by node id: most packets queued at the node after a step
  std::vector<std::int64_t> max_queue_level;   // by level 0..h: max over the level's nodes
  std::vector<std::int64_t> max_link_queue_level;  // by level: max over one outgoing link of a level's node
  std::int64_t max_queue = 0;
  std::vector<LinkUse> trace;
};

SimResult simulate(const FatTree& T, const Schedule& S, SimOptions opt = {});

// One line describing the first structural problem of S (bad leaf, empty multicast list,
// step < 1, malformed timings), or "".
std::string schedule_error(const FatTree& T, const Schedule& S);

}  // namespace blockcast::fattree
