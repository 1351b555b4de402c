// Bench of one rank's program of the circulant L = 1 schedule (engine/kitem/circulant_rank.hpp;
// Träff's O(log P) receive and send blocks, engine/kitem/circulant_blocks.hpp) against the
// window rule evaluated by counting (engine/kitem/circulant_window.hpp), the former method:
// the rank's row and each target's row up to its round, O(log^4 P) per rank. Not a unit test:
//   circulant_rank_bench [k]   P = 2^10 (every rank), 2^20 and 2^31 - 1 (evenly spaced
//                              sample of ranks): microseconds per rank, mean, median, max
// docs/benchmarks.md, "Circulant rank program in O(log P)".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kitem/circulant_rank.hpp"
#include "kitem/circulant_window.hpp"

using namespace blockcast;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// n ranks evenly spread over 0..P-1 (every rank when n >= P).
std::vector<i64> sample(i64 P, i64 n) {
  std::vector<i64> ranks;
  for (i64 i = 0; i < std::min(n, P); ++i) ranks.push_back(n >= P ? i : i * (P / n));
  return ranks;
}

// Runs f on every rank; prints the mean, median and largest time per rank in microseconds
// (the largest is mostly preemption on a loaded machine; the median is the figure to quote).
template <class F>
void time_ranks(const char* what, i64 P, const std::vector<i64>& ranks, F f) {
  std::vector<double> seconds;
  std::size_t sink = 0;
  for (const i64 r : ranks) {
    const double t0 = now();
    sink += f(r);
    seconds.push_back(now() - t0);
  }
  double total = 0;
  for (const double x : seconds) total += x;
  std::sort(seconds.begin(), seconds.end());
  std::printf("P=%-10lld %-6s %6zu ranks: %9.2f us/rank mean, %9.2f median, %9.2f max (checksum %zu)\n",
              static_cast<long long>(P), what, ranks.size(), 1e6 * total / static_cast<double>(ranks.size()),
              1e6 * seconds[seconds.size() / 2], 1e6 * seconds.back(), sink);
}

}  // namespace

int main(int argc, char** argv) {
  const i64 k = argc >= 2 ? std::atoll(argv[1]) : 1;
  if (k < 1) {
    std::fprintf(stderr, "usage: circulant_rank_bench [k >= 1]\n");
    return 2;
  }
  struct Case {
    i64 P, logp_ranks, window_ranks;
  };
  for (const Case c : {Case{1 << 10, 1 << 10, 1 << 10}, Case{1 << 20, 1 << 16, 1 << 9}, Case{INT32_MAX, 1 << 16, 1 << 8}}) {
    time_ranks("logP", c.P, sample(c.P, c.logp_ranks), [&](i64 r) {
      const api::RankProgram p = circulant_rank_program(c.P, k, r);
      return p.sends.size() + p.recvs.size();
    });
    // The former program's phase part: the counts, the rank's row and, for each round j,
    // the target's row up to round j.
    time_ranks("window", c.P, sample(c.P, c.window_ranks), [&](i64 r) {
      const CirculantWindowCounts w = circulant_window_counts(c.P);
      std::size_t n = r == 0 ? 0 : circulant_window_recv_blocks(w, r, w.q).size();
      for (int j = 0; j < w.q; ++j)
        if (const i64 t = (r + w.skip[static_cast<size_t>(j)]) % c.P; t != 0) n += circulant_window_recv_blocks(w, t, j + 1).size();
      return n;
    });
  }
  return 0;
}
