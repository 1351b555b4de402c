#include "conjecture.hpp"

#include <chrono>
#include <map>

namespace blockcast {

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt) {
  const auto start = std::chrono::steady_clock::now();
  ConjectureResult res;
  res.L = L;
  const int t_max = opt.t_max > 0 ? opt.t_max : 6 * L;
  // run[x] = number of consecutive t (ending at the current t) solved with letter x.
  std::vector<int> run(L, 0);
  std::map<std::pair<int, Letter>, Assignment> solved;
  bool limit_hit = false;
  int t0 = -1;
  Letter x0 = 0;
  for (int t = L; t <= t_max + L - 1 && t0 < 0; ++t) {
    Instance I = optimal_instance(L, t);
    for (Letter x = 0; x < L && t0 < 0; ++x) {
      if (t - run[x] > t_max) {  // a run starting now could not begin by t_max
        run[x] = 0;
        continue;
      }
      SearchOptions so = opt.search;
      so.receive_only = x;
      so.extendable = true;
      SearchResult r = solve_exact(I, so);
      res.stats += r.stats;
      ++res.searches;
      if (opt.progress)
        opt.progress("L=" + std::to_string(L) + " t=" + std::to_string(t) + " x=" + letter_name(x) + " " +
                     verdict_name(r.verdict));
      if (r.verdict == Verdict::unknown) limit_hit = true;
      if (r.verdict != Verdict::solved) {
        run[x] = 0;
        continue;
      }
      solved[{t, x}] = *r.witness;
      if (++run[x] >= L) t0 = t - L + 1, x0 = x;
    }
  }
  if (t0 < 0) {
    res.note = "no " + std::to_string(L) + " consecutive base cases with t0 <= " + std::to_string(t_max) +
               (limit_hit ? " (some searches hit a limit)" : "");
  } else {
    res.certificate.L = L;
    res.certificate.x = x0;
    res.certificate.t0 = t0;
    for (int t = t0; t < t0 + L; ++t) res.certificate.base_cases.push_back(solved.at({t, x0}));
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
