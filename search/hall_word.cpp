#include "hall_word.hpp"

#include <random>

namespace blockcast {

std::optional<Word> hall_word(int r, i64 u, const Counts& c, const std::function<bool()>& expired, i64 max_steps) {
  if (!vector_is_legal(r, u, c)) return std::nullopt;
  Word w;  // w[k-1] is the letter of phase k
  for (int j = static_cast<int>(c.size()) - 1; j >= 0; --j) w.insert(w.end(), c[j], j);
  if (r <= 1) return w;
  std::vector<int> cnt(r, 0);
  int conflicts = 0;
  auto add = [&](int x, int d) {
    if (d > 0) conflicts += cnt[x] >= 1;
    cnt[x] += d;
    if (d < 0) conflicts -= cnt[x] >= 1;
  };
  auto res = [&](int k) { return static_cast<int>((k + w[k - 1]) % r); };
  add(static_cast<int>(u % r), 1);
  for (int k = 1; k < r; ++k) add(res(k), 1);
  std::mt19937 rng(12345);
  std::vector<int> bad, best;
  i64 since_best = 0;
  int record = conflicts;
  for (i64 step = 0; conflicts > 0; ++step) {
    if (step >= max_steps || ((step & 255) == 0 && expired && expired())) return std::nullopt;
    bad.clear();
    for (int k = 1; k < r; ++k)
      if (cnt[res(k)] > 1) bad.push_back(k);
    const int k = bad[rng() % bad.size()];
    // Best swap partner for phase k (delta in conflicts), ties broken at random.
    int best_delta = 1 << 30;
    best.clear();
    for (int k2 = 1; k2 < r; ++k2) {
      if (k2 == k || w[k2 - 1] == w[k - 1]) continue;
      const int before = conflicts;
      add(res(k), -1), add(res(k2), -1);
      std::swap(w[k - 1], w[k2 - 1]);
      add(res(k), 1), add(res(k2), 1);
      const int delta = conflicts - before;
      add(res(k), -1), add(res(k2), -1);
      std::swap(w[k - 1], w[k2 - 1]);
      add(res(k), 1), add(res(k2), 1);
      if (delta < best_delta) best_delta = delta, best.clear();
      if (delta == best_delta) best.push_back(k2);
    }
    if (best.empty()) return std::nullopt;  // all letters equal yet conflicting: cannot happen for legal c
    int k2 = best[rng() % best.size()];
    if (best_delta >= 0 && rng() % 10 == 0) {  // random walk against plateaus
      k2 = 1 + static_cast<int>(rng() % (r - 1));
      if (k2 == k) continue;
    }
    add(res(k), -1), add(res(k2), -1);
    std::swap(w[k - 1], w[k2 - 1]);
    add(res(k), 1), add(res(k2), 1);
    if (conflicts < record) record = conflicts, since_best = 0;
    if (++since_best > 200L * r) {  // restart from a random order
      std::shuffle(w.begin(), w.end(), rng);
      std::fill(cnt.begin(), cnt.end(), 0);
      conflicts = 0;
      add(static_cast<int>(u % r), 1);
      for (int k3 = 1; k3 < r; ++k3) add(res(k3), 1);
      record = conflicts, since_best = 0;
    }
  }
  if (!is_legal_word(r, u, w)) return std::nullopt;
  return w;
}

}  // namespace blockcast
