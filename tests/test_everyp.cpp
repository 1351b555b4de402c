// Every P (issue 12, search/every_p.hpp): every cell has a schedule that the symbolic
// checker and the simulator accept, the delay never drops when P grows, and the table is
// the same for any thread count (node limits only).
#include <doctest/doctest.h>

#include "every_p.hpp"
#include "expand.hpp"
#include "postal.hpp"
#include "simulator.hpp"
#include "table_ranges.hpp"
#include "witness.hpp"

using namespace blockcast;

namespace {
std::vector<Cell> small_table(int threads) {
  EveryPOptions o;
  o.threads = threads;
  return every_p_table({2, 5}, {2, 120}, o);
}
}  // namespace

TEST_CASE("every P: each cell of L 2..5, P 2..120 has a checked and simulated schedule, monotone in P") {
  const auto cells = small_table(2);
  REQUIRE(cells.size() == 4 * 119);
  for (const auto& c : cells) {
    INFO("L=" << c.L << " P=" << c.P);
    REQUIRE(c.witness);
    CHECK(c.witness->P == c.P);
    CHECK(c.delay() >= c.lower_bound);
    CHECK(c.lower_bound == c.L + broadcast_depth(c.L, c.P - 1));
    CHECK_FALSE(check_assignment(claimed_instance(*c.witness), *c.witness));
    CHECK(simulate_witness(*c.witness, 1'000'000).rfind("simulated", 0) == 0);
  }
  CHECK(first_monotonicity_break(cells) == -1);
}

TEST_CASE("every P: deterministic, the same table with 1 and 2 threads") {
  const auto a = small_table(1), b = small_table(2);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].T == b[i].T);
    CHECK(a[i].method == b[i].method);
    CHECK(a[i].witness == b[i].witness);
  }
  CHECK(compress_cells(a) == compress_cells(b));
}
