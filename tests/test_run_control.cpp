// RunControl (include/blockcast/control.hpp): a cancel flag set before or during a run stops
// it as a deadline would, so its verdict is UNKNOWN and never IMPOSSIBLE; progress reports
// arrive per unit of work. The same requests through the C++ API as the CLI and Python use.
// The cancelled requests would run for minutes without the flag (table L = 64, P = 3; prove
// L = 2, t = 22; fattree n = 16 at 19 steps), so no assertion depends on the machine's speed.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include <blockcast/blockcast.hpp>
#include <blockcast/fattree.hpp>
#include <blockcast/prove.hpp>
#include <blockcast/table.hpp>

namespace api = blockcast::api;
using blockcast::Verdict;

namespace {

// Sets `flag` after `ms` milliseconds, on its own thread; joined at scope end.
struct CancelLater {
  std::atomic<bool>& flag;
  std::thread thread;
  CancelLater(std::atomic<bool>& f, int ms)
      : flag(f), thread([this, ms] {
          std::this_thread::sleep_for(std::chrono::milliseconds(ms));
          flag.store(true);
        }) {}
  ~CancelLater() { thread.join(); }
};

}  // namespace

TEST_CASE("a cancel flag set during a table, a proof or a fat-tree search gives UNKNOWN") {
  std::atomic<bool> cancel{false};
  SUBCASE("table") {
    api::TableRequest q;
    q.L = {64}, q.P = {{3, 3}}, q.control.cancel = &cancel;
    const CancelLater later(cancel, 200);
    const api::Table t = api::table(q);
    CHECK(t.verdict == Verdict::unknown);
  }
  SUBCASE("prove") {
    api::ProveRequest q;
    q.L = 2, q.t = 22, q.control.cancel = &cancel;
    const CancelLater later(cancel, 200);
    CHECK(api::prove(q).verdict == Verdict::unknown);
  }
  SUBCASE("fattree search") {
    api::FattreeSearchRequest q;
    q.n = 16, q.steps = 19, q.control.cancel = &cancel;
    const CancelLater later(cancel, 200);
    CHECK(api::fattree_search(q).verdict == Verdict::unknown);
  }
}

TEST_CASE("a cancel flag set before the call: solve answers UNKNOWN or a proved schedule, never IMPOSSIBLE") {
  std::atomic<bool> cancel{true};
  api::Options o;
  o.time_limit = 0, o.control.cancel = &cancel;
  for (const std::int64_t P : {6, 14, 1000}) {
    const api::ContinuousSchedule s = api::solve(2, P, o);
    CAPTURE(P);
    CHECK(s.verdict() != Verdict::impossible);
    if (s.verdict() == Verdict::solved) CHECK((s.delay() == s.lower_bound() || s.optimal()));  // at the bound, or proved for its form
  }
}

TEST_CASE("progress: the table reports every cell, in order, on the run's thread") {
  api::TableRequest q;
  q.L = {2, 3}, q.P = {{2, 30}};
  std::vector<blockcast::Progress> seen;
  q.control.progress = [&](const blockcast::Progress& p) { seen.push_back(p); };
  const api::Table t = api::table(q);
  CHECK(t.verdict == Verdict::solved);
  REQUIRE(!seen.empty());
  CHECK(seen.back().what == "cells");
  CHECK(seen.back().done == 58);
  CHECK(seen.back().total == 58);
  for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i - 1].done <= seen[i].done);
}
