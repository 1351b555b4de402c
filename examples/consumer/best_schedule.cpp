// A caller of the installed blockcast library (docs/library.md): the best broadcast schedule
// for L and P, one rank's program, and a k-item schedule, each checked by the library.
//   best_schedule L P RANK K
#include <blockcast/blockcast.hpp>

#include <cstdlib>
#include <iostream>

namespace bc = blockcast::api;

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: best_schedule L P RANK K\n";
    return 2;
  }
  const int L = std::atoi(argv[1]);
  const std::int64_t P = std::atoll(argv[2]), rank = std::atoll(argv[3]), k = std::atoll(argv[4]);
  try {
    const bc::ContinuousSchedule s = bc::solve(L, P, {.time_limit = 5});
    std::cout << "blockcast " << bc::version() << ": L=" << L << " P=" << P << " " << bc::to_string(s.verdict());
    if (!s.found()) return std::cout << " (" << s.reason() << ")\n", 5;
    std::cout << ", delay " << s.delay() << " (lower bound " << s.lower_bound() << ", shape " << s.shape() << ")\n";
    const bc::RankProgram p = s.rank_program(rank, s.delay(), 4);
    for (const bc::Transfer& t : p.recvs) std::cout << "  step " << t.step << ": rank " << rank << " receives item " << t.item << " from " << t.peer << "\n";
    for (const bc::Transfer& t : p.sends) std::cout << "  step " << t.step << ": rank " << rank << " sends item " << t.item << " to " << t.peer << "\n";
    const bc::KItemSchedule ks = bc::kitem(L, P, k);
    std::cout << k << " items: time " << ks.time() << " (lower bound " << ks.lower_bound() << ", " << ks.method()
              << "); " << ks.verification() << "\n";
    return 0;
  } catch (const bc::InvalidInput& e) {
    std::cerr << "best_schedule: " << e.what() << "\n";
    return 2;
  }
}
