#include "witness.hpp"

#include <map>
#include <stdexcept>

#include "hall_word.hpp"

namespace blockcast {

namespace {
constexpr i64 kPhaseBudget = 20'000;  // phase-by-phase search first; local search beyond it
}

Assignment build_witness(const Instance& inst, const Distribution& d) {
  auto a = build_witness(inst, d, {});
  if (!a) throw std::logic_error("no word for a count vector accepted by the search");
  return *a;
}

std::optional<Assignment> build_witness(const Instance& inst, const Distribution& d,
                                        const std::function<bool()>& expired) {
  Assignment a;
  a.L = inst.L, a.T = inst.T, a.t = inst.t, a.shape = inst.shape, a.P = inst.P;
  a.receive_only = d.receive_only;
  std::map<std::tuple<int, i64, Counts>, Word> cache;  // equal blocks share their word
  std::map<std::pair<int, i64>, i64> in_vectors;       // blocks already given a vector
  for (const auto& [type, c] : d.vectors) {
    in_vectors[{type.r, type.u}] += type.count;
    const bool root = d.extendable_root && type.u == inst.T;
    auto key = std::make_tuple(type.r, type.u, c);
    auto it = cache.find(key);
    if (it == cache.end() || root) {
      std::optional<Word> w;
      if (root) {
        w = extendable_word_with_counts(type.r, type.u, c, d.receive_only);
      } else {
        w = word_with_counts(type.r, type.u, c, kPhaseBudget);
        if (!w) w = hall_word(type.r, type.u, c, expired);
      }
      if (!w && expired && expired()) return std::nullopt;
      if (!w) throw std::logic_error("no word for a count vector accepted by the search");
      it = cache.insert_or_assign(key, *w).first;
    }
    a.blocks.push_back({type.r, type.u, type.count, it->second});
  }
  Counts tail = d.tail_letters;
  for (const auto& b : inst.blocks) {
    const i64 left = b.count - in_vectors[{b.r, b.u}];
    if (b.r == 1 && left > 0) a.blocks.push_back({1, b.u, left, {}});
    if (b.r != 2) continue;
    i64 need = left;
    for (Letter j = 0; j < static_cast<Letter>(tail.size()) && need > 0; ++j) {
      if ((b.u + j) % 2 != 0 || tail[j] == 0) continue;
      i64 take = std::min<i64>(need, tail[j]);
      a.blocks.push_back({2, b.u, take, {j}});
      tail[j] -= static_cast<std::int32_t>(take), need -= take;
    }
    if (need) throw std::logic_error("r = 2 tail left without letters");
  }
  normalize(a);
  if (auto err = check_assignment(inst, a)) throw std::logic_error("search witness fails the checker: " + *err);
  return a;
}

}  // namespace blockcast

#include "replay.hpp"

namespace blockcast {

std::string simulate_witness(const Assignment& a, i64 max_events) {
  const i64 items = 3 * a.delay() + 1;
  if (a.P > max_events / (items + a.delay()))
    return "not simulated: P = " + std::to_string(a.P) + " too large for explicit expansion";
  SimulationResult s = simulate_assignment(a, items);  // = simulate(expand_assignment(a, items)), streamed
  if (!s.ok) throw std::logic_error("simulator rejects a checked witness: " + s.violation.text);
  // For 0 < t < L the tree is a single node (f_t = 1) and items arrive after L < L + t.
  if (s.max_delay > a.delay()) throw std::logic_error("simulated delay exceeds L + T");
  return "simulated " + std::to_string(items) + " items, " + std::to_string(s.messages) +
         " messages, max delay " + std::to_string(s.max_delay) + " (L + T = " + std::to_string(a.delay()) + ")";
}

}  // namespace blockcast
