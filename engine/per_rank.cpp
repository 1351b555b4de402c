// Per-rank programs by counting (see per_rank.hpp; the layout is engine/expand.hpp's).
#include "per_rank.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <string>

#include "expand.hpp"
#include "version.hpp"

namespace blockcast {

namespace {

using api::Transfer;

struct Type {          // one BlockWord: `count` blocks of r processors each
  i64 r = 1, count = 0;
  i64 first = 0;       // processor id of q = 0 in the type's first block
  i64 off0 = 0;        // L + T - u: the holder's sending slots are off0 .. off0 + r - 1
  std::vector<i64> letter;  // per phase: u, then w_1 .. w_{r-1}
  i64 multiplicity(i64 l) const { return std::count(letter.begin(), letter.end(), l); }
};

// The assignment's layout reduced to block types, plus the counting queries.
class Layout {
 public:
  explicit Layout(const Assignment& a) : L_(a.L), T_(a.T), x_(a.receive_only) {
    P_ = layout_processors(a);
    i64 next = 1;
    for (const auto& b : a.blocks) {
      if (static_cast<i64>(b.word.size()) != b.r - 1)
        throw InputError("block (r=" + std::to_string(b.r) + ", u=" + std::to_string(b.u) + ") word '" +
                         word_string(b.word) + "' must have r-1 letters");
      Type t;
      t.r = b.r, t.count = b.count, t.first = next, t.off0 = L_ + T_ - b.u;
      t.letter.push_back(b.u);
      for (Letter w : b.word) t.letter.push_back(w);
      next += b.r * b.count;
      types_.push_back(std::move(t));
    }
  }
  i64 P() const { return P_; }
  int L() const { return L_; }

  // Smallest and largest step, relative to the item, at which a message of an item is sent
  // or arrives (the source sends at 0; receptions of letter l arrive at T - l + L).
  std::pair<i64, i64> span() const {
    i64 lo = 0, hi = 0;
    auto see = [&](i64 v) { lo = std::min(lo, v), hi = std::max(hi, v); };
    see(T_ - x_ + L_);
    for (const Type& t : types_) {
      see(t.off0), see(t.off0 + t.r - 1);
      for (i64 l : t.letter) see(T_ - l + L_);
    }
    return {lo, hi};
  }

  // Block of processor p (1 <= p < P - 1): its type, index within the type, phase position q.
  struct Place {
    size_t type;
    i64 block, q;
  };
  Place place(i64 p) const {
    for (size_t n = 0; n < types_.size(); ++n) {
      const Type& t = types_[n];
      if (p < t.first + t.r * t.count) return {n, (p - t.first) / t.r, (p - t.first) % t.r};
    }
    throw std::logic_error("processor outside the block layout");
  }

  // The message `rank` sends at step s (holder of item i at slot m), if any: {receiver, item}.
  bool send_at(i64 rank, i64 s, Transfer& out) const {
    if (rank == 0) return out = {s, receiver(0, s, 0), s}, true;
    if (rank == P_ - 1) return false;  // the receive-only processor never sends
    const Place pl = place(rank);
    const Type& t = types_[pl.type];
    const i64 m = floor_mod(s - pl.q, t.r), o = t.off0 + m, i = s - o;
    // Position among the senders of item i at offset o: the source, then blocks in order.
    i64 n = o == 0 ? 1 : 0;
    for (size_t k = 0; k < pl.type; ++k) n += covers(types_[k], o) ? types_[k].count : 0;
    n += pl.block;
    out = {s, receiver(n, s, o), i};
    return true;
  }

  // The message `rank` receives at step tau: {sender, item}.
  Transfer recv_at(i64 rank, i64 tau) const {
    const i64 l = rank == P_ - 1 ? x_ : letter_at(rank, tau);
    const i64 o = T_ - l, i = tau - L_ - o;
    i64 n = 0;  // position among the receivers of letter l at tau, in processor-id order
    if (rank == P_ - 1) {
      for (const Type& t : types_) n += t.count * t.multiplicity(l);
    } else {
      const Place pl = place(rank);
      for (size_t k = 0; k < pl.type; ++k) n += types_[k].count * types_[k].multiplicity(l);
      const Type& t = types_[pl.type];
      n += pl.block * t.multiplicity(l);
      for (i64 q = 0; q < pl.q; ++q) n += t.letter[static_cast<size_t>(floor_mod(tau - q, t.r))] == l;
    }
    return {tau, sender(n, i, o), i};
  }

 private:
  int L_;
  i64 T_;
  Letter x_;
  i64 P_ = 0;
  std::vector<Type> types_;

