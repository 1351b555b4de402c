#include "legal_words.hpp"

#include "word_construction.hpp"

#include <algorithm>

namespace blockcast {

namespace {
int alphabet_width(int r, i64 u, int A) {
  int W = std::max(A, walk_representative(r, u) + 1);
  if (W > 62) throw InputError("alphabet too wide for the automaton (" + std::to_string(W) + " letters)");
  return W;
}

// Depth-first walk over the automaton from `s`, `left` letters to go, must end in `goal`.
// Prunes by popcount: it is invariant, so goal is reachable only within the same class.
struct Enumerator {
  int A;
  i64 limit;
  State goal;
  Word cur;
  std::vector<Word>* out;
  bool truncated = false;
  void run(State s, int left) {
    if (truncated) return;
    if (left == 0) {
      if (s == goal) {
        if (static_cast<i64>(out->size()) >= limit) {
          truncated = true;
          return;
        }
        out->push_back(cur);
      }
      return;
    }
    for (Letter w = 0; w < A; ++w)
      if (auto n = automaton_step(s, w)) {
        cur.push_back(w);
        run(*n, left - 1);
        cur.pop_back();
      }
  }
};
}  // namespace

std::vector<Word> enumerate_legal_words(int r, i64 u, int A, i64 limit, bool* truncated) {
  if (r < 1) throw InputError("block size r must be >= 1, got " + std::to_string(r));
  const int W = alphabet_width(r, u, A), up = walk_representative(r, u);
  if (W > 24) throw InputError("enumeration supports at most 24 letters");
  std::vector<Word> out;
  Enumerator e{A, limit, 0, {}, &out};
  for (State s0 = 0; s0 < (State{1} << W) && !e.truncated; ++s0)
    if (auto s1 = automaton_step(s0, up)) {
      e.goal = s0;
      e.run(*s1, r - 1);
    }
  std::sort(out.begin(), out.end());
  if (truncated) *truncated = e.truncated;
  return out;
}

BigCount count_legal_words(int r, i64 u, int A) {
  if (r < 1) throw InputError("block size r must be >= 1, got " + std::to_string(r));
  const int W = alphabet_width(r, u, A), up = walk_representative(r, u);
  if (W > 24) throw InputError("exact counting supports at most 24 letters");
  // Closed walks = sum over s0 of walks s0 -u'-> s1 -> ... -> s0. Walks keep |S|, so the
  // per-s0 vector ranges over one popcount class only.
  const State n = State{1} << W;
  std::vector<std::vector<State>> cls(W + 1);
  std::vector<std::uint32_t> index(n);
  for (State s = 0; s < n; ++s) {
    index[s] = static_cast<std::uint32_t>(cls[popcount(s)].size());
    cls[popcount(s)].push_back(s);
  }
  BigCount total = 0;
  for (State s0 = 0; s0 < n; ++s0) {
    auto s1 = automaton_step(s0, up);
    if (!s1) continue;
    const auto& states = cls[popcount(s0)];
    std::vector<BigCount> cur(states.size()), nxt(states.size());
    cur[index[*s1]] = 1;
    for (int step = 1; step < r; ++step) {
      for (auto& x : nxt) x = 0;
      for (std::size_t i = 0; i < states.size(); ++i) {
        if (cur[i] == 0) continue;
        for (Letter w = 0; w < A; ++w)
          if (auto m = automaton_step(states[i], w)) nxt[index[*m]] += cur[i];
      }
      std::swap(cur, nxt);
    }
    total += cur[index[s0]];
  }
  return total;
}

State walk_start_state(int r, int u_rep, const Word& w) {
  State s0 = 0;
  for (int k = 0; k < r; ++k) {
    i64 target = k + (k == 0 ? u_rep : w[k - 1]);  // absolute position claimed by phase k
    for (i64 p = target - r; p >= 0; p -= r)        // seen from the start of a later period
      if (p < 62) s0 |= State{1} << p;
  }
  return s0;
}

std::optional<std::vector<State>> closed_walk(int r, int u_rep, const Word& w) {
  if (static_cast<int>(w.size()) != r - 1) return std::nullopt;
  std::vector<State> states;
  const State s0 = walk_start_state(r, u_rep, w);
  State s = s0;
  for (int k = 0; k < r; ++k) {
    states.push_back(s);
    Letter c = k == 0 ? u_rep : w[k - 1];
    if (c < 0 || c > 61) return std::nullopt;
    auto n = automaton_step(s, c);
    if (!n) return std::nullopt;
    s = *n;
  }
  if (s != s0) return std::nullopt;
  return states;
}

std::optional<int> self_loop_position(int r, i64 u, const Word& w, Letter x) {
  if (u < r || static_cast<int>(w.size()) != r - 1 || !is_legal_word(r, u, w)) return std::nullopt;
  // Landing-time form of the walk (word_construction.hpp: ground_state_phase), valid for any
  // letter size; the bitmask automaton above agrees on small letters (tests).
  std::vector<i64> s{u - r};
  s.insert(s.end(), w.begin(), w.end());
  const auto k = ground_state_phase(s, x);
  // Phase k's state is the one before w_k, i.e. word position k-1; phase 0 means the end.
  if (!k) return std::nullopt;
  return *k == 0 ? r - 1 : *k - 1;
}

}  // namespace blockcast
