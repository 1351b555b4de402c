// Fat-tree schedule JSON (engine/fattree/schedule_json.hpp): what `fattree search --json`
// writes as a witness reads back to the same schedule, the replay check accepts exactly the
// schedules the simulator finishes within the steps and queue bound, and damaged files are
// one InputError each.
#include <doctest/doctest.h>

#include "checked.hpp"
#include "fattree/algorithms.hpp"
#include "fattree/exact.hpp"
#include "fattree/schedule_json.hpp"

using namespace blockcast;
using namespace blockcast::fattree;

namespace {

void check_round_trip(const Schedule& S, const FatTree& T, Op op) {
  const Schedule R = schedule_from_json(injections_json(S), T, op, "test");
  REQUIRE(R.injections.size() == S.injections.size());
  for (std::size_t i = 0; i < S.injections.size(); ++i) {
    CHECK(R.injections[i].step == S.injections[i].step);
    CHECK(R.injections[i].src == S.injections[i].src);
    CHECK(R.injections[i].dst == S.injections[i].dst);
    CHECK(R.injections[i].payload == S.injections[i].payload);
  }
  CHECK(R.lists == S.lists);
  CHECK(R.timings == S.timings);
  CHECK(R.required == required_deliveries(op, T.n, 0));
}

}  // namespace

TEST_CASE("fat-tree schedule JSON: the paper's schedules and a search witness round-trip and replay") {
  for (Op op : {Op::broadcast, Op::scatter, Op::gather, Op::multinode_broadcast, Op::total_exchange})
    for (const char* caps : {"cbft", "ebft"}) {
      INFO(op_name(op) << " " << caps);
      const FatTree T = make_tree(8, caps);
      const Schedule S = generate(op, T);
      check_round_trip(S, T, op);
      SimResult r;
      CHECK(replay_error(T, S, 1000, -1, &r) == "");
      CHECK(replay_error(T, S, r.completion, -1) == "");
      CHECK(replay_error(T, S, r.completion - 1, -1).find("not within") != std::string::npos);
    }
  // A store-and-forward witness (explicit hop steps) of the exact search: 11 steps on n = 8.
  ExactSpec spec;
  spec.op = Op::total_exchange;
  spec.tree = make_tree(8, "ebft");
  spec.steps = 11;
  const ExactOutcome o = run_exact(spec);
  REQUIRE(o.verdict == Verdict::solved);
  CHECK_FALSE(o.witness.timings.empty());
  check_round_trip(o.witness, spec.tree, spec.op);
  CHECK(replay_error(spec.tree, o.witness, 11, -1) == "");
  CHECK(replay_error(spec.tree, o.witness, 10, -1) != "");
}

TEST_CASE("fat-tree schedule JSON: damaged witnesses are one InputError each") {
  const FatTree T = make_tree(4, "cbft");
  const auto bad = [&](const char* text) {
    INFO(text);
    CHECK_THROWS_AS(schedule_from_json(nlohmann::json::parse(text), T, Op::total_exchange, "w"), InputError);
  };
  bad(R"({"step": 1})");
  bad(R"([{"step": 0, "src": 0, "dst": 1, "payload": 1}])");
  bad(R"([{"step": 1, "src": 4, "dst": 1, "payload": 1}])");
  bad(R"([{"step": 1, "src": 0, "dst": 9, "payload": 1}])");
  bad(R"([{"step": 1, "src": 0, "payload": 1}])");
  bad(R"([{"step": 1, "src": 0, "dst": [], "payload": 1}])");
  bad(R"([{"step": 1, "src": 0, "dst": [1, 1], "payload": 1}])");
  bad(R"([{"step": 1.5, "src": 0, "dst": 1, "payload": 1}])");
  bad(R"([{"step": 1, "src": 0, "dst": 1, "payload": 1, "hops": [1, 2]}, {"step": 1, "src": 1, "dst": 0, "payload": 4}])");
  bad(R"([{"step": 1, "src": 0, "dst": 1, "payload": 1, "hops": "x"}])");
}
