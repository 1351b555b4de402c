// Brute-force oracle for the block search, shared by the test files: every legal word
// (the residue condition, engine/word.hpp) of every block, all combinations. Letters are
// conserved (letters = word positions + 1), so exactly one letter is left over for the
// receive-only processor: fixed when x is given; an extendable root must absorb it.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "instance.hpp"
#include "legal_words.hpp"
#include "word.hpp"

namespace blockcast::testing {

inline bool brute_force_solvable(const Instance& I, std::optional<Letter> x = std::nullopt, bool extendable = false) {
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

}  // namespace blockcast::testing
