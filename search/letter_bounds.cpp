#include "letter_bounds.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

namespace blockcast {

namespace {

constexpr i64 kNone = std::numeric_limits<i64>::min() / 4;
constexpr i64 kDpBudget = 4'000'000;  // r^2 A per type and functional; beyond it use loose ranges

i64 sat(i64 a, i64 b, i64 m) {  // a + b * m, saturating at +-2^62
  constexpr i64 big = std::numeric_limits<i64>::max() / 2;
  if (m != 0 && (b > big / m || b < -big / m)) return b > 0 ? big : -big;
  const i64 s = a + b * m;
  return std::clamp(s, -big, big);
}

// Range of lambda . c over vectors c of r-1 letters in 0..A-1 with u + sum j c_j = 0 mod r:
// best[res] after n letters, one letter added per step. Loose (r-1) min/max when too large.
std::pair<i64, i64> block_range(int r, i64 u, const std::vector<i64>& w, bool loose) {
  const int A = static_cast<int>(w.size());
  const i64 wmin = *std::min_element(w.begin(), w.end()), wmax = *std::max_element(w.begin(), w.end());
  if (r <= 1) return {0, 0};
  if (loose || static_cast<i64>(r) * r * A > kDpBudget) return {(r - 1) * wmin, (r - 1) * wmax};
  std::vector<i64> lo(r, -kNone), hi(r, kNone), nlo(r), nhi(r);
  lo[0] = hi[0] = 0;
  for (int n = 1; n < r; ++n) {
    std::fill(nlo.begin(), nlo.end(), -kNone), std::fill(nhi.begin(), nhi.end(), kNone);
    for (int s = 0; s < r; ++s) {
      if (hi[s] == kNone) continue;
      for (int j = 0; j < A; ++j) {
        const int t = (s + j) % r;
        nlo[t] = std::min(nlo[t], lo[s] + w[j]), nhi[t] = std::max(nhi[t], hi[s] + w[j]);
      }
    }
    std::swap(lo, nlo), std::swap(hi, nhi);
  }
  const int need = static_cast<int>(((-u) % r + r) % r);
  if (hi[need] == kNone) return {1, 0};  // no legal vector at all: empty range
  return {lo[need], hi[need]};
}

}  // namespace

LetterBounds::LetterBounds(int A, const std::vector<BlockType>& types, std::optional<Letter> receive_only,
                           Clock::time_point deadline)
    : A_(A) {
  auto unit = [&](auto pred) {
    std::vector<i64> w(A, 0);
    for (int j = 0; j < A; ++j) w[j] = pred(j) ? 1 : 0;
    return w;
  };
  for (int j = 0; j < A; ++j) w_.push_back(unit([j](int k) { return k == j; }));
  for (int j = 1; j + 1 < A; ++j) w_.push_back(unit([j](int k) { return k <= j; }));
  if (A > 1) {
    std::vector<i64> value(A);
    for (int j = 0; j < A; ++j) value[j] = j;
    w_.push_back(value);
    if (A > 2) w_.push_back(unit([](int k) { return k % 2 == 1; }));
  }
  const std::size_t F = w_.size(), n = types.size();
  lo_.assign(n, std::vector<i64>(F)), hi_.assign(n, std::vector<i64>(F));
  bool late = false;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t f = 0; f < F; ++f) {
      late = late || (deadline != Clock::time_point::max() && Clock::now() > deadline);
      std::tie(lo_[i][f], hi_[i][f]) = block_range(types[i].r, types[i].u, w_[f], late);
    }
  suf_lo_.assign(n + 1, std::vector<i64>(F, 0)), suf_hi_.assign(n + 1, std::vector<i64>(F, 0));
  for (std::size_t p = n; p-- > 0;)
    for (std::size_t f = 0; f < F; ++f) {
      suf_lo_[p][f] = sat(suf_lo_[p + 1][f], lo_[p][f], types[p].count);
      suf_hi_[p][f] = sat(suf_hi_[p + 1][f], hi_[p][f], types[p].count);
    }
  x_lo_.assign(F, 0), x_hi_.assign(F, 0);
  for (std::size_t f = 0; f < F; ++f) {
    if (receive_only && *receive_only >= 0 && *receive_only < A) {
      x_lo_[f] = x_hi_[f] = w_[f][*receive_only];
    } else {
      x_lo_[f] = *std::min_element(w_[f].begin(), w_[f].end());
      x_hi_[f] = *std::max_element(w_[f].begin(), w_[f].end());
    }
  }
}

bool LetterBounds::feasible(std::size_t p, i64 m_left, const std::vector<std::int32_t>& R) const {
  for (std::size_t f = 0; f < w_.size(); ++f) {
    const auto& w = w_[f];
    i64 v = 0;
    for (int j = 0; j < A_; ++j) v += w[j] * R[j];
    const i64 lo = sat(suf_lo_[p + 1][f], lo_[p][f], m_left) + x_lo_[f];
    const i64 hi = sat(suf_hi_[p + 1][f], hi_[p][f], m_left) + x_hi_[f];
    if (v < lo || v > hi) return false;
  }
  return true;
}

}  // namespace blockcast
