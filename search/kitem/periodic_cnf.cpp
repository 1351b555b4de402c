// CNF of periodic continuous-broadcast schedules (see periodic_cnf.hpp).
#include "kitem/periodic_cnf.hpp"

#include <algorithm>
#include <stdexcept>

#include "cardinality.hpp"

namespace blockcast::sat {

int PeriodicCnf::var(int a, int b, int c, int o) const {
  if (a == b || b < 1 || o < 0 || o >= offsets_) return 0;
  return var_[((static_cast<size_t>(a) * P_ + b) * p_ + c) * offsets_ + o];
}

PeriodicCnf::PeriodicCnf(int L, int P, int period, int D, std::chrono::steady_clock::time_point deadline)
    : L_(L), P_(P), p_(period), D_(D) {
  cnf_.set_deadline(deadline);
  if (L < 1 || P < 2 || period < 1 || D < L) throw std::invalid_argument("periodic_cnf: bad sizes");
  offsets_ = D - L + 1;  // send offsets 0..D-L
  const double cells = static_cast<double>(P) * P * period * offsets_;
  if (cells > (1 << 26)) throw std::invalid_argument("periodic_cnf: too large");
  var_.assign(static_cast<size_t>(cells), 0);
  for (int a = 0; a < P; ++a)
    for (int b = 1; b < P; ++b)
      if (a != b)
        for (int c = 0; c < period; ++c)
          for (int o = a == 0 ? 0 : L; o < offsets_; ++o)
            var_[((static_cast<size_t>(a) * P + b) * period + c) * offsets_ + o] = cnf_.new_var();

  for (int b = 1; b < P; ++b)
    for (int c = 0; c < period; ++c) {
      std::vector<Lit> in;
      for (int a = 0; a < P; ++a)
        for (int o = 0; o < offsets_; ++o)
          if (int v = var(a, b, c, o)) in.push_back(v);
      exactly(cnf_, in, 1);
    }
  for (int a = 0; a < P; ++a)
    for (int rho = 0; rho < period; ++rho) {
      std::vector<Lit> out, in;
      for (int b = 0; b < P; ++b)
        for (int c = 0; c < period; ++c)
          for (int o = 0; o < offsets_; ++o) {
            if (int v = var(a, b, c, o); v && (c + o) % period == rho) out.push_back(v);
            if (int v = var(b, a, c, o); v && (c + o + L) % period == rho) in.push_back(v);
          }
      if (out.size() > 1) at_most(cnf_, out, 1);
      if (in.size() > 1) at_most(cnf_, in, 1);
    }
  // Holding: H(a, c, o) -> H(a, c, o-1) or a reception of class c at offset o (sent at o - L).
  for (int a = 1; a < P; ++a)
    for (int c = 0; c < period; ++c) {
      Lit prev = 0;
      for (int o = L; o < offsets_; ++o) {
        const Lit h = cnf_.new_var();
        std::vector<Lit> just{-h};
        if (prev) just.push_back(prev);
        for (int a2 = 0; a2 < P; ++a2)
          if (int v = var(a2, a, c, o - L)) just.push_back(v);
        cnf_.add_clause(just);
        for (int b = 1; b < P; ++b)
          if (int v = var(a, b, c, o)) cnf_.add_clause({-v, h});
        prev = h;
      }
    }
  // Symmetry: b receives item class 0 no later than b + 1.
  std::vector<std::vector<Lit>> G(P);
  for (int b = 1; b < P; ++b) {
    Lit prev = 0;
    for (int o = 0; o < offsets_; ++o) {
      const Lit g = cnf_.new_var();
      std::vector<Lit> just{-g};
      if (prev) just.push_back(prev);
      for (int a = 0; a < P; ++a)
        if (int v = var(a, b, 0, o)) just.push_back(v);
      cnf_.add_clause(just);
      G[b].push_back(g);
      prev = g;
    }
  }
  for (int b = 1; b + 1 < P; ++b)
    for (int o = 0; o < offsets_; ++o)
      for (int a = 0; a < P; ++a)
        if (int v = var(a, b + 1, 0, o)) cnf_.add_clause({-v, G[b][o]});
}

PeriodicSchedule PeriodicCnf::decode(const SatResult& r) const {
  PeriodicSchedule ps;
  ps.L = L_, ps.P = P_, ps.period = p_, ps.delay = D_;
  for (int a = 0; a < P_; ++a)
    for (int b = 1; b < P_; ++b)
      for (int c = 0; c < p_; ++c)
        for (int o = 0; o < offsets_; ++o)
          if (int v = var(a, b, c, o); v && r.value(v)) ps.messages.push_back({a, b, c, o});
  return ps;
}

}  // namespace blockcast::sat
