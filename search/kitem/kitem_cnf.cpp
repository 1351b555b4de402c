// Time-indexed CNF of general broadcast schedules (see kitem_cnf.hpp; Subramonian and Venkatasubramanian 1993 Sec. 4).
#include "kitem/kitem_cnf.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cardinality.hpp"

namespace blockcast::sat {

KItemProblem kitem_problem(int L, int P, int k, int T) {
  KItemProblem p;
  p.L = L, p.P = P, p.items = k;
  for (int i = 0; i < k; ++i) p.release.push_back(i), p.deadline.push_back(T);
  p.order_items = true;
  return p;
}

KItemProblem continuous_window_problem(int L, int P, int N, int D, bool strict) {
  KItemProblem p;
  p.L = L, p.P = P, p.items = N;
  for (int i = 0; i < N; ++i) p.release.push_back(i), p.deadline.push_back(i + D);
  p.strict_source = strict;
  return p;
}

int KItemCnf::var(int a, int b, int i, int s) const {
  if (s < 0 || s >= steps_ || a == b || b < 1) return 0;
  return var_[((static_cast<size_t>(a) * p_.P + b) * p_.items + i) * steps_ + s];
}

KItemCnf::KItemCnf(const KItemProblem& p, std::chrono::steady_clock::time_point deadline) : p_(p) {
  cnf_.set_deadline(deadline);
  const int P = p.P, K = p.items, L = p.L;
  if (L < 1 || P < 2 || K < 1 || static_cast<int>(p.release.size()) != K || static_cast<int>(p.deadline.size()) != K)
    throw std::invalid_argument("kitem_cnf: bad sizes");
  for (int i = 0; i < K; ++i) {
    if (p.release[i] < 0 || p.deadline[i] < p.release[i]) throw std::invalid_argument("kitem_cnf: bad item window");
    steps_ = std::max(steps_, p.deadline[i] - L + 1);
  }
  steps_ = std::max(steps_, 1);
  const double cells = static_cast<double>(P) * P * K * steps_;
  if (cells > (1 << 28)) throw std::invalid_argument("kitem_cnf: too large (" + std::to_string(cells) + " message slots)");
  var_.assign(static_cast<size_t>(cells), 0);
  std::vector<char> fixed_item(K, 0);
  for (int i : p.fixed_items) fixed_item.at(i) = 1;

  // Message variables: the sender holds the item (source from release, others from
  // release + L at the earliest) and the message arrives by the item's deadline.
  for (int a = 0; a < P; ++a)
    for (int b = 1; b < P; ++b) {
      if (a == b) continue;
      for (int i = 0; i < K; ++i) {
        const int first = a == 0 ? p.release[i] : p.release[i] + L;
        const int last = p.strict_source && a == 0 ? p.release[i] : p.deadline[i] - L;
        for (int s = first; s <= last && s < steps_; ++s) {
          var_[((static_cast<size_t>(a) * P + b) * K + i) * steps_ + s] = cnf_.new_var();
          ++message_vars_;
        }
      }
    }

  // Every processor 1..P-1 receives every item exactly once.
  for (int b = 1; b < P; ++b)
    for (int i = 0; i < K; ++i) {
      std::vector<Lit> in;
      for (int a = 0; a < P; ++a)
        for (int s = 0; s < steps_; ++s)
          if (int v = var(a, b, i, s)) in.push_back(v);
      exactly(cnf_, in, 1);
    }
  // At most one send per processor and step; at most one reception per processor and step.
  for (int a = 0; a < P; ++a)
    for (int s = 0; s < steps_; ++s) {
      std::vector<Lit> out;
      for (int b = 1; b < P; ++b)
        for (int i = 0; i < K; ++i)
          if (int v = var(a, b, i, s)) out.push_back(v);
      if (out.size() > 1) at_most(cnf_, out, 1);
    }
  for (int b = 1; b < P; ++b)
    for (int s = 0; s < steps_; ++s) {
      std::vector<Lit> in;
      for (int a = 0; a < P; ++a)
        for (int i = 0; i < K; ++i)
          if (int v = var(a, b, i, s)) in.push_back(v);
      if (in.size() > 1) at_most(cnf_, in, 1);
    }
  // Strict source: item i leaves the source exactly once (at its release step).
  if (p.strict_source)
    for (int i = 0; i < K; ++i) {
      std::vector<Lit> out;
      for (int b = 1; b < P; ++b)
        if (int v = var(0, b, i, p.release[i])) out.push_back(v);
      exactly(cnf_, out, 1);
    }
  // Holding: H(a, i, s) = "a has item i at step s" (received at step <= s, i.e. sent at
  // step <= s - L). Only the direction H -> justification is needed: a send requires H.
  for (int a = 1; a < P; ++a)
    for (int i = 0; i < K; ++i) {
      Lit prev = 0;
      for (int s = p.release[i] + L; s < steps_; ++s) {
        std::vector<Lit> out;
        for (int b = 1; b < P; ++b)
          if (int v = var(a, b, i, s)) out.push_back(v);
        const Lit h = cnf_.new_var();
        std::vector<Lit> just{-h};
        if (prev) just.push_back(prev);
        for (int a2 = 0; a2 < P; ++a2)
          if (int v = var(a2, a, i, s - L)) just.push_back(v);
        cnf_.add_clause(just);
        for (Lit o : out) cnf_.add_clause({-o, h});
        prev = h;
      }
    }
  // Fixed messages and items whose tree is entirely given.
  std::vector<char> forced(var_.size() + 1, 0);
  for (const Message& m : p.fixed) {
    const int v = var(m.sender, m.receiver, m.item, m.send_step);
    if (m.item < 0 || m.item >= K || m.recv_step != m.send_step + L || !v)
      throw std::invalid_argument("kitem_cnf: fixed message outside the model");
    cnf_.add_unit(v);
    forced[static_cast<size_t>(v)] = 1;
  }
  for (int i = 0; i < K; ++i)
    if (fixed_item[i])
      for (int a = 0; a < P; ++a)
        for (int b = 1; b < P; ++b)
          for (int s = 0; s < steps_; ++s)
            if (int v = var(a, b, i, s); v && !forced[static_cast<size_t>(v)]) cnf_.add_unit(-v);

  // Symmetry: processors ordered by first reception (G(b, t): b received something by t).
  if (p.order_processors && p.fixed.empty() && p.fixed_items.empty()) {
    std::vector<std::vector<Lit>> G(P);
    for (int b = 1; b < P; ++b) {
      Lit prev = 0;
      for (int s = 0; s < steps_; ++s) {  // reception step s + L
        const Lit g = cnf_.new_var();
        std::vector<Lit> just{-g};
        if (prev) just.push_back(prev);
        for (int a = 0; a < P; ++a)
          for (int i = 0; i < K; ++i)
            if (int v = var(a, b, i, s)) just.push_back(v);
        cnf_.add_clause(just);
        G[b].push_back(g);
        prev = g;
      }
    }
    for (int b = 1; b + 1 < P; ++b)
      for (int s = 0; s < steps_; ++s)
        for (int a = 0; a < P; ++a)
          for (int i = 0; i < K; ++i)
            if (int v = var(a, b + 1, i, s)) cnf_.add_clause({-v, G[b][s]});
  }
  // Symmetry: the source first sends the items in order (F(i, s): source sent i by s).
  if (p.order_items && p.fixed.empty() && p.fixed_items.empty()) {
    std::vector<std::vector<Lit>> F(K);
    for (int i = 0; i < K; ++i) {
      Lit prev = 0;
      for (int s = 0; s < steps_; ++s) {
        const Lit f = cnf_.new_var();
        std::vector<Lit> just{-f};
        if (prev) just.push_back(prev);
        for (int b = 1; b < P; ++b)
          if (int v = var(0, b, i, s)) just.push_back(v);
        cnf_.add_clause(just);
        F[i].push_back(f);
        prev = f;
      }
    }
    for (int i = 0; i + 1 < K; ++i)
      for (int s = 0; s < steps_; ++s)
        for (int b = 1; b < P; ++b)
          if (int v = var(0, b, i + 1, s)) {
            if (s == 0)
              cnf_.add_clause({-v});
            else
              cnf_.add_clause({-v, F[i][s - 1]});
          }
  }
}

Schedule KItemCnf::decode(const SatResult& r) const {
  Schedule sch;
  sch.P = p_.P, sch.L = p_.L, sch.items = p_.items;
  for (int s = 0; s < steps_; ++s)
    for (int a = 0; a < p_.P; ++a)
      for (int b = 1; b < p_.P; ++b)
        for (int i = 0; i < p_.items; ++i)
          if (int v = var(a, b, i, s); v && r.value(v))
            sch.messages.push_back(Message{s, s + p_.L, a, b, i});
  return sch;
}

}  // namespace blockcast::sat
