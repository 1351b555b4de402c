// The exact full-model search (time-expanded CNF + CaDiCaL; Dimakopoulos and Dimopoulos 1995, Sec. 2 model): known
// optima from the paper, agreement with a brute force that enumerates hop timings on small
// trees, agreement with the queue-free CSP, every SAT answer replayed by the simulator, and
// UNSAT answers whose DRAT proofs the independent checker accepts.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "checked.hpp"
#include "fattree/exact.hpp"
#include "fattree/search.hpp"

using namespace blockcast;
using namespace blockcast::fattree;

namespace {
ExactOutcome exact(Op op, std::int64_t n, const char* caps, int steps, int q = kUnboundedQueue,
                   bool single = false, const Encoding& encoding = {}) {
  ExactSpec s;
  s.op = op;
  s.tree = make_tree(n, caps);
  s.steps = steps;
  s.queue_bound = q;
  s.single_injection = single;
  s.encoding = encoding;
  ExactOptions o;
  o.check = ProofCheck::independent;
  auto r = run_exact(s, o);
  if (r.verdict == Verdict::solved) {  // run_exact throws if the replay fails; re-assert here
    CHECK(r.check.ok);
    CHECK(r.check.completion <= steps);
    if (q >= 0) CHECK(r.check.max_queue <= q);
  }
  if (r.verdict == Verdict::impossible) CHECK(r.proof.find("verified by the independent checker") != std::string::npos);
  return r;
}

// Smallest S for which the exact search says SOLVED, checking IMPOSSIBLE at S-1.
int minimum(Op op, std::int64_t n, const char* caps, int from, int q = kUnboundedQueue, bool single = false) {
  int S = from;
  while (exact(op, n, caps, S, q, single).verdict != Verdict::solved) ++S;
  if (S > 1) CHECK(exact(op, n, caps, S - 1, q, single).verdict == Verdict::impossible);
  return S;
}

// Brute force for unicast operations: every packet chooses increasing hop steps within the
// bound, at most c per link and step, at most Q packets waiting per routing node and step.
// Depth-first over packets with the running loads; no symmetry breaking, no propagation.
bool brute_force(Op op, const FatTree& T, int S, int Q) {
  std::vector<std::vector<std::int64_t>> paths;
  for (const Delivery& d : required_deliveries(op, T.n)) paths.push_back(path_links(T, d.src, d.dst));
  std::map<std::pair<std::int64_t, int>, std::int64_t> load, queued;
  std::function<bool(std::size_t)> packet = [&](std::size_t p) -> bool {
    if (p == paths.size()) return true;
    const auto& path = paths[p];
    std::vector<int> tau(path.size());
    std::function<bool(std::size_t, int)> hop = [&](std::size_t k, int first) -> bool {
      if (k == path.size()) return packet(p + 1);
      int last = S - static_cast<int>(path.size() - 1 - k);
      for (int t = first; t <= last; ++t) {
        if (k > 0 && Q == 0 && t != tau[k - 1] + 1) continue;
        auto& l = load[{path[k], t}];
        if (l >= T.link_cap(path[k])) continue;
        std::vector<std::pair<std::int64_t, int>> waits;
        if (k > 0) {
          Link f = T.link_of(path[k]);
          Node tail = f.up ? f.below : Node{f.below.level + 1, f.below.index / 2};
          for (int w = tau[k - 1] + 1; w < t; ++w) waits.push_back({T.node_id(tail), w});
        }
        bool ok = true;
        for (auto& w : waits)
          if (Q >= 0 && queued[w] >= Q) ok = false;
        if (!ok) continue;
        ++l;
        for (auto& w : waits) ++queued[w];
        tau[k] = t;
        if (hop(k + 1, t + 1)) return true;
        --l;
        for (auto& w : waits) --queued[w];
      }
      return false;
    };
    return hop(0, 1);
  };
  return packet(0);
}
}  // namespace

