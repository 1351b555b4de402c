// Nogood memoisation never changes a verdict: memo on and off agree on every
// small instance (L <= 6, t <= 3L) under every option combination (receive-only letter
// none or each letter, root extendable or not), and both agree with brute force over all
// words where the word space is small. Witnesses honour the options.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "block_search.hpp"
#include "brute_force.hpp"
#include "legal_words.hpp"

using namespace blockcast;

namespace {

double word_space(const Instance& I) {
  double space = 1;
  for (const auto& b : I.blocks)
    for (i64 k = 0; k < b.count; ++k) space *= std::pow(I.alphabet(), b.r - 1);
  return space;
}

}  // namespace

TEST_CASE("memo on and off agree on every small case and option combination, brute force where small") {
  int searches = 0, brute = 0, solved = 0;
  for (int L = 1; L <= 6; ++L)
    for (int t = 0; t <= 3 * L; ++t) {
      const Instance I = optimal_instance(L, t);
      const bool small = word_space(I) <= 2e5;
      for (int xi = -1; xi < L; ++xi)
        for (bool ext : {false, true}) {
          CAPTURE(L);
          CAPTURE(t);
          CAPTURE(xi);
          CAPTURE(ext);
          SearchOptions on;
          on.threads = 1;
          if (xi >= 0) on.receive_only = xi;
          on.extendable = ext;
          SearchOptions off = on;
          off.memo = false;
          const SearchResult a = solve_exact(I, on), b = solve_exact(I, off);
          searches += 2;
          CHECK(a.verdict != Verdict::unknown);
          CHECK(a.verdict == b.verdict);
          for (const SearchResult* r : {&a, &b}) {
            if (!r->witness) continue;
            const Assignment& w = *r->witness;
            CHECK(!check_assignment(I, w));
            if (xi >= 0) CHECK(w.receive_only == xi);
            if (ext)
              for (const auto& blk : w.blocks)
                if (blk.u == I.T) CHECK(self_loop_position(blk.r, blk.u, blk.word, w.receive_only).has_value());
          }
          solved += a.verdict == Verdict::solved;
          if (small) {
            CHECK((a.verdict == Verdict::solved) == testing::brute_force_solvable(I, on.receive_only, ext));
            ++brute;
          }
        }
    }
  MESSAGE(searches << " searches, " << brute << " option combinations against brute force, " << solved << " solvable");
  CHECK(brute >= 200);
}

TEST_CASE("memo on and off agree with two threads on the regression instances with a fixed receive-only letter") {
  for (int L = 3; L <= 6; ++L)
    for (int t = 2 * L - 2; t <= 3 * L; ++t)
      for (bool ext : {false, true}) {
        CAPTURE(L);
        CAPTURE(t);
        CAPTURE(ext);
        SearchOptions on;
        on.threads = 2;
        on.receive_only = 1;
        on.extendable = ext;
        SearchOptions off = on;
        off.memo = false;
        CHECK(solve_exact(optimal_instance(L, t), on).verdict == solve_exact(optimal_instance(L, t), off).verdict);
      }
}
