// Is delay D reachable by a continuous schedule that is not block-cyclic? (paper
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
//  - scan_periods: periodic_search for each period of a range, in order, under one Limits
//   : what continuous-search, `solve --P` and `table --period` run.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "everyp/every_p.hpp"
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

// Which CNF a search builds: `pairs`, one variable per (sender, receiver, item, step)
// (periodic_cnf.hpp, kitem_cnf.hpp); `counting`, per (processor, item, offset) with counts per
// (item, offset) (anyform_cnf.hpp: about P times fewer variables, the source as SPEC Sec. 2 has
// it, processors in lexicographic order). Same question, same checks of every answer.
enum class ContinuousModel { pairs, counting };

PeriodicOutcome periodic_search(int L, int P, int D, int period, const Limits& limits = {},
                                ContinuousModel model = ContinuousModel::pairs);

// Every period of first..last at delay D, smallest first; a period the limits do not reach
// is UNKNOWN "not searched". Stops at the first SOLVED period unless `all` (continuous-search
// shows every period). IMPOSSIBLE only for a period whose UNSAT proof was verified.
struct PeriodScan {
  int L = 0, P = 0, D = 0, first = 0, last = 0;
  std::vector<PeriodicOutcome> periods;  // in order; ends at the first SOLVED one unless `all`
  const PeriodicOutcome* found() const;  // the first SOLVED period, if any
  // SOLVED if some period reaches D, IMPOSSIBLE if every period of the range is refuted.
  Verdict verdict() const;
  // One line: "period 4 reaches delay 8" or "periods 1..3 refuted (verified DRAT proofs),
  // 4..6 undecided (time limit)".
  std::string summary() const;
  // The same for a table column: "period 4 reaches L+t", "periods 1..6 refuted",
  // "periods 1..3 refuted, 4..6 open".
  std::string brief() const;
};
PeriodScan scan_periods(int L, int P, int D, int first, int last, const Limits& limits, bool all = false);

// Processors the periodic searches take (the CNF has about P^2 * period * D variables).
inline constexpr int kPeriodicMaxP = 256;

// `solve --P` and `table --period`: when the best block-cyclic delay is
// above the lower bound L + B(P-1), scan the periods first..last at the bound. Nothing when
// the block-cyclic schedule reaches the bound or P > kPeriodicMaxP.
std::optional<PeriodScan> beyond_block_cyclic(int L, std::int64_t P, std::int64_t lower_bound,
                                              std::optional<std::int64_t> block_cyclic_delay,
                                              int first, int last, const Limits& limits);

// `table --period`: every cell above its lower bound with P <= kPeriodicMaxP gets a scan of
// first..last at L + t, at most `seconds` each and all before limits' deadline, on `threads`
// threads (0 = all cores); its brief goes to Cell::periodic.
void search_periodic_cells(std::vector<Cell>& cells, int first, int last, const Limits& limits, double seconds,
                           int threads);

// One search: {"search": "periodic" | "window", "verdict", "detail", "vars", "clauses",
// "seconds", "period" | "items", and a SOLVED period's "messages_sender_receiver_class_offset"}.
nlohmann::json to_json(const PeriodicOutcome& o);

// {"L", "P", "delay", "periods": "A..B", "verdict", "summary", "results": [per period],
// "schedule": the first SOLVED period's pattern, blockcast-periodic-schedule}
nlohmann::json to_json(const PeriodScan& scan);
// model `counting` needs strict (std::invalid_argument otherwise).
PeriodicOutcome window_search(int L, int P, int D, int N, bool strict = true, const Limits& limits = {},
                              ContinuousModel model = ContinuousModel::pairs);

}  // namespace blockcast