TEST_CASE("exact search agrees with brute force on small unicast instances") {
  struct Case {
    Op op;
    std::int64_t n;
    const char* caps;
    int q;
  };
  const Case cases[] = {{Op::scatter, 4, "cbft", -1},         {Op::gather, 4, "cbft", 0},
                        {Op::total_exchange, 2, "cbft", -1},  {Op::total_exchange, 4, "ebft", -1},
                        {Op::total_exchange, 4, "ebft", 0},   {Op::total_exchange, 4, "1,1", 1},
                        {Op::scatter, 8, "cbft", 0}};
  for (const Case& c : cases) {
    auto T = make_tree(c.n, c.caps);
    for (int S = 2 * T.h; S <= 9; ++S) {
      CAPTURE(op_name(c.op));
      CAPTURE(c.n);
      CAPTURE(S);
      bool bf = brute_force(c.op, T, S, c.q);
      auto r = exact(c.op, c.n, c.caps, S, c.q);
      CHECK((r.verdict == Verdict::solved) == bf);
      CHECK(r.verdict != Verdict::unknown);
      if (bf) break;
    }
  }
}

TEST_CASE("every encoding variant gives the verdicts of the plain encoding and of the brute force") {
  // The 16 combinations of shared clock, implied capacities, redundant constraints and
  // symmetry breaking on n = 4 (brute force alongside for unicast), then n = 8 around the
  // known optima.
  struct Case {
    Op op;
    std::int64_t n;
    const char* caps;
    int q;
    bool single;
    int from, to;
  };
  const Case small[] = {{Op::total_exchange, 4, "ebft", 0, false, 4, 6},  {Op::total_exchange, 4, "1,1", 0, false, 6, 8},
                        {Op::total_exchange, 4, "ebft", -1, false, 4, 6}, {Op::scatter, 4, "cbft", 0, false, 4, 5},
                        {Op::gather, 4, "ebft", 0, false, 4, 5},          {Op::multinode_broadcast, 4, "cbft", 0, true, 4, 5},
                        {Op::multinode_broadcast, 4, "cbft", -1, false, 4, 5}, {Op::multinode_broadcast, 4, "ebft", 0, false, 4, 5}};
  for (const Case& c : small)
    for (int S = c.from; S <= c.to; ++S) {
      CAPTURE(op_name(c.op));
      CAPTURE(c.caps);
      CAPTURE(c.q);
      CAPTURE(S);
      const Verdict plain = exact(c.op, c.n, c.caps, S, c.q, c.single, parse_encoding("none")).verdict;
      REQUIRE(plain != Verdict::unknown);
      if (c.op != Op::multinode_broadcast) CHECK((plain == Verdict::solved) == brute_force(c.op, make_tree(c.n, c.caps), S, c.q));
      for (int bits = 0; bits < 16; ++bits) {
        Encoding e{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0};
        CAPTURE(encoding_name(e));
        CHECK(exact(c.op, c.n, c.caps, S, c.q, c.single, e).verdict == plain);
      }
    }
  // n = 8 (the plain encoding without redundant constraints is slow here, so "redundant", the
  // encoding before the other parts existed, on the EBFT only).
  const Case larger[] = {{Op::total_exchange, 8, "ebft", 0, false, 10, 11},
                         {Op::total_exchange, 8, "linear", 0, false, 10, 11},
                         {Op::multinode_broadcast, 8, "cbft", 0, true, 12, 13}};
  for (const Case& c : larger)
    for (int S = c.from; S <= c.to; ++S) {
      CAPTURE(op_name(c.op));
      CAPTURE(c.caps);
      CAPTURE(S);
      const Verdict expected = S == c.to ? Verdict::solved : Verdict::impossible;
      if (c.op == Op::total_exchange && std::string(c.caps) == "ebft")
        CHECK(exact(c.op, c.n, c.caps, S, c.q, c.single, parse_encoding("redundant")).verdict == expected);
      CHECK(exact(c.op, c.n, c.caps, S, c.q, c.single).verdict == expected);
    }
}

TEST_CASE("encoding names") {
  CHECK(encoding_name(parse_encoding("all")) == "shared,implied,redundant,symmetry");
  CHECK(encoding_name(parse_encoding("")) == "shared,implied,redundant,symmetry");
  CHECK(encoding_name(parse_encoding("none")) == "none");
  CHECK(encoding_name(parse_encoding("symmetry,redundant")) == "redundant,symmetry");
  CHECK_THROWS_AS(parse_encoding("shared,fast"), InputError);
  CHECK_THROWS_AS(parse_encoding("shared,"), InputError);
}

