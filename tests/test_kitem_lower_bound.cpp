// The k-item table's claims, cell by cell (search/kitem/range_table.hpp): in every cell of a
// small table the lower bound (the corrected Thm 3.1 of Karp, Sahay, Santos and Schauser 1993)
// is at least Bar-Noy and Kipnis' (k - 1) + f_L(P), with f_L(P) the single-item postal optimum
// (the last item exists from step k - 1 and then needs f_L(P) steps to reach everyone), and
// every schedule the table reports is replayed by the simulator: the constructions' for every
// k (replay_every_k), the exact searches' inside them (a failed replay throws). Also the
// counting model's place in the table: it decides the small cells the pair model does not
// reach, and its option is checked like the others.
#include <doctest/doctest.h>

#include <cstdint>

#include "checked.hpp"
#include "kitem/bounds.hpp"
#include "kitem/counting_exact.hpp"
#include "kitem/kitem_table_run.hpp"
#include "kitem/range_table.hpp"
#include "kitem/single_item.hpp"

using namespace blockcast;

namespace {

// Cells of the table by how their schedule was checked.
struct Counted {
  std::int64_t cells = 0, exact = 0, constructions = 0;
};

Counted check_rows(const RangeTable& t) {
  Counted n;
  for (const PRange& row : t.rows)
    for (std::int64_t P = row.P0; P <= row.P1; ++P)
      for (const KRange& r : row.ks)
        for (std::int64_t k = r.k0; k <= r.k1; ++k) {
          CAPTURE(row.L);
          CAPTURE(P);
          CAPTURE(k);
          const std::int64_t bound = kitem_lower_bound(row.L, P, k);
          CHECK(bound >= (k - 1) + single_item_time(row.L, P));
          CHECK(r.gap >= 0);
          CHECK((r.status == RangeStatus::at_bound) == (r.gap == 0));
          ++n.cells;
          ++(r.method.starts_with("exact") ? n.exact : n.constructions);
        }
  return n;
}

}  // namespace

TEST_CASE("every cell of a small table: bound >= (k - 1) + f_L(P), every schedule replayed") {
  RangeOptions o;
  o.exact_time_limit = 1, o.counting_time_limit = 0.5;  // wall clock: which cells they decide may vary
  o.replay_every_k = true;
  const RangeTable t = kitem_range_table({2, 4}, {2, 16}, {1, 8}, Limits{}, 2, o);
  REQUIRE(t.failure.empty());
  CHECK(t.not_reached == 0);
  const Counted n = check_rows(t);
  CHECK(n.cells == 3 * 15 * 8);
  std::int64_t simulated = 0, exact = 0;
  for (const RangeTableStats& st : t.per_L) {
    CHECK(st.at_bound + st.proved_above + st.upper_only + st.no_schedule == st.cells);
    simulated += st.simulated, exact += st.exact;
  }
  CHECK(simulated == n.constructions);  // every constructed schedule replayed, each k
  CHECK(exact >= n.exact);              // the rest came from an exact search (replayed there)
}

TEST_CASE("the counting model decides small cells beyond the pair model's reach") {
  // L = 2, P = 4, k = 9..12: k > kExactMaxK, so no pair model; the constructions give the cut
  // schedule, one above the bound; the counting model finds schedules at the bound in
  // milliseconds (docs/data/kitem_exact_small.tsv).
  REQUIRE(!exact_reach(4, 9));
  REQUIRE(counting_reach(4, 12));
  RangeOptions o;
  o.counting_time_limit = 30;
  const RangeTable t = kitem_range_table({2, 2}, {4, 4}, {9, 12}, Limits{}, 1, o);
  REQUIRE(t.rows.size() == 1);
  REQUIRE(t.rows[0].ks.size() == 1);
  CHECK(t.rows[0].ks[0].status == RangeStatus::at_bound);
  CHECK(t.rows[0].ks[0].method == "exact (counting SAT)");
  CHECK(t.per_L[0].exact == 4);
  o.counting_time_limit = 0;  // not run: the constructions' answer
  const RangeTable off = kitem_range_table({2, 2}, {4, 4}, {9, 12}, Limits{}, 1, o);
  CHECK(off.rows[0].ks[0].status == RangeStatus::upper_only);
  CHECK(off.rows[0].ks[0].gap == 1);
}

TEST_CASE("counting_time_limit: --ranges only, seconds >= 0") {
  KitemTableRequest q;
  q.L = {2, 2}, q.P = {2, 4}, q.k = {1, 2};
  q.counting_time_limit = 5;
  CHECK_THROWS_AS(check_kitem_table_request(q), InputError);
  q.ranges = true;
  CHECK_NOTHROW(check_kitem_table_request(q));
  q.counting_time_limit = -1;
  CHECK_THROWS_AS(check_kitem_table_request(q), InputError);
}
