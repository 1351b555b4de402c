// Composition search for trimmed trees, and solve_shape, which combines it with the complete
// search (trim_search.hpp).
//
// SPEC Sec. 7 generalised (docs/induction.md): T_T is T_{T-1} shifted by one label, whose
// root gains a first child at label L, plus T_{T-L} hung under that child. Node types
// (r0, u = T - label) are preserved and trailing leaves stay trailing, so a trimmed T_{T-1}
// removing D1 leaves and a trimmed T_{T-L} removing D2 leaves form a trimmed T_T removing
// D1 + D2 (same per-node limit, so ties and pruned are both closed under this). If the first
// has an x-extendable root word and both have receive-only x, inserting x into the root word
// (Karp et al. 1993, Sec. 3.3) solves the whole, again with an x-extendable root. The search splits
// D near proportionally, recursively, memoised on (T, D, x), with small complete searches at
// the bottom. It only finds schedules; impossibility is left to the complete search.
#include <algorithm>
#include <map>

#include "everyp/ltwo.hpp"
#include "everyp/trim_search.hpp"
#include "legal_words.hpp"
#include "postal.hpp"

namespace blockcast {

// The first part's root grows by one child (x inserted at its self-loop), the second
// part's blocks and letters join; the result is checked against the trimmed instance.
Assignment compose_trimmed(const TreeSpec& spec, const Assignment& first, const Assignment& second, Letter x,
                           bool check) {
  Assignment c = first;
  c.T = spec.T, c.t = spec.t, c.P = spec.P, c.shape = spec.shape;
  c.blocks.clear();
  for (BlockWord b : first.blocks) {
    if (b.u == first.T) {
      const auto pos = self_loop_position(b.r, b.u, b.word, x);
      if (!pos || b.count != 1) throw std::logic_error("composition: part root is not x-extendable");
      b.word.insert(b.word.begin() + *pos, x);
      b.r += 1, b.u += 1;
    }
    c.blocks.push_back(b);
  }
  c.blocks.insert(c.blocks.end(), second.blocks.begin(), second.blocks.end());
  c.receive_only = x;
  normalize(c);
  if (!check) return c;
  const Instance want = trimmed_instance(spec, profile_of(listed_instance(c)));
  if (auto e = check_assignment(want, c)) throw std::logic_error("composition fails the checker: " + *e);
  return c;
}

namespace {


class Composer {
 public:
  Composer(const TreeSpec& top, const SearchOptions& opt, Stop& stop) : top_(top), opt_(opt), stop_(stop) {}

  // A solution of the trimmed T_T removing D leaves, receive-only x, x-extendable root.
  std::optional<Assignment> solve(int T, i64 D, Letter x) {
    const auto key = std::make_tuple(T, D, x);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    // Parts refused in their set-up count no nodes, so the deadline is polled here as well.
    if (stop_.stopped() || stop_.expired()) return std::nullopt;
    const TreeSpec spec = part(T, D);
    std::optional<Assignment> found;
    SearchOptions o = opt_;
    o.receive_only = x;
    o.extendable = true;
    o.threads = 1;
    o.limits.max_nodes = opt_.tuning.part_nodes;  // the caller's deadline stays
    o.limits.time_limit = 0;
    SearchResult r = solve_trimmed(spec, o);
    stop_.tick(r.stats.nodes);
    if (r.verdict == Verdict::solved) found = r.witness;
    if (!found && r.verdict == Verdict::unknown && T - L() >= L()) found = split(spec, x);
    if (!stop_.stopped()) memo_[key] = found;
    return found;
  }

 private:
  const TreeSpec& top_;
  const SearchOptions& opt_;
  Stop& stop_;
  std::map<std::tuple<int, i64, Letter>, std::optional<Assignment>> memo_;

  int L() const { return top_.L; }

  TreeSpec part(int T, i64 D) const {
    TreeSpec s = top_;
    s.T = T;
    s.t = top_.shape == Shape::pruned ? T - 1 : T;
    s.removed = D;
    s.P = checked_add(fib(L(), T) - D, 1, "P");
    return s;
  }

