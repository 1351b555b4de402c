// The conjecture run's machinery shared by its two source files (search/conjecture.cpp: the
// phases of one L; search/conjecture_cases.cpp: deciding single pairs (t, x), by search,
// by composition, or by counting). Internal to search/: callers use conjecture.hpp.
#pragma once
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "conjecture.hpp"

namespace blockcast::conjecture_run {

// One search of the run's shape for depth t: optimal I(t) (solve_exact) or every pruned
// tree with P-1 = f_t (solve_shape, profile and words together).
SearchResult search_shape(int L, int t, Shape shape, const SearchOptions& so);
bool out_of_time(const ConjectureOptions& opt);
// A search's limits cut to the time left before the command's deadline.
Limits within_deadline(Limits l, const ConjectureOptions& opt);

// One decided instance: verdict, witness and the method that produced them.
struct CaseResult {
  Verdict verdict = Verdict::unknown;
  std::optional<Assignment> witness;
  std::string method;
  std::string covered;
  SearchStats stats;
};

// One conjecture run for one latency L, phase by phase: the base-case scan over candidate
// windows (t0, x), the certificate and its induction check, the smaller t, and for shape
// pruned the delay table. The members are the run's state: the cases decided so far and
// the result being filled.
class ConjectureRun {
 public:
  ConjectureRun(int L, const ConjectureOptions& opt);
  ConjectureResult run();

 private:
  // Phases.
  void scan_base_cases();
  bool window_holds(int cand, Letter x);
  bool retry_open(std::vector<int>& open, Letter x);
  void lower_t0();
  bool window_settles(int cand, Letter x);
  Verdict settle(int t, Letter x);
  void select_minimality_evidence();
  void certify();
  void decide_smaller();
  void tabulate_pruned();
  DelayRow table_row(int t, const std::vector<Assignment>& chain);
  // Deciding one case.
  CaseResult decide(int t, std::optional<Letter> x, int level) const;
  std::optional<CaseResult> decide_constructive(int t, std::optional<Letter> x, int level,
                                                bool extendable = true) const;
  bool composed_case(int t, Letter x);
  const Assignment* back_case(int s, Letter x);
  // `settle`: tuning.settle_limits on one thread instead of the run's limits and threads.
  CaseResult decide_complete(int t, std::optional<Letter> x, bool settle = false) const;
  void effort(ConstructiveOptions& co, int level) const;
  CaseResult run_case(int t, std::optional<Letter> x, int level = 0);
  const CaseResult& decided_case(int t, Letter x, int level);
  void prefetch(int t, Letter x, int t_end);
  bool counted_out(int t, Letter x);
  void note_refutation(int t, Letter x, const CaseResult& r);
  void count(const SearchStats& stats);
  void progress(const std::string& what) const;
  double elapsed() const;

  const int L_;
  const ConjectureOptions& opt_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  const bool pruned_;
  const std::string tag_;
  const int t_max_;
  // A fully trimmed node with r0 <= L children becomes a leaf with letter L-1+r0 <= 2L-1,
  // so pruned trees have letters 0..2L-1 and any of them may be the receive-only letter.
  const Letter x_end_;
  // The constructive methods cover the optimal shape; pruned runs stay complete.
  const bool constructive_;
  // Effort levels of the constructive methods in the base-case scan beyond fallback_max_L:
  // a pair (t, x) first gets a cheap attempt; a window whose other cases all solve retries
  // its cheap failures with more tries and a larger ground-state budget (a failure only
  // says UNKNOWN, and one unlucky UNKNOWN would rule out L windows for that x).
  const bool levelled_;
  const int top_level_;
  const int workers_;
  const bool parallel_scan_;
  ConjectureResult res_;
  // S(t, x) (is I(t) solvable with receive-only x and an x-extendable root?) is decided at
  // most once per level; UNKNOWN pairs remember the highest level run.
  std::map<std::pair<int, Letter>, CaseResult> decided_;
  std::map<std::pair<int, Letter>, int> level_tried_;
  std::set<std::pair<int, Letter>> complete_tried_;  // pairs settle() gave the complete search
  std::map<int, Instance> instances_;
  std::map<std::pair<int, Letter>, bool> refuted_;
  // Solutions of I(s) with receive-only x and any root word (the t-L halves of
  // compositions), nullopt where the constructive methods found none.
  std::map<std::pair<int, Letter>, std::optional<Assignment>> backs_;
  const bool composing_;
  // How each pair found IMPOSSIBLE in the scan was refuted: the evidence that t0 is minimal.
  std::map<std::pair<int, Letter>, Refutation> refutations_;
  bool limit_hit_ = false;
  int t0_ = -1;
  Letter x0_ = 0;
};

}  // namespace blockcast::conjecture_run
