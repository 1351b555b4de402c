#include "word_construction.hpp"

#include <unordered_set>

#include "word_automaton.hpp"

namespace blockcast {

bool vector_is_legal(int r, i64 u, const Counts& c) {
  i64 n = 0, s = u;
  for (std::size_t j = 0; j < c.size(); ++j) {
    if (c[j] < 0) return false;
    n += c[j];
    s += static_cast<i64>(j) * c[j];
  }
  return n == r - 1 && s % r == 0;
}

// Largest number of letter j one block (r, u) can take: c copies of j plus m = r-1-c other
// letters must meet the sum condition u + sum(w) = 0 (mod r). The other letters form
// K = [0, j-1] u [j+1, A-1], and m-fold sums of integer intervals are intervals, so the
// integer sums of m letters of K are the union over i (letters taken from the upper part)
// of [i(j+1), i(A-1) + (m-i)(j-1)]. Checking a residue against m+1 intervals is O(m), which
// keeps this cheap even for r in the hundreds (large L) where a residue-set DP is not.
int max_letter_copies(int r, i64 u, Letter j, int A) {
  const bool low = j > 0, high = j < A - 1;  // [0, j-1] and [j+1, A-1] are non-empty
  for (int c = r - 1; c >= 0; --c) {
    const i64 m = r - 1 - c;
    const i64 need = ((-(u + static_cast<i64>(c) * j)) % r + r) % r;
    for (i64 i = low ? 0 : m; i <= (high ? m : 0); ++i) {
      const i64 lo = i * (j + 1), hi = i * (A - 1) + (m - i) * (j - 1);
      if (hi - lo + 1 >= r || ((need - lo) % r + r) % r <= hi - lo) return c;
    }
  }
  return 0;
}

namespace {
// Phase-by-phase search: phase k takes a letter j whose residue (k + j) mod r is still free.
struct PhaseSearch {
  int r;
  Counts left;
  std::vector<char> used;
  Word word;
  i64 budget;
  bool run(int k) {
    if (k == r) return true;
    if (--budget < 0) return false;
    for (int j = static_cast<int>(left.size()) - 1; j >= 0; --j) {
      if (!left[j]) continue;
      int res = (k + j) % r;
      if (used[res]) continue;
      used[res] = 1, --left[j], word.push_back(j);
      if (run(k + 1)) return true;
      used[res] = 0, ++left[j], word.pop_back();
    }
    return false;
  }
};
}  // namespace

std::optional<Word> word_with_counts(int r, i64 u, const Counts& c, i64 max_nodes, bool* exhausted) {
  if (exhausted) *exhausted = true;
  if (!vector_is_legal(r, u, c)) return std::nullopt;
  PhaseSearch s{r, c, std::vector<char>(r, 0), {}, max_nodes};
  s.used[u % r] = 1;
  if (s.run(1)) return s.word;
  if (exhausted) *exhausted = s.budget >= 0;
  return std::nullopt;
}

namespace {
// Walk from Z = {0..x-1} around the whole cycle: m letters, then the upper-case
// representative, then the other r-1-m letters, back to Z. Failed (position, state,
// remaining counts) triples are remembered.
struct CycleSearch {
  int r, up;
  State goal;
  Counts left;
  Word seq;
  i64 budget;
  bool up_done = false;
  std::unordered_set<std::string> failed;
  std::string key(int pos, State s) const {
    std::string k(reinterpret_cast<const char*>(&s), sizeof s);
    k += static_cast<char>(pos), k += static_cast<char>(up_done);
    for (auto v : left) k += static_cast<char>(v);
    return k;
  }
  bool run(int pos, State s) {
    if (pos == r) return s == goal;
    if (--budget < 0) return false;
    std::string k = key(pos, s);
    if (failed.count(k)) return false;
    // The upper-case letter may come at any position not yet used (one per cycle).
    if (!up_done && pos + 1 <= r) {
      if (auto n = automaton_step(s, up)) {
        up_done = true, seq.push_back(-1);
        if (run(pos + 1, *n)) return true;
        up_done = false, seq.pop_back();
      }
    }
    // Letters must leave room for the upper-case reception if it has not come yet.
    if (up_done || pos + 1 < r)
      for (int j = static_cast<int>(left.size()) - 1; j >= 0; --j) {
        if (!left[j]) continue;
        auto n = automaton_step(s, j);
        if (!n) continue;
        --left[j], seq.push_back(j);
        if (run(pos + 1, *n)) return true;
        ++left[j], seq.pop_back();
      }
    if (budget >= 0) failed.insert(std::move(k));
    return false;
  }
};
}  // namespace

std::optional<Word> extendable_word_with_counts(int r, i64 u, const Counts& c, Letter x,
                                                i64 max_nodes, bool* exhausted) {
  if (exhausted) *exhausted = true;
  if (!vector_is_legal(r, u, c) || u < r || x < 0 || x > 60) return std::nullopt;
  CycleSearch s{r, static_cast<int>(u - r), (State{1} << x) - 1, c, {}, max_nodes, false, {}};
  if (s.up > 60) return std::nullopt;
  if (!s.run(0, s.goal)) {
    if (exhausted) *exhausted = s.budget >= 0;
    return std::nullopt;
  }
  // Rotate so the upper-case reception is phase 0: the word is what follows it, then what
  // preceded it.
  std::size_t at = 0;
  while (s.seq[at] != -1) ++at;
  Word w(s.seq.begin() + at + 1, s.seq.end());
  w.insert(w.end(), s.seq.begin(), s.seq.begin() + at);
  return w;
}

}  // namespace blockcast