TEST_CASE("exact search reproduces the paper's optima for broadcast, scatter, gather, multinode broadcast") {
  CHECK(minimum(Op::broadcast, 8, "cbft", 5) == 6);                        // 2 log n
  CHECK(minimum(Op::scatter, 8, "cbft", 8) == 9);                          // Thm 1: n+1
  CHECK(minimum(Op::gather, 8, "ebft", 8) == 9);                           // reversal of Thm 1
  CHECK(minimum(Op::multinode_broadcast, 4, "cbft", 4) == 5);              // Thm 2: n+1 with queues
  CHECK(minimum(Op::multinode_broadcast, 8, "cbft", 8) == 9);
  CHECK(minimum(Op::multinode_broadcast, 8, "cbft", 8, 0) == 9);           // queue-free multicast: n+1
  CHECK(minimum(Op::multinode_broadcast, 8, "cbft", 12, 0, true) == 13);   // one injection, no queue
}

TEST_CASE("exact search with queue bound 0 agrees with the queue-free CSP") {
  for (int S : {5, 6}) {
    SearchSpec c;
    c.tree = make_tree(4, "ebft");
    c.steps = S;
    c.threads = 1;
    CHECK((run_search(c).verdict == Verdict::solved) == (exact(Op::total_exchange, 4, "ebft", S, 0).verdict == Verdict::solved));
  }
  CHECK(exact(Op::total_exchange, 8, "ebft", 10, 0).verdict == Verdict::impossible);
  CHECK(exact(Op::total_exchange, 8, "ebft", 11, 0).verdict == Verdict::solved);
}

TEST_CASE("total exchange on the 8-leaf EBFT with unbounded queues: 11 steps, 10 impossible") {
  auto r = exact(Op::total_exchange, 8, "ebft", 11);
  REQUIRE(r.verdict == Verdict::solved);
  CHECK(r.check.completion <= 11);
  CHECK(exact(Op::total_exchange, 8, "ebft", 10).verdict == Verdict::impossible);
}

TEST_CASE("exact search: limits give UNKNOWN and bad requests are InputErrors") {
  ExactSpec s;
  s.tree = make_tree(8, "ebft");
  s.steps = 10;
  ExactOptions o;
  o.time_limit = 1e-9;  // expires before the first conflict
  CHECK(run_exact(s, o).verdict == Verdict::unknown);
  s.op = Op::total_exchange_phased;
  CHECK_THROWS_AS(run_exact(s, o), InputError);
  s.op = Op::multinode_broadcast;
  s.queue_bound = 2;
  CHECK_THROWS_AS(run_exact(s, o), InputError);
  s.tree = make_tree(128, "ebft");
  s.queue_bound = kUnboundedQueue;
  CHECK_THROWS_AS(run_exact(s, o), InputError);
}

TEST_CASE("eq. (2) is not optimal on the CBFT: total exchange on 8 leaves in 21 steps, 20 impossible") {
  // eq. (2) gives (n^2 - 1)/3 + 2 log n - 1 = 26; 21 is the branch-counting bound (root branch:
  // 16 packets per direction, first crossing in step 3, two more hops after the last).
  auto r = exact(Op::total_exchange, 8, "cbft", 21, 0);
  REQUIRE(r.verdict == Verdict::solved);
  CHECK(r.check.max_queue == 0);
  CHECK(exact(Op::total_exchange, 8, "cbft", 20).verdict == Verdict::impossible);
}

TEST_CASE("conjecture of Sec. 5.1 fails at n = 16: a queue-free 21-step total exchange on the EBFT") {
  // Found by `blockcast fattree search --problem total-exchange --n 16 --capacities ebft
  // --steps 21 --model queue-free --solver sat` (docs/fattree.md); lines "step source dest".
  std::ifstream in(std::string(FT_DATA_DIR) + "/ebft16_total_exchange_21.txt");
  REQUIRE(in);
  auto T = make_tree(16, "ebft");
  Schedule S;
  S.required = required_deliveries(Op::total_exchange, 16);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::int64_t t, s, d;
    REQUIRE(static_cast<bool>(f >> t >> s >> d));
    S.injections.push_back(unicast(t, s, d, s * 16 + d));
  }
  auto R = simulate(T, S, {true, false});
  CHECK(R.ok);
  CHECK(R.delivered == 240);
  CHECK(R.completion == 21);  // n + 2 log n - 2 = 22
  CHECK(R.max_queue == 0);
}
