// Re-checks the committed exact k-item optima (docs/data/kitem_exact_small.tsv, made by
// tests/bench/kitem_counting_sweep.cpp with the counting model of search/kitem/counting_exact.hpp)
// at a size that fits a test run: every row's lower bound is the one of Karp et al. 1993,
// Thm 3.1 as corrected (engine/kitem/bounds.hpp) and its optimum lies between the bound and the
// constructions' time; the rows the sweep decided fastest are decided again, each schedule at the
// bound decoded and replayed by the simulator inside kitem_counting_exact.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "kitem/bounds.hpp"
#include "kitem/counting_exact.hpp"

using namespace blockcast;

namespace {

struct Row {
  int L = 0, P = 0, k = 0, lower_bound = 0, constructions = 0, optimum = 0;
  std::string status;
  double seconds = 0;
};

// One data row (tab-separated, see the file's header); false for comments and the header.
bool parse_row(const std::string& line, Row& r) {
  if (line.empty() || line[0] == '#' || line[0] == 'L') return false;
  std::istringstream in(line);
  std::string method;
  in >> r.L >> r.P >> r.k >> r.lower_bound >> r.constructions;
  in.ignore(1);
  std::getline(in, method, '\t');
  in >> r.optimum;
  in.ignore(1);
  std::getline(in, r.status, '\t');
  in >> r.seconds;
  return static_cast<bool>(in);
}

}  // namespace

TEST_CASE("the exact k-item optima data: bounds hold, the fastest rows decided again") {
  std::ifstream file(KITEM_EXACT_DATA);
  REQUIRE(file);
  int rows = 0, rechecked = 0;
  for (std::string line; std::getline(file, line);) {
    Row r;
    if (!parse_row(line, r)) continue;
    ++rows;
    CAPTURE(line);
    CHECK(r.lower_bound == kitem_lower_bound(r.L, r.P, r.k));
    CHECK(r.optimum >= r.lower_bound);
    CHECK(r.optimum < r.constructions);
    CHECK((r.status == "at the bound") == (r.optimum == r.lower_bound));
    if (r.status != "at the bound" || r.seconds > 0.02) continue;
    const KItemExact ex = kitem_counting_exact(r.L, r.P, r.k, r.lower_bound, r.lower_bound, time_limit_each(20));
    CHECK(ex.verdict == Verdict::solved);
    CHECK(ex.optimum == r.optimum);
    ++rechecked;
  }
  CHECK(rows >= 611);
  CHECK(rechecked >= 100);
  MESSAGE(rows << " rows, " << rechecked << " decided again");
}
