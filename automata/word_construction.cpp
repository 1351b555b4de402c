#include "word_construction.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <numeric>
#include <stdexcept>
#include <string>

#include "ground_search.hpp"

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

// A greedy partial solution for hall_ordering: index i takes a free position a whose target
// a + v_i is free, found by random probes (about n / f of them with f positions free, so
// O(n log n) in all) and, once few positions are left, by a scan of them. Indices with no
// such pair are paired with the positions and targets left over; Hall's chains fix those
// few afterwards. The generator is seeded by n, so the result is the same on every run.
void greedy_start(const std::vector<int>& val, std::vector<int>& A, std::vector<int>& C) {
  const int n = static_cast<int>(val.size());
  std::vector<int> free_pos(n), slot(n);  // free positions, and where each sits in free_pos
  std::iota(free_pos.begin(), free_pos.end(), 0);
  slot = free_pos;
  std::vector<char> target_used(n, 0);
  std::vector<int> unplaced;
  std::uint64_t state = 0x9E3779B97F4A7C15ULL ^ static_cast<std::uint64_t>(n);
  auto next = [&state] {  // splitmix64: portable, unlike the standard distributions
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  auto take = [&](int i, int a, int c) {
    A[i] = a, C[i] = c, target_used[c] = 1;
    const int last = free_pos.back();
    free_pos[slot[a]] = last, slot[last] = slot[a];
    free_pos.pop_back();
  };
  for (int i = 0; i < n; ++i) {
    const int f = static_cast<int>(free_pos.size());
    const int probes = 4 * (n / f) + 4;
    bool placed = false;
    if (probes < f) {
      for (int k = 0; k < probes && !placed; ++k) {
        // Lemire's multiply-shift: a uniform index without a 64-bit division per probe.
        const int a = free_pos[((next() >> 32) * static_cast<std::uint64_t>(f)) >> 32];
        const int c = a + val[i] >= n ? a + val[i] - n : a + val[i];
        if (!target_used[c]) take(i, a, c), placed = true;
      }
    } else {
      for (int k = 0; k < f && !placed; ++k) {
        const int a = free_pos[k];
        const int c = a + val[i] >= n ? a + val[i] - n : a + val[i];
        if (!target_used[c]) take(i, a, c), placed = true;
      }
    }
    if (!placed) unplaced.push_back(i);
  }
  std::size_t k = 0;
  for (int c = 0; c < n; ++c)
    if (!target_used[c]) A[unplaced[k]] = free_pos[k], C[unplaced[k]] = c, ++k;
}

}  // namespace

// Hall's proof, as an algorithm. Keep positions A[i] and targets C[i] = A[i] + b[i], both
// permutations of Z_n; greedy_start makes b[i] = v_i for most i. Set the remaining values
// one at a time, index n-1 absorbing the change: b[p] += d, b[q] -= d (q = n-1). Index p
// keeps its position and takes the target C[p] + d; whoever held it moves to the position
// just freed, and so on. With K = C[p] + d + A[q] the index displaced after index m is the
// owner of the target K - A[m]: a permutation phi of the indices, so the chain is the orbit
// of q under phi and reaches p or q (both own free targets) within n steps. Every index on
// the chain keeps its difference, so values already set stay set. Index q finally takes the
// last free position and target; its difference is right because all differences sum to 0.
// O(n log n) for the greedy plus O(n) per index it left unplaced.
std::vector<int> hall_ordering(const std::vector<i64>& values) {
  const int n = static_cast<int>(values.size());
  if (n == 0) return {};
  auto mod = [n](i64 v) { return static_cast<int>(floor_mod(v, n)); };
  // Indices are below n < 2^31, so sums of two residues fit an int: wrap() replaces the
  // 64-bit % in the chain walk.
  auto wrap = [n](int v) { return v >= n ? v - n : (v < 0 ? v + n : v); };
  std::vector<int> val(n);
  int sum = 0;
  for (int i = 0; i < n; ++i) val[i] = mod(values[i]), sum = wrap(sum + val[i]);
  if (sum != 0) throw std::logic_error("hall_ordering: values do not sum to 0 mod n");
  std::vector<int> A(n), C(n), owner(n), b(n), chain, oldA, oldC;
  greedy_start(val, A, C);
  for (int i = 0; i < n; ++i) owner[C[i]] = i, b[i] = wrap(C[i] - A[i]);
  const int q = n - 1;
  for (int p = 0; p < q; ++p) {
    const int d = wrap(val[p] - b[p]);
    if (d == 0) continue;
    const int K = wrap(wrap(C[p] + d) + A[q]);
    chain.clear();
    int m = owner[wrap(C[p] + d)];
    while (m != p && m != q) {
      chain.push_back(m);
      if (static_cast<int>(chain.size()) > n) throw std::logic_error("hall_ordering: chain does not close");
      m = owner[wrap(K - A[m])];
    }
    const int cp = C[p], cq = C[q], aq = A[q];
    if (chain.empty()) {  // C[p] + d == C[q]: exchange the two targets
      C[p] = cq, C[q] = cp;
    } else {
      oldA.resize(chain.size()), oldC.resize(chain.size());
      for (std::size_t j = 0; j < chain.size(); ++j) oldA[j] = A[chain[j]], oldC[j] = C[chain[j]];
      C[p] = oldC[0];
      for (std::size_t j = 0; j < chain.size(); ++j) {
        A[chain[j]] = j == 0 ? aq : oldA[j - 1];
        C[chain[j]] = j + 1 < chain.size() ? oldC[j + 1] : (m == p ? cp : cq);
      }
      A[q] = oldA.back();
      C[q] = m == p ? cq : cp;
    }
    for (int i : chain) owner[C[i]] = i, b[i] = wrap(C[i] - A[i]);
    owner[C[p]] = p, owner[C[q]] = q;
    b[p] = wrap(C[p] - A[p]), b[q] = wrap(C[q] - A[q]);
  }
  return A;
}

