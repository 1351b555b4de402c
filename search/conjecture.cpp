#include "conjecture.hpp"

#include <chrono>
#include <map>

namespace blockcast {

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  ConjectureResult res;
  res.L = L;
  const int t_max = opt.t_max > 0 ? opt.t_max : 6 * L;
  // Candidates t0 = L, L+1, ... and letters x in order; S(t, x) (is I(t) solvable with
  // receive-only x and an x-extendable root?) is decided at most once. A failure at
  // (t, x) rules out every t0 in (t-L, t] for that x, so most pairs are never searched.
  std::map<std::pair<int, Letter>, SearchResult> decided;
  auto S = [&](int t, Letter x) -> const SearchResult& {
    auto it = decided.find({t, x});
    if (it != decided.end()) return it->second;
    SearchOptions so = opt.search;
    so.receive_only = x;
    so.extendable = true;
    SearchResult r = solve_exact(optimal_instance(L, t), so);
    res.stats += r.stats;
    ++res.searches;
    if (opt.progress)
      opt.progress("L=" + std::to_string(L) + " t=" + std::to_string(t) + " x=" + letter_name(x) + " " +
                   verdict_name(r.verdict) + " (" + std::to_string(r.stats.nodes) + " nodes)");
    return decided.emplace(std::make_pair(t, x), std::move(r)).first->second;
  };
  bool limit_hit = false;
  int t0 = -1;
  Letter x0 = 0;
  for (int cand = L; cand <= t_max && t0 < 0; ++cand)
    for (Letter x = 0; x < L && t0 < 0; ++x) {
      bool ok = true;
      for (int t = cand; t < cand + L && ok; ++t) {
        const SearchResult& r = S(t, x);
        if (r.verdict == Verdict::unknown) limit_hit = true;
        ok = r.verdict == Verdict::solved;
      }
      if (ok) t0 = cand, x0 = x;
    }
  if (t0 < 0) {
    res.note = "no " + std::to_string(L) + " consecutive base cases with t0 <= " + std::to_string(t_max) +
               (limit_hit ? " (some searches hit a limit)" : "");
  } else {
    res.certificate.L = L;
    res.certificate.x = x0;
    res.certificate.t0 = t0;
    for (int t = t0; t < t0 + L; ++t) res.certificate.base_cases.push_back(*decided.at({t, x0}).witness);
    res.compositions = verify_certificate(res.certificate);
    res.verdict = Verdict::solved;
    // Smaller t: the plain question "is there any block-cyclic schedule?".
    for (int t = 0; t < t0; ++t) {
      SearchOptions so = opt.search;
      so.receive_only.reset();
      so.extendable = false;
      SearchResult r = solve_exact(optimal_instance(L, t), so);
      res.stats += r.stats;
      ++res.searches;
      res.smaller.push_back({t, r.verdict, r.stats, r.covered});
    }
  }
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  res.stats.seconds = res.seconds;
  return res;
}

}  // namespace blockcast
