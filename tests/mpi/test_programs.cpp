// Rank programs and payloads of `mpi-run` (engine/per_rank.hpp, mpi/baseline_program.hpp, mpi/payload.hpp), checked
// without MPI: across all ranks every send has exactly one matching receive, every rank but
// the source receives every item exactly once, and a rank forwards only items it holds.
#include <doctest/doctest.h>

#include <map>
#include <tuple>

#include "assignment_json.hpp"
#include "expand.hpp"
#include "payload.hpp"
#include "baseline_program.hpp"
#include "per_rank.hpp"

using namespace blockcast;

namespace {

// Empty string if the programs form a correct broadcast of `items` items from rank 0.
std::string program_error(const std::vector<api::RankProgram>& progs, std::int64_t items) {
  std::map<std::tuple<int, int, int>, int> in_flight;  // (sender, receiver, item) -> sends - receives
  for (std::size_t q = 0; q < progs.size(); ++q) {
    std::vector<int> got(static_cast<std::size_t>(items), 0);
    for (const auto& r : progs[q].recvs) {
      ++got[static_cast<std::size_t>(r.item)];
      --in_flight[{static_cast<int>(r.peer), static_cast<int>(q), static_cast<int>(r.item)}];
    }
    for (std::int64_t i = 0; i < items; ++i)
      if (got[static_cast<std::size_t>(i)] != (q == 0 ? 0 : 1))
        return "rank " + std::to_string(q) + " receives item " + std::to_string(i) + " " +
               std::to_string(got[static_cast<std::size_t>(i)]) + " times";
    for (const auto& s : progs[q].sends) {
      if (q != 0 && !got[static_cast<std::size_t>(s.item)]) return "rank " + std::to_string(q) + " forwards an item it never gets";
      ++in_flight[{static_cast<int>(q), static_cast<int>(s.peer), static_cast<int>(s.item)}];
    }
  }
  for (const auto& [key, n] : in_flight)
    if (n != 0) return "unmatched message from " + std::to_string(std::get<0>(key)) + " to " + std::to_string(std::get<1>(key));
  return "";
}

}  // namespace

TEST_CASE("mpi block-cyclic programs of test schedules form a correct broadcast") {
  for (const char* file : {"/L3_t7.json", "/mpi/L2_P14_pruned.json", "/mpi/L2_P16_ties.json",
                           "/mpi/L3_P16_ties.json", "/mpi/L5_P16_optimal.json"}) {
    CAPTURE(file);
    const Assignment a = read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + file);
    const Schedule s = expand_assignment(a, 40);
    std::vector<api::RankProgram> progs;
    for (std::int64_t q = 0; q < s.P; ++q) {
      progs.push_back(schedule_program(s, q));
      CHECK(assignment_program(a, q, 40) == progs.back());  // what mpi-run's ranks compute
    }
    CHECK(program_error(progs, 40) == "");
    CHECK(progs[0].sends.size() == 40);  // the source sends each item once (SPEC Sec. 2)
  }
}

TEST_CASE("mpi binary-tree programs form a correct broadcast for P = 2..17") {
  for (std::int64_t P = 2; P <= 17; ++P) {
    std::vector<api::RankProgram> progs;
    for (std::int64_t q = 0; q < P; ++q) progs.push_back(binary_tree_program(P, 7, q));
    CHECK(program_error(progs, 7) == "");
  }
}

TEST_CASE("mpi program checker rejects a lost and a repeated message") {
  const Schedule s = expand_assignment(read_assignment_file(std::string(BLOCKCAST_TEST_DATA) + "/L3_t7.json"), 10);
  std::vector<api::RankProgram> progs;
  for (std::int64_t q = 0; q < s.P; ++q) progs.push_back(schedule_program(s, q));
  auto lost = progs;
  lost[3].recvs.pop_back();
  CHECK(program_error(lost, 10) != "");
  auto twice = progs;
  twice[0].sends.push_back(twice[0].sends.front());
  twice[static_cast<std::size_t>(twice[0].sends.front().peer)].recvs.push_back({0, twice[0].sends.front().item});
  CHECK(program_error(twice, 10) != "");
}

TEST_CASE("mpi payload verifies its own bytes and rejects a flipped byte or another item") {
  for (std::size_t bytes : {1, 7, 8, 9, 1000}) {
    std::vector<unsigned char> a(bytes), b(bytes);
    fill_payload(a.data(), bytes, 5);
    fill_payload(b.data(), bytes, 6);
    CHECK(payload_ok(a.data(), bytes, 5));
    CHECK_FALSE(payload_ok(b.data(), bytes, 5));
    a[bytes / 2] ^= 1;
    CHECK_FALSE(payload_ok(a.data(), bytes, 5));
  }
}
