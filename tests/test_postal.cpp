// f_t, B(P), node counts and instances against Karp et al. 1993 (Sec. 2-3, Fig. 2).
#include <doctest/doctest.h>

#include "instance.hpp"
#include "postal.hpp"

using namespace blockcast;

TEST_CASE("f_t for L=3 matches Karp et al. 1993, Fig. 2 (P-1 = 9 at t = 7)") {
  auto f = fib_sequence(3, 7);
  CHECK(f == std::vector<i64>{1, 1, 1, 2, 3, 4, 6, 9});
  CHECK(broadcast_depth(3, 9) == 7);
  CHECK(broadcast_depth(3, 10) == 8);
  CHECK(broadcast_depth(3, 1) == 0);
}

TEST_CASE("Fact 2.1: 1 + sum_{i<=t} f_i = f_{t+L}") {
  for (int L = 1; L <= 8; ++L) {
    auto f = fib_sequence(L, 60);
    i64 s = 1;
    for (int t = 0; t + L <= 60; ++t) {
      s += f[t];
      CHECK(s == f[t + L]);
    }
  }
}

TEST_CASE("overflowing counts are an error, not a wrapped number") {
  int tmax = max_depth(3);
  CHECK_NOTHROW(fib(3, tmax));
  CHECK_THROWS_AS(fib(3, tmax + 1), OverflowError);
  CHECK_THROWS_AS(optimal_instance(3, tmax + 5), OverflowError);
  CHECK_THROWS_AS(optimal_instance(0, 5), InputError);
  CHECK_THROWS_AS(optimal_instance(3, -1), InputError);
}

TEST_CASE("I(7) for L=3 is blocks 5,2,1 and letters aaabbc (Karp et al. 1993, Sec. 3.2)") {
  Instance I = optimal_instance(3, 7);
  CHECK(I.P == 10);
  REQUIRE(I.blocks.size() == 3);
  CHECK(I.blocks[0] == BlockType{5, 7, 1});
  CHECK(I.blocks[1] == BlockType{2, 4, 1});
  CHECK(I.blocks[2] == BlockType{1, 3, 1});
  CHECK(I.letters == std::vector<i64>{3, 2, 1});
  CHECK(I.consistency_error() == "");
}

TEST_CASE("every optimal instance is consistent and obeys I(t) = I(t-1) + I(t-L), root+1") {
  for (int L = 1; L <= 10; ++L)
    for (int t = 0; t <= 6 * L && t <= max_depth(L); ++t) {
      Instance I = optimal_instance(L, t);
      CAPTURE(L);
      CAPTURE(t);
      CHECK(I.consistency_error() == "");
      CHECK(I.processors() == fib(L, t));
      if (t >= 2 * L) {
        Instance A = optimal_instance(L, t - 1), B = optimal_instance(L, t - L);
        std::vector<BlockType> blocks = A.blocks;
        blocks[0].r += 1, blocks[0].u += 1;  // the root block grows by one (Sec. 3.3)
        blocks.insert(blocks.end(), B.blocks.begin(), B.blocks.end());
        normalize_blocks(blocks);
        CHECK(blocks == I.blocks);
        for (int j = 0; j < L; ++j) CHECK(A.letters[j] + B.letters[j] == I.letters[j]);
      }
    }
}
