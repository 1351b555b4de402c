// Counting CNF of continuous broadcast, periodic or a window (see anyform_cnf.hpp).
#include "kitem/anyform_cnf.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cardinality.hpp"
#include "postal.hpp"

namespace blockcast::sat {

AnyformCnf::AnyformCnf(int L, int P, int D, int period, int items, std::chrono::steady_clock::time_point deadline)
    : L_(L), P_(P), D_(D), period_(period), items_(period > 0 ? period : items) {
  cnf_.set_deadline(deadline);
  if (L < 1 || P < 2 || D < L || period < 0 || items_ < 1) throw std::invalid_argument("anyform_cnf: bad sizes");
  if (static_cast<double>(P) * items_ * (D + 1) > 4e6) throw std::invalid_argument("anyform_cnf: too large");
  add_variables();
  add_processor_rules();
  add_counts();
  add_processor_order();
}

int AnyformCnf::at(const std::vector<int>& v, int q, int i, int d) const {
  if (q < 1 || q >= P_ || i < 0 || i >= items_ || d < 0 || d > D_) return 0;
  return v[(static_cast<size_t>(q) * items_ + i) * (D_ + 1) + d];
}

void AnyformCnf::add_variables() {
  const size_t n = static_cast<size_t>(P_) * items_ * (D_ + 1);
  recv_.assign(n, 0), has_.assign(n, 0), send_.assign(n, 0);
  for (int q = 1; q < P_; ++q)
    for (int i = 0; i < items_; ++i)
      for (int d = L_; d <= D_; ++d) {
        const size_t k = (static_cast<size_t>(q) * items_ + i) * (D_ + 1) + d;
        if (d == L_ || d >= 2 * L_) recv_[k] = cnf_.new_var();
        has_[k] = cnf_.new_var();
        if (d <= D_ - L_) send_[k] = cnf_.new_var();
      }
}

void AnyformCnf::add_processor_rules() {
  const int slots = period_ > 0 ? period_ : items_ + D_;
  for (int q = 1; q < P_; ++q) {
    std::vector<std::vector<Lit>> in(slots), out(slots);
    for (int i = 0; i < items_; ++i) {
      std::vector<Lit> once;
      for (int d = L_; d <= D_; ++d) {
        const Lit r = at(recv_, q, i, d), h = at(has_, q, i, d), s = at(send_, q, i, d);
        const Lit prev = at(has_, q, i, d - 1);  // has = prev or r, both directions
        std::vector<Lit> why{-h};
        if (prev) why.push_back(prev), cnf_.add_clause({-prev, h});
        if (r) why.push_back(r), cnf_.add_clause({-r, h}), once.push_back(r), in[slot(i, d)].push_back(r);
        cnf_.add_clause(why);
        if (s) cnf_.add_clause({-s, h}), out[slot(i, d)].push_back(s);
      }
      exactly(cnf_, once, 1);
    }
    for (int t = 0; t < slots; ++t) {
      if (in[t].size() > 1) at_most(cnf_, in[t], 1);
      if (out[t].size() > 1) at_most(cnf_, out[t], 1);
    }
  }
}

void AnyformCnf::add_counts() {
  const std::vector<i64> f = fib_sequence(L_, D_);  // f_m of SPEC Sec. 1
  for (int i = 0; i < items_; ++i) {
    std::vector<Lit> root;
    for (int q = 1; q < P_; ++q) root.push_back(at(recv_, q, i, L_));
    exactly(cnf_, root, 1);  // the source's one message of item i
    for (int d = L_; d + L_ <= D_; ++d) {
      std::vector<Lit> S, R;
      for (int q = 1; q < P_; ++q) S.push_back(at(send_, q, i, d)), R.push_back(at(recv_, q, i, d + L_));
      const int c = static_cast<int>(std::min<i64>(static_cast<i64>(S.size()), f[d - L_]));
      const std::vector<Lit> os = totalizer(cnf_, S, c + 1), orr = totalizer(cnf_, R, c + 1);
      for (int j = 0; j < c; ++j) cnf_.add_clause({-os[j], orr[j]}), cnf_.add_clause({-orr[j], os[j]});
      if (static_cast<int>(os.size()) > c) cnf_.add_unit(-os[c]), cnf_.add_unit(-orr[c]);
    }
  }
}

// Reception vectors in lexicographic order: eq = "q and q+1 receive items < i at the same
// offsets"; then q+1 holding item i at offset d implies q does (q receives it no later).
void AnyformCnf::add_processor_order() {
  for (int q = 1; q + 1 < P_; ++q) {
    Lit eq = 0;  // 0 = true (no item compared yet)
    for (int i = 0; i < items_; ++i) {
      for (int d = L_; d <= D_; ++d) {
        std::vector<Lit> c{-at(has_, q + 1, i, d), at(has_, q, i, d)};
        if (eq) c.push_back(-eq);
        cnf_.add_clause(c);
      }
      if (i + 1 == items_) break;
      const Lit next = cnf_.new_var();
      for (int d = L_; d <= D_; ++d)
        if (const Lit r = at(recv_, q, i, d)) {
          std::vector<Lit> c{-r, -at(recv_, q + 1, i, d), next};
          if (eq) c.push_back(-eq);
          cnf_.add_clause(c);
        }
      eq = next;
    }
  }
}

template <class F>
void AnyformCnf::for_each_message(const SatResult& r, F&& f) const {
  for (int i = 0; i < items_; ++i)
    for (int q = 1; q < P_; ++q)
      if (r.value(at(recv_, q, i, L_))) f(0, q, i, 0);
  for (int i = 0; i < items_; ++i)
    for (int d = L_; d + L_ <= D_; ++d) {
      std::vector<int> S, R;
      for (int q = 1; q < P_; ++q) {
        if (r.value(at(send_, q, i, d))) S.push_back(q);
        if (const Lit v = at(recv_, q, i, d + L_); v && r.value(v)) R.push_back(q);
      }
      if (S.size() != R.size()) throw std::logic_error("anyform_cnf: counts disagree at item " + std::to_string(i));
      for (size_t j = 0; j < S.size(); ++j) f(S[j], R[j], i, d);
    }
}

PeriodicSchedule AnyformCnf::decode_periodic(const SatResult& r) const {
  PeriodicSchedule ps;
  ps.L = L_, ps.P = P_, ps.period = period_, ps.delay = D_;
  for_each_message(r, [&](int a, int b, int c, int o) { ps.messages.push_back({a, b, c, o}); });
  return ps;
}

Schedule AnyformCnf::decode_window(const SatResult& r) const {
  Schedule sch;
  sch.P = P_, sch.L = L_, sch.items = items_;
  for_each_message(r, [&](int a, int b, int i, int o) { sch.messages.push_back(Message{i + o, i + o + L_, a, b, i}); });
  std::stable_sort(sch.messages.begin(), sch.messages.end(), [](const Message& x, const Message& y) {
    return x.send_step != y.send_step ? x.send_step < y.send_step : x.sender < y.sender;
  });
  return sch;
}

}  // namespace blockcast::sat
