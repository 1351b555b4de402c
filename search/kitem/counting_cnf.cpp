// Counting CNF of k-item broadcast (see counting_cnf.hpp for the model and why it is exact).
#include "kitem/counting_cnf.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "cardinality.hpp"

namespace blockcast::sat {

namespace {
// H(d) of counting_cnf.hpp, saturated at `cap`: how many processors can hold an item d steps
// after its release.
std::vector<int> holders_bound(int L, int steps, int cap) {
  std::vector<int> h(static_cast<size_t>(std::max(steps, 1)), 1);
  for (int d = L; d < steps; ++d) h[d] = std::min(cap, h[d - 1] + h[d - L]);
  return h;
}
}  // namespace

int CountingCnf::at(const std::vector<int>& v, int p, int i, int t) const {
  if (p < 0 || p >= p_.P || i < 0 || i >= p_.k || t < 0 || t > p_.T) return 0;
  return v[(static_cast<size_t>(p) * p_.k + i) * (p_.T + 1) + t];
}

CountingCnf::CountingCnf(const CountingProblem& p, std::chrono::steady_clock::time_point deadline) : p_(p) {
  cnf_.set_deadline(deadline);
  if (p.L < 1 || p.P < 2 || p.k < 1 || p.T < 0) throw std::invalid_argument("counting_cnf: bad sizes");
  const std::int64_t cells = static_cast<std::int64_t>(p.P) * p.k * (p.T + 1);
  if (cells > kMaxCountingCells)
    throw std::invalid_argument("counting_cnf: too large (" + std::to_string(cells) + " cells)");
  add_variables();
  add_processor_rules();
  add_counts();
  if (p.order_items) add_item_order();
  if (p.order_processors) add_processor_order();
}

void CountingCnf::add_variables() {
  const int P = p_.P, k = p_.k, L = p_.L, T = p_.T;
  const size_t n = static_cast<size_t>(P) * k * (T + 1);
  recv_.assign(n, 0), has_.assign(n, 0), send_.assign(n, 0);
  auto idx = [&](int q, int i, int t) { return (static_cast<size_t>(q) * k + i) * (T + 1) + t; };
  for (int q = 0; q < P; ++q)
    for (int i = 0; i < k; ++i) {
      for (int s = q == 0 ? i : i + L; s <= T - L; ++s) send_[idx(q, i, s)] = cnf_.new_var();
      if (q == 0) continue;
      for (int t = i + L; t <= T; ++t) {
        recv_[idx(q, i, t)] = cnf_.new_var();
        // has at the first possible step is the reception itself.
        has_[idx(q, i, t)] = t == i + L ? recv_[idx(q, i, t)] : cnf_.new_var();
      }
    }
}

// Per processor: every item received exactly once, one reception and one send per step, a
// send only of an item held; has = "received at or before" (both directions, the processor
// order compares it).
void CountingCnf::add_processor_rules() {
  const int P = p_.P, k = p_.k, L = p_.L, T = p_.T;
  for (int q = 1; q < P; ++q)
    for (int i = 0; i < k; ++i) {
      std::vector<Lit> in;
      for (int t = i + L; t <= T; ++t) {
        in.push_back(recv(q, i, t));
        if (t == i + L) continue;
        const Lit h = has(q, i, t), prev = has(q, i, t - 1), r = recv(q, i, t);
        cnf_.add_clause({-h, prev, r});
        cnf_.add_clause({-prev, h});
        cnf_.add_clause({-r, h});
      }
      exactly(cnf_, in, 1);
      for (int s = i + L; s <= T - L; ++s) cnf_.add_clause({-send(q, i, s), has(q, i, s)});
    }
  for (int q = 0; q < P; ++q)
    for (int t = 0; t <= T; ++t) {
      std::vector<Lit> out, in;
      for (int i = 0; i < k; ++i) {
        if (int v = send(q, i, t)) out.push_back(v);
        if (int v = recv(q, i, t)) in.push_back(v);
      }
      at_most(cnf_, out, 1);
      at_most(cnf_, in, 1);
    }
}

// Per (item, send step): #senders = #receivers L steps later, both at most the holders bound.
void CountingCnf::add_counts() {
  const int P = p_.P, k = p_.k, L = p_.L, T = p_.T;
  const std::vector<int> H = holders_bound(L, T + 1, P - 1);
  for (int i = 0; i < k; ++i)
    for (int s = i; s <= T - L; ++s) {
      std::vector<Lit> S, R;
      for (int q = 0; q < P; ++q) {
        if (int v = send(q, i, s)) S.push_back(v);
        if (int v = recv(q, i, s + L)) R.push_back(v);
      }
      const int c = std::min({static_cast<int>(S.size()), static_cast<int>(R.size()), H[s - i]});
      const std::vector<Lit> os = totalizer(cnf_, S, c + 1), orr = totalizer(cnf_, R, c + 1);
      for (int j = 0; j < c; ++j) cnf_.add_clause({-os[j], orr[j]}), cnf_.add_clause({-orr[j], os[j]});
      if (static_cast<int>(os.size()) > c) cnf_.add_unit(-os[c]);
      if (static_cast<int>(orr.size()) > c) cnf_.add_unit(-orr[c]);
    }
}

// The source first sends the items in order: F(i, s) = "sent i at some step <= s" (only the
// direction F -> a send is needed), and send(0, i+1, s) -> F(i, s-1).
void CountingCnf::add_item_order() {
  const int k = p_.k, L = p_.L, T = p_.T;
  std::vector<Lit> prev_first;  // F(i-1, s) at index s, 0 where none
  for (int i = 0; i < k; ++i) {
    std::vector<Lit> first(static_cast<size_t>(T + 1), 0);
    for (int s = i; s <= T - L; ++s) {
      first[s] = cnf_.new_var();
      std::vector<Lit> why{-first[s], send(0, i, s)};
      if (s > i) why.push_back(first[s - 1]);
      cnf_.add_clause(why);
      if (i > 0) {
        if (s - 1 >= 0 && prev_first[s - 1])
          cnf_.add_clause({-send(0, i, s), prev_first[s - 1]});
        else
          cnf_.add_clause({-send(0, i, s)});
      }
    }
    prev_first = std::move(first);
  }
}

// Reception vectors of processors 1..P-1 in lexicographic order (item 0 first).
void CountingCnf::add_processor_order() {
  const int P = p_.P, k = p_.k, L = p_.L, T = p_.T;
  for (int a = 1; a + 1 < P; ++a) {
    const int b = a + 1;
    Lit eq = 0;  // "equal on items < i"; 0 = true (i = 0)
    for (int i = 0; i < k; ++i) {
      for (int t = i + L; t <= T; ++t) {
        std::vector<Lit> c{-has(b, i, t), has(a, i, t)};
        if (eq) c.push_back(-eq);
        cnf_.add_clause(c);
      }
      if (i + 1 == k) break;
      const Lit next = cnf_.new_var();
      for (int t = i + L; t <= T; ++t) {
        std::vector<Lit> c{-recv(a, i, t), -recv(b, i, t), next};
        if (eq) c.push_back(-eq);
        cnf_.add_clause(c);
      }
      eq = next;
    }
  }
}

Schedule CountingCnf::decode(const SatResult& r) const {
  Schedule sch;
  sch.P = p_.P, sch.L = p_.L, sch.items = p_.k;
  for (int s = 0; s + p_.L <= p_.T; ++s)
    for (int i = 0; i < p_.k; ++i) {
      std::vector<int> S, R;
      for (int q = 0; q < p_.P; ++q) {
        if (int v = send(q, i, s); v && r.value(v)) S.push_back(q);
        if (int v = recv(q, i, s + p_.L); v && r.value(v)) R.push_back(q);
      }
      if (S.size() != R.size())
        throw std::logic_error("counting_cnf: " + std::to_string(S.size()) + " senders, " + std::to_string(R.size()) +
                               " receivers of item " + std::to_string(i) + " at step " + std::to_string(s));
      for (size_t j = 0; j < S.size(); ++j) sch.messages.push_back(Message{s, s + p_.L, S[j], R[j], i});
    }
  std::stable_sort(sch.messages.begin(), sch.messages.end(), [](const Message& x, const Message& y) {
    return x.send_step != y.send_step ? x.send_step < y.send_step : x.sender < y.sender;
  });
  return sch;
}

}  // namespace blockcast::sat
