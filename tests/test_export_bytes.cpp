// GOAL and CSV exports with the real segment sizes (reports/export.hpp): the split of a
// message over the k items, and every send and receive of the paper's L = 3, t = 7 schedule
// (Karp et al. 1993, Fig. 2) carrying its item's size, in LogGOPSim's `send Sb to X tag T`
// syntax (spcl/LogGOPSim txt2bin: an integer, then `b`). Without sizes the exports are the
// 1-byte ones of the golden files (test_reports.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <sstream>

#include "checked.hpp"
#include "expand.hpp"
#include "export.hpp"
#include "schedule_json.hpp"

using namespace blockcast;

namespace {

Schedule paper_k8() {
  const ScheduleInput in = read_schedule_input(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json", "test");
  return expand_assignment(*in.assignment, 8);
}

std::int64_t sum(const ItemBytes& v) { return std::accumulate(v.begin(), v.end(), std::int64_t{0}); }

}  // namespace

TEST_CASE("segment sizes: a message of N bytes over k items, or items of S bytes") {
  CHECK(segment_bytes(8, 0, 0).empty());
  CHECK(segment_bytes(8, 20, 0) == ItemBytes{3, 3, 3, 3, 2, 2, 2, 2});  // ceil first, the last shorter
  CHECK(segment_bytes(8, 16, 0) == ItemBytes(8, 2));
  CHECK(segment_bytes(1, 7, 0) == ItemBytes{7});
  CHECK(segment_bytes(8, 0, 5) == ItemBytes(8, 5));
  CHECK(segment_bytes(7, 20, 3) == ItemBytes{3, 3, 3, 3, 3, 3, 2});
  CHECK(segment_bytes(3, 9, 3) == ItemBytes{3, 3, 3});
  for (std::int64_t k = 1; k <= 40; ++k)
    for (std::int64_t n = k; n <= 90; ++n) {
      const ItemBytes v = segment_bytes(k, n, 0);
      CHECK(sum(v) == n);
      CHECK(v.front() - v.back() <= 1);
      CHECK(std::is_sorted(v.rbegin(), v.rend()));
      const std::int64_t s = (n + k - 1) / k;  // k segments of s bytes hold n
      if ((n + s - 1) / s == k) CHECK(sum(segment_bytes(k, n, s)) == n);
    }
  CHECK_THROWS_AS(segment_bytes(8, 5, 0), InputError);   // fewer bytes than items
  CHECK_THROWS_AS(segment_bytes(8, 20, 3), InputError);  // 7 segments of 3, not 8
  CHECK_THROWS_AS(segment_bytes(8, 30, 3), InputError);  // 10 segments of 3
  const std::int64_t big = std::int64_t{1} << 62;
  CHECK(sum(segment_bytes(4, big, big / 4)) == big);  // no overflow in the segment count
}

TEST_CASE("GOAL export with segment sizes: every send and receive carries its item's size") {
  const Schedule s = paper_k8();
  CHECK(goal_export(s, {}) == goal_export(s));
  const ItemBytes sizes = segment_bytes(s.items, 20, 0);
  const std::string goal = goal_export(s, sizes);
  CHECK(goal.find("// rank 0 is the source; tag = item number; a message of 20 bytes in 8 segments: items 0..3 of 3 "
                  "bytes, items 4..7 of 2 bytes\n") != std::string::npos);
  std::istringstream in(goal);
  std::int64_t sends = 0, recvs = 0, bytes_sent = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string label, op, size, dir, tag_word;
    int peer = -1, tag = -1;
    if (!(ls >> label >> op) || (op != "send" && op != "recv")) continue;
    ls >> size >> dir >> peer >> tag_word >> tag;
    REQUIRE_MESSAGE((dir == (op == "send" ? "to" : "from") && tag_word == "tag" && tag >= 0 && tag < s.items), line);
    REQUIRE_MESSAGE(size.size() >= 2, line);
    CHECK_MESSAGE(size.back() == 'b', line);
    const std::int64_t bytes = std::stoll(size.substr(0, size.size() - 1));
    CHECK_MESSAGE(bytes == sizes[static_cast<size_t>(tag)], line);
    (op == "send" ? sends : recvs) += 1;
    if (op == "send") bytes_sent += bytes;
  }
  CHECK(sends == static_cast<std::int64_t>(s.messages.size()));
  CHECK(recvs == sends);
  CHECK(bytes_sent == 20 * (s.P - 1));  // every receiver gets the whole message once
  CHECK_THROWS_AS(goal_export(s, ItemBytes(7, 1)), InputError);
}

TEST_CASE("CSV export with segment sizes: a bytes column, the rest as without sizes") {
  const Schedule s = paper_k8();
  const ItemBytes sizes = segment_bytes(s.items, 0, 4096);
  std::istringstream with(csv_export(s, sizes)), without(csv_export(s));
  std::string a, b;
  REQUIRE(std::getline(with, a));
  REQUIRE(std::getline(without, b));
  CHECK(a == "step,sender,receiver,item,bytes");
  CHECK(b == "step,sender,receiver,item");
  int lines = 0;
  while (std::getline(with, a)) {
    REQUIRE(std::getline(without, b));
    CHECK(a == b + ",4096");
    ++lines;
  }
  CHECK(lines == static_cast<int>(s.messages.size()));
  CHECK_THROWS_AS(csv_export(s, ItemBytes(9, 1)), InputError);
}
