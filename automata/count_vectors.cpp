#include "count_vectors.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <unordered_map>

#include "legal_words.hpp"
#include "word_automaton.hpp"

namespace blockcast {

namespace {
// DP key: state bitmask, the "passed {0..x-1}" flag and the counts, packed into bytes.
std::string make_key(State s, bool flag, const std::vector<std::uint8_t>& c) {
  std::string k(sizeof(State) + 1 + c.size(), '\0');
  std::memcpy(k.data(), &s, sizeof(State));
  k[sizeof(State)] = flag;
  std::memcpy(k.data() + sizeof(State) + 1, c.data(), c.size());
  return k;
}
struct Entry {
  State s;
  bool flag;
  std::vector<std::uint8_t> counts;
  Word word;
};
}  // namespace

VectorSet achievable_vectors(const VectorQuery& q) {
  if (q.r < 1) throw InputError("block size r must be >= 1");
  if (q.r > 255) throw InputError("count vectors support blocks of at most 255 processors");
  VectorSet out;
  const bool ext = q.extendable_by.has_value();
  // The representative u - r serves (r, u) and (r+1, u+1) alike (see self_loop_position).
  if (ext && q.u < q.r) return out;
  const int up = ext ? static_cast<int>(q.u - q.r) : walk_representative(q.r, q.u);
  const int W = std::max(q.A, up + 1);
  if (W > 24) throw InputError("exact mode supports at most 24 letters");
  const State zx = ext ? (State{1} << *q.extendable_by) - 1 : 0;
  std::map<std::string, Word> found;  // counts as bytes -> witness

  for (State s0 = 0; s0 < (State{1} << W); ++s0) {
    auto s1 = automaton_step(s0, up);
    if (!s1) continue;
    std::vector<Entry> layer{{*s1, ext && s0 == zx, std::vector<std::uint8_t>(q.A, 0), {}}};
    for (int step = 1; step < q.r && !layer.empty(); ++step) {
      std::unordered_map<std::string, std::size_t> seen;
      std::vector<Entry> next;
      for (const auto& e : layer)
        for (Letter w = 0; w < q.A; ++w) {
          if (!q.cap.empty() && e.counts[w] >= q.cap[w]) continue;
          auto n = automaton_step(e.s, w);
          if (!n || popcount(*n) != popcount(s0)) continue;
          Entry f{*n, e.flag || (ext && *n == zx), e.counts, {}};
          ++f.counts[w];
          auto [it, fresh] = seen.emplace(make_key(f.s, f.flag, f.counts), next.size());
          if (!fresh) continue;
          f.word = e.word;
          f.word.push_back(w);
          next.push_back(std::move(f));
        }
      out.dp_states += static_cast<i64>(next.size());
      if (out.dp_states > q.max_states) {
        out.truncated = true;
        break;
      }
      layer = std::move(next);
    }
    if (out.truncated) break;
    for (auto& e : layer)
      if (e.s == s0 && (!ext || e.flag)) found.emplace(std::string(e.counts.begin(), e.counts.end()), e.word);
  }
  for (auto it = found.rbegin(); it != found.rend(); ++it) {
    std::vector<std::int32_t> c;
    for (char b : it->first) c.push_back(static_cast<std::uint8_t>(b));
    out.vectors.push_back({std::move(c), it->second});
  }
  return out;
}

}  // namespace blockcast