  // Leaves a trimmed T_T can lose at most (every node its last min(r0, L, max_trim)).
  i64 removable(int T) const {
    i64 n = 0;
    for (const auto& c : node_classes(L(), T))
      n = checked_add(n, checked_mul(c.nodes, std::min({c.r0, L(), top_.max_trim})));
    return n;
  }

  std::optional<Assignment> split(const TreeSpec& spec, Letter x) {
    const int T = spec.T;
    const i64 D = spec.removed;
    const i64 lo = std::max<i64>(0, D - removable(T - L())), hi = std::min(D, removable(T - 1));
    if (lo > hi) return std::nullopt;
    // Proportional to the parts' sizes f_{T-1} : f_{T-L} first, then alternating outwards.
    const i64 f1 = fib(L(), T - 1), f2 = fib(L(), T - L());
    const i64 mid = std::clamp<i64>((D * f1 + (f1 + f2) / 2) / (f1 + f2), lo, hi);
    for (int k = 0; k < 2 * opt_.tuning.splits && !stop_.stopped() && !stop_.expired(); ++k) {
      const i64 D1 = mid + (k % 2 ? -(k + 1) / 2 : k / 2);
      if (D1 < lo || D1 > hi) continue;
      auto first = solve(T - 1, D1, x);
      if (!first) continue;
      auto second = solve(T - L(), D - D1, x);
      if (!second) continue;
      return compose_trimmed(spec, *first, *second, x);
    }
    return std::nullopt;
  }
};

}  // namespace

SearchResult solve_shape(const TreeSpec& spec, const SearchOptions& opt) {
  if (spec.removed == 0) return solve_trimmed(spec, opt);
  // 0. L = 2: decided by counting or built directly (ltwo.hpp), no search needed.
  if (auto why = spec.L == 2 ? ltwo_counting_refutation(spec) : std::nullopt) {
    SearchResult r;
    r.verdict = Verdict::impossible;
    r.mode = "counting";
    r.covered = *why;
    return r;
  }
  if (auto a = spec.L == 2 && !opt.receive_only && !opt.extendable ? ltwo_construction(spec) : std::nullopt) {
    SearchResult r;
    r.verdict = Verdict::solved;
    r.witness = std::move(a);
    r.mode = "L=2 construction";
    r.covered = "witness built directly for L = 2 (search/everyp/ltwo.hpp), checked";
    return r;
  }
  // The caller's time limit covers all three phases together.
  const Stop clock(opt.limits);
  auto left = [&](SearchOptions o) {
    if (opt.limits.time_limit > 0) o.limits.time_limit = std::max(1e-3, opt.limits.time_limit - clock.seconds());
    return o;
  };
  // 1. The complete search with a budget: decides most instances quickly.
  SearchOptions first = opt;
  if (first.limits.max_nodes == 0 || first.limits.max_nodes > opt.tuning.direct_nodes) first.limits.max_nodes = opt.tuning.direct_nodes;
  SearchResult r = solve_trimmed(spec, first);
  if (r.verdict != Verdict::unknown || spec.T < 2 * spec.L) return r;
  // 2. Composition from smaller trimmed trees (finds schedules only).
  Stop stop(left(opt).limits);
  Composer comp(spec, opt, stop);
  const int A = spec.L + std::min(spec.L, spec.max_trim);
  for (Letter x = 0; x < A && !stop.stopped(); ++x) {
    if (opt.receive_only && *opt.receive_only != x) continue;
    if (auto a = comp.solve(spec.T, spec.removed, x)) {
      if (canonical(spec))
        if (auto e = check_assignment(claimed_instance(*a), *a)) throw std::logic_error("composed witness: " + *e);
      r.verdict = Verdict::solved;
      r.witness = std::move(a);
      r.mode = "composed";
      r.covered = "witness composed from trimmed trees of depth " + std::to_string(spec.T - 1) + " and " +
                  std::to_string(spec.T - spec.L) + " (generalised induction), checked";
      r.stats.nodes += stop.nodes();
      return r;
    }
  }
  // 3. The complete search within the caller's limits (the only way to IMPOSSIBLE).
  if (opt.limits.time_limit > 0 && clock.seconds() >= opt.limits.time_limit) return r;
  SearchResult full = solve_trimmed(spec, left(opt));
  full.stats += r.stats;
  full.stats.nodes += stop.nodes();
  return full;
}

}  // namespace blockcast
