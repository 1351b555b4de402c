// The link-level simulator (Dimakopoulos and Dimopoulos 1995, Sec. 2 model): replication, link capacities, leaf
// injection limit, queue-free rejection, exactly-once delivery, timed schedules, and the
// flooding queue sizes 2^{i-1} the paper cites from [3] (Sec. 4.1).
#include <doctest/doctest.h>

#include "fattree/algorithms.hpp"
#include "fattree/simulator.hpp"

using namespace blockcast::fattree;

TEST_CASE("broadcast by replication reaches every leaf in 2 log n steps") {
  for (std::int64_t n = 2; n <= 64; n *= 2) {
    auto T = make_tree(n, "cbft");
    auto R = simulate(T, broadcast_schedule(T, n / 2), {true, false});
    CHECK(R.ok);
    CHECK(R.completion == 2 * T.h);
    CHECK(R.delivered == n - 1);
    CHECK(R.link_crossings == 2 * n - 2);  // one copy per link away from the source
  }
}

TEST_CASE("a packet that must wait is queued FIFO, or rejected in queue-free mode") {
  auto T = make_tree(4, "cbft");
  Schedule S;
  S.injections = {unicast(1, 0, 2, 0), unicast(1, 1, 3, 1)};  // both need link up 1:0 in step 2
  S.required = {{0, 2, 0}, {1, 3, 1}};
  auto R = simulate(T, S);
  CHECK(R.ok);
  CHECK(R.completion == 5);
  CHECK(R.max_queue == 1);
  CHECK(R.max_queue_level[1] == 1);
  auto Q = simulate(T, S, {true, false});
  CHECK_FALSE(Q.ok);
  CHECK(Q.error.find("queue") != std::string::npos);
  auto E = simulate(make_tree(4, "1,2"), S, {true, false});  // c2 = 2: no conflict
  CHECK(E.ok);
  CHECK(E.completion == 4);
}

TEST_CASE("a leaf injects at most c1 packets per step") {
  auto T = make_tree(4, "cbft");
  Schedule S;
  S.injections = {unicast(1, 0, 1, 0), unicast(1, 0, 2, 1)};
  S.required = {{0, 1, 0}, {0, 2, 1}};
  auto R = simulate(T, S);
  CHECK_FALSE(R.ok);
  CHECK(R.error.find("c1") != std::string::npos);
  CHECK(simulate(make_tree(4, "2,2"), S).ok);
}

TEST_CASE("missing, duplicate and unexpected deliveries are reported") {
  auto T = make_tree(4, "cbft");
  Schedule S;
  S.required = {{0, 1, 7}, {0, 2, 7}};
  S.injections = {unicast(1, 0, 1, 7), unicast(2, 0, 1, 7), unicast(3, 0, 3, 7)};
  auto R = simulate(T, S);
  CHECK_FALSE(R.ok);
  CHECK(R.delivered == 1);
  CHECK(R.duplicates == 1);
  CHECK(R.unexpected == 1);
  CHECK(R.missing == 1);
  Schedule M;  // a multicast list is copied only toward its destinations
  M.lists = {{1, 3}};
  M.injections = {{1, 0, kList, 0, 5}};
  M.required = {{0, 1, 5}, {0, 3, 5}};
  auto RM = simulate(T, M, {true, false});
  CHECK(RM.ok);
  CHECK(RM.link_crossings == 5);  // up 0:0, down 0:1, up 1:0, down 1:1, down 0:3: no copy to leaf 2
  CHECK(RM.completion == 4);
}

TEST_CASE("timed store-and-forward schedules: explicit waits, capacity per step") {
  auto T = make_tree(4, "cbft");
  Schedule S;
  S.injections = {unicast(1, 0, 2, 0), unicast(1, 1, 3, 1)};
  S.required = {{0, 2, 0}, {1, 3, 1}};
  S.timings = {{1, 3, 4, 5}, {1, 2, 3, 4}};  // packet 0 waits one step at node (1,0)
  auto R = simulate(T, S);
  CHECK(R.ok);
  CHECK(R.completion == 5);
  CHECK(R.max_queue_node[static_cast<std::size_t>(T.node_id({1, 0}))] == 1);
  CHECK_FALSE(simulate(T, S, {true, false}).ok);
  S.timings[0] = {1, 2, 4, 5};  // now both cross up 1:0 in step 2
  CHECK_FALSE(simulate(T, S).ok);
}

TEST_CASE("flooding multinode broadcast on CBFTs: n+1 steps, link queues 2^{i-1} at level i") {
  for (std::int64_t n = 4; n <= 256; n *= 2) {
    auto T = make_tree(n, "cbft");
    auto R = simulate(T, flooding_mnb_schedule(T));
    CHECK(R.ok);
    CHECK(R.completion == n + 1);
    for (int i = 1; i < T.h; ++i) CHECK(R.max_link_queue_level[static_cast<std::size_t>(i)] == (1 << (i - 1)));
    CHECK(R.max_link_queue_level[static_cast<std::size_t>(T.h)] == 0);  // the root never queues
  }
}

TEST_CASE("trace records every (step, link, packets) triple") {
  auto T = make_tree(4, "cbft");
  auto R = simulate(T, broadcast_schedule(T, 0), {false, true});
  CHECK(R.trace.size() == 6);
  CHECK(R.trace.front().step == 1);
  CHECK(R.trace.back().step == 4);
}