std::optional<Word> word_with_letters(int r, i64 u, const std::vector<Letter>& letters) {
  if (static_cast<int>(letters.size()) != r - 1) return std::nullopt;
  std::vector<i64> values(r);  // index 0 is the upper-case reception
  values[0] = u;
  i64 sum = u;
  for (int i = 1; i < r; ++i) {
    if (letters[i - 1] < 0) return std::nullopt;
    values[i] = letters[i - 1], sum += letters[i - 1];
  }
  if (sum % r != 0) return std::nullopt;
  const std::vector<int> g = hall_ordering(values);
  Word w(r - 1);
  for (int i = 1; i < r; ++i) w[(g[i] >= g[0] ? g[i] - g[0] : g[i] - g[0] + r) - 1] = static_cast<Letter>(values[i]);
  return w;
}

std::optional<Word> word_with_counts(int r, i64 u, const Counts& c, i64, bool* exhausted) {
  if (exhausted) *exhausted = true;
  if (!vector_is_legal(r, u, c)) return std::nullopt;
  std::vector<Letter> letters;
  letters.reserve(r - 1);
  for (std::size_t j = 0; j < c.size(); ++j) letters.insert(letters.end(), c[j], static_cast<Letter>(j));
  return word_with_letters(r, u, letters);
}

std::optional<Word> extendable_word_with_counts(int r, i64 u, const Counts& c, Letter x, i64 max_nodes,
                                                bool* exhausted) {
  if (exhausted) *exhausted = true;
  if (!vector_is_legal(r, u, c) || u < r || x < 0) return std::nullopt;
  const i64 up = u - r;
  i64 sum = up;
  for (std::size_t j = 0; j < c.size(); ++j) sum += static_cast<i64>(j) * c[j];
  if (sum != static_cast<i64>(x) * r) return std::nullopt;  // every state has x elements
  Counts throws(std::max<std::size_t>(c.size(), up + 1), 0);
  std::copy(c.begin(), c.end(), throws.begin());
  ++throws[up];
  const GroundOrder g = ground_state_order(throws, r, x, max_nodes);
  if (!g.seq) {
    if (exhausted) *exhausted = g.exhausted;
    return std::nullopt;
  }
  const std::vector<int>& seq = *g.seq;
  // Any throw of value u' can be the upper-case reception: the word is what follows it.
  std::size_t at = 0;
  while (seq[at] != up) ++at;
  Word w(seq.begin() + at + 1, seq.end());
  w.insert(w.end(), seq.begin(), seq.begin() + at);
  if (!is_legal_word(r, u, w)) throw std::logic_error("ground-state search produced an illegal word");
  return w;
}

std::optional<int> ground_state_phase(const std::vector<i64>& s, Letter x) {
  const int r = static_cast<int>(s.size());
  if (r == 0) return std::nullopt;
  i64 sum = 0;
  for (i64 v : s) sum += v;
  if (sum != static_cast<i64>(x) * r) return std::nullopt;
  // Phase k works iff max over j in [k, k+r) of (s_j + j) - k <= r + x - 1 (doubled index j):
  // no throw made before phase k lands beyond x-1 after it. Sliding-window maximum.
  std::vector<char> ok(r, 0);
  std::deque<int> dq;
  auto val = [&](int j) { return s[j % r] + j; };
  for (int j = 0; j < 2 * r - 1; ++j) {
    while (!dq.empty() && val(dq.back()) <= val(j)) dq.pop_back();
    dq.push_back(j);
    const int k = j - r + 1;
    if (k < 0) continue;
    while (dq.front() < k) dq.pop_front();
    ok[k] = val(dq.front()) - k <= r + x - 1;
  }
  for (int k = 1; k < r; ++k)
    if (ok[k]) return k;
  if (ok[0]) return 0;
  return std::nullopt;
}

}  // namespace blockcast