  static bool covers(const Type& t, i64 o) { return t.off0 <= o && o < t.off0 + t.r; }

  i64 letter_at(i64 rank, i64 tau) const {
    const Place pl = place(rank);
    const Type& t = types_[pl.type];
    return t.letter[static_cast<size_t>(floor_mod(tau - pl.q, t.r))];
  }

  // The n-th receiver (processor order) of the messages sent at step s with offset o.
  i64 receiver(i64 n, i64 s, i64 o) const {
    const i64 l = T_ - o, tau = s + L_;
    for (const Type& t : types_) {
      const i64 g = t.multiplicity(l);
      if (n >= t.count * g) {
        n -= t.count * g;
        continue;
      }
      const i64 first = t.first + (n / g) * t.r;
      i64 j = n % g;
      for (i64 q = 0; q < t.r; ++q)
        if (t.letter[static_cast<size_t>(floor_mod(tau - q, t.r))] == l && j-- == 0) return first + q;
    }
    if (n == 0 && l == x_) return P_ - 1;
    throw InputError("inconsistent assignment: no receiver for a message at step " + std::to_string(s));
  }

  // The n-th sender (source first, then blocks in order) of item i at offset o.
  i64 sender(i64 n, i64 i, i64 o) const {
    if (o == 0) {
      if (n == 0) return 0;
      --n;
    }
    for (const Type& t : types_) {
      if (!covers(t, o)) continue;
      if (n >= t.count) {
        n -= t.count;
        continue;
      }
      return t.first + n * t.r + floor_mod(i + t.off0, t.r);  // the block's holder of item i
    }
    throw InputError("inconsistent assignment: no sender for item " + std::to_string(i));
  }
};

void check_rank(i64 rank, i64 P) {
  if (rank < 0 || rank >= P)
    throw InputError("rank " + std::to_string(rank) + " is not a processor (0.." + std::to_string(P - 1) + ")");
}

// Sends and receives of `rank` at steps [lo, hi] whose items satisfy keep(item).
template <class Keep>
api::RankProgram collect(const Layout& lay, i64 rank, i64 lo, i64 hi, Keep keep) {
  check_rank(rank, lay.P());
  api::RankProgram p;
  p.rank = rank, p.L = lay.L();
  for (i64 s = lo; s <= hi; ++s) {
    Transfer m;
    if (lay.send_at(rank, s, m) && keep(m.item)) p.sends.push_back(m);
    if (rank != 0) {
      const Transfer r = lay.recv_at(rank, s);
      if (keep(r.item)) p.recvs.push_back(r);
    }
  }
  return p;
}

}  // namespace

api::RankProgram schedule_program(const Schedule& s, i64 rank) {
  check_rank(rank, s.P);
  api::RankProgram p;
  p.rank = rank, p.L = s.L;
  for (const Message& m : s.messages) {
    if (m.sender == rank) p.sends.push_back({m.send_step, m.receiver, m.item});
    if (m.receiver == rank) p.recvs.push_back({m.recv_step, m.sender, m.item});
  }
  auto by_step = [](const api::Transfer& x, const api::Transfer& y) { return x.step < y.step; };
  std::stable_sort(p.sends.begin(), p.sends.end(), by_step);
  std::stable_sort(p.recvs.begin(), p.recvs.end(), by_step);
  return p;
}

api::RankProgram assignment_program(const Assignment& a, i64 rank, i64 k) {
  if (k < 1) throw InputError("number of items must be >= 1, got " + std::to_string(k));
  const Layout lay(a);
  const auto [lo, hi] = lay.span();
  return collect(lay, rank, lo, checked_add(hi, k - 1, "steps"), [k](i64 i) { return i >= 0 && i < k; });
}

api::RankProgram assignment_window(const Assignment& a, i64 rank, i64 first_step, i64 steps) {
  if (steps < 0 || first_step < 0 || steps > std::numeric_limits<i64>::max() - first_step)
    throw InputError("bad step window: first step " + std::to_string(first_step) + ", " + std::to_string(steps) + " steps");
  const Layout lay(a);
  return collect(lay, rank, first_step, first_step + steps - 1, [](i64 i) { return i >= 0; });
}

nlohmann::json to_json(const api::RankProgram& p) {
  auto list = [](const std::vector<api::Transfer>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const api::Transfer& t : v) a.push_back({t.step, t.peer, t.item});
    return a;
  };
  return {{"format", "blockcast-rank-program"}, {"version", 1}, {"blockcast_version", version()},
          {"rank", p.rank}, {"L", p.L}, {"fields", {"step", "peer", "item"}},
          {"sends", list(p.sends)}, {"recvs", list(p.recvs)}};
}

}  // namespace blockcast
