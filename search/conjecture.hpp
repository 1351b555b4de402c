// Conjecture runs (paper 000 Thm 3.3 and its conjecture for every L >= 3): for a latency L,
// find the smallest t0 >= L such that I(t0) .. I(t0+L-1) are all solved with one common
// receive-only letter x and x-extendable root words; the induction (induction.hpp) then
// covers every t >= t0. Smaller t are decided without the induction constraints.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "block_search.hpp"
#include "induction.hpp"

namespace blockcast {

struct ConjectureOptions {
  SearchOptions search;       // threads and limits for each single search
  int t_max = 0;              // give up (UNKNOWN) beyond this t0 (0 = 6L)
  std::function<void(const std::string&)> progress;  // optional status line sink
};

struct SmallerVerdict {
  int t = 0;
  Verdict verdict = Verdict::unknown;
  SearchStats stats;
  std::string covered;
};

struct ConjectureResult {
  int L = 0;
  Verdict verdict = Verdict::unknown;  // SOLVED: certificate verified; UNKNOWN: not reached
  Certificate certificate;             // valid when SOLVED
  std::vector<SmallerVerdict> smaller;  // t = 0 .. t0-1 (unconstrained)
  std::vector<int> compositions;       // t checked by composing base cases
  SearchStats stats;                   // all searches of this L
  i64 searches = 0;
  double seconds = 0;
  std::string note;
};

ConjectureResult run_conjecture(int L, const ConjectureOptions& opt);

}  // namespace blockcast
