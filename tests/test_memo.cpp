// Nogood memoisation never changes a verdict (issue 16): memo on and off agree on every
// small instance (L <= 6, t <= 3L) under every option combination (receive-only letter
// none or each letter, root extendable or not), and both agree with brute force over all
// words where the word space is small. Witnesses honour the options.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "block_search.hpp"
#include "legal_words.hpp"

using namespace blockcast;

namespace {

// Every legal word for every block, all combinations; the letter left over is the
// receive-only one (fixed when x is given); an extendable root must pass {0..x-1}.
bool brute_force(const Instance& I, std::optional<Letter> x, bool extendable) {
  std::vector<std::pair<int, i64>> blocks;
  for (const auto& b : I.blocks)
    for (i64 k = 0; k < b.count; ++k) blocks.push_back({b.r, b.u});
  std::vector<std::vector<Word>> words;
  for (const auto& block : blocks) {
    const int r = block.first;  // plain variables: clang 14 lambdas cannot capture bindings
    const i64 u = block.second;
    std::vector<Word> ws;
    Word w(r - 1, 0);
    std::function<void(int)> gen = [&](int i) {
      if (i == r - 1) {
        if (is_legal_word(r, u, w)) ws.push_back(w);
        return;
      }
      for (int j = 0; j < I.alphabet(); ++j) w[i] = j, gen(i + 1);
    };
    gen(0);
    words.push_back(ws);
  }
  std::vector<i64> left = I.letters;
  std::vector<const Word*> chosen(blocks.size());
  std::function<bool(std::size_t)> rec = [&](std::size_t i) {
    if (i == blocks.size()) {
      for (Letter j = 0; j < I.alphabet(); ++j) {
        if (left[j] != 1) continue;
        if (x && *x != j) return false;
        if (!extendable) return true;
        for (std::size_t b = 0; b < blocks.size(); ++b)
          if (blocks[b].second == I.T) return self_loop_position(blocks[b].first, blocks[b].second, *chosen[b], j).has_value();
        return true;  // no root block: nothing to extend
      }
      return false;
    }
    for (const auto& w : words[i]) {
      bool ok = true;
      for (Letter j : w) --left[j];
      for (Letter j : w) ok = ok && left[j] >= 0;
      chosen[i] = &w;
      if (ok && rec(i + 1)) return true;
      for (Letter j : w) ++left[j];
    }
    return false;
  };
  return rec(0);
}

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
            CHECK((a.verdict == Verdict::solved) == brute_force(I, on.receive_only, ext));
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
