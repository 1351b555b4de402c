// Is delay D reachable by a continuous schedule that is not block-cyclic? (issue 15; paper
// 000 Sec. 3.3 remark: no block-cyclic schedule reaches L + t for L = 4, t = 8; Thm 3.4 for
// L = 2.) Two SAT searches over general schedules, each answer checked:
//  - periodic_search: every schedule of period p (search/kitem/periodic_cnf.hpp). SOLVED comes
//    with the schedule expanded to several periods and replayed by the simulator (every item's
//    delay <= D); IMPOSSIBLE (DRAT-verified) speaks only about period p.
//  - window_search: the first N items of ANY continuous schedule (periodic or not). strict:
//    the source sends item i once, at step i (SPEC Sec. 2), so UNSAT proves that no
//    continuous schedule of that model has delay <= D; not strict: the source may send any
//    item it holds, any number of times (a weaker relaxation, UNSAT then covers every source
//    behaviour). SOLVED only says the window fits; it is not a continuous schedule.
#pragma once
#include <optional>
#include <string>

#include "kitem/exact.hpp"
#include "kitem/periodic_cnf.hpp"

namespace blockcast {

struct PeriodicOutcome {
  int L = 0, P = 0, D = 0, period = 0, window = 0;  // window: N items (window_search)
  Verdict verdict = Verdict::unknown;
  std::optional<sat::PeriodicSchedule> schedule;   // periodic_search, SOLVED
  std::string detail;                               // solver / proof / simulation line
  int vars = 0;
  std::int64_t clauses = 0;
  double seconds = 0;
};

PeriodicOutcome periodic_search(int L, int P, int D, int period, const Limits& limits = {});
PeriodicOutcome window_search(int L, int P, int D, int N, bool strict = true, const Limits& limits = {});

}  // namespace blockcast
