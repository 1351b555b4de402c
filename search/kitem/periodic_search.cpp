// Periodic and finite-window searches for continuous broadcast (see periodic_search.hpp).
#include "kitem/periodic_search.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "checked.hpp"
#include "kitem/anyform_cnf.hpp"
#include "schedule_json.hpp"
#include "simulator.hpp"

namespace blockcast {

namespace {

// The CNF of one search, built under the limits' deadline; nullopt when the deadline passed
// while the clauses were added (UNKNOWN, never a verdict).
template <class Model, class... Args>
std::optional<Model> build_continuous_model(const Limits& limits, Args&&... args) {
  try {
    return std::optional<Model>(std::in_place, std::forward<Args>(args)..., limits.deadline);
  } catch (const sat::EncodingStopped&) {
    return std::nullopt;
  }
}

// A SOLVED periodic pattern: checked as a pattern, replayed by the simulator for several periods.
std::string check_solved_pattern(const sat::PeriodicSchedule& ps, int D) {
  const int N = 4 * ps.period + D + 2;  // past the start-up, several full periods
  if (auto err = check_periodic(ps)) throw std::logic_error("periodic: decoded pattern fails its check: " + *err);
  const SimulationResult sim = simulate(expand_periodic(ps, N));
  if (!sim.ok) throw std::logic_error("periodic: decoded schedule fails the simulator: " + sim.violation.text);
  if (sim.max_delay > D) throw std::logic_error("periodic: decoded schedule has delay above D");
  bool source_at_release = true;  // SPEC Sec. 2: the source sends item i at step i, once
  for (const auto& m : ps.messages) source_at_release = source_at_release && (m.sender != 0 || m.offset == 0);
  return "SAT; " + std::to_string(N) + " items simulated, max delay " + std::to_string(sim.max_delay) +
         (source_at_release ? "; the source sends item i at step i" : "; the source delays some items");
}

void copy_checked_answer(PeriodicOutcome& r, const CheckedAnswer& a) {
  r.verdict = a.verdict, r.detail = a.detail, r.vars = a.vars, r.clauses = a.clauses, r.seconds = a.seconds;
}

}  // namespace

PeriodicOutcome periodic_search(int L, int P, int D, int period, const Limits& limits, ContinuousModel model) {
  PeriodicOutcome r;
  r.L = L, r.P = P, r.D = D, r.period = period;
  std::optional<sat::PeriodicSchedule> ps;
  if (model == ContinuousModel::pairs) {
    const auto enc = build_continuous_model<sat::PeriodicCnf>(limits, L, P, period, D);
    if (!enc) return r.detail = sat::kEncodingStopped, r;
    const CheckedAnswer a = decide_checked(enc->cnf(), limits);
    copy_checked_answer(r, a);
    if (a.verdict == Verdict::solved) ps = enc->decode(a.sat);
  } else {
    const auto enc = build_continuous_model<sat::AnyformCnf>(limits, L, P, D, period, 0);
    if (!enc) return r.detail = sat::kEncodingStopped, r;
    const CheckedAnswer a = decide_checked(enc->cnf(), limits);
    copy_checked_answer(r, a);
    if (a.verdict == Verdict::solved) ps = enc->decode_periodic(a.sat);
  }
  if (ps) r.detail = check_solved_pattern(*ps, D), r.schedule = std::move(ps);
  return r;
}

PeriodicOutcome window_search(int L, int P, int D, int N, bool strict, const Limits& limits, ContinuousModel model) {
  if (model == ContinuousModel::counting && !strict) throw std::invalid_argument("window_search: counting needs strict");
  PeriodicOutcome r;
  r.L = L, r.P = P, r.D = D, r.window = N;
  std::optional<Schedule> fit;
  if (model == ContinuousModel::pairs) {
    const auto enc = build_continuous_model<sat::KItemCnf>(limits, sat::continuous_window_problem(L, P, N, D, strict));
    if (!enc) return r.detail = sat::kEncodingStopped, r;
    const CheckedAnswer a = decide_checked(enc->cnf(), limits);
    copy_checked_answer(r, a);
    if (a.verdict == Verdict::solved) fit = enc->decode(a.sat);
  } else {
    const auto enc = build_continuous_model<sat::AnyformCnf>(limits, L, P, D, 0, N);
    if (!enc) return r.detail = sat::kEncodingStopped, r;
    const CheckedAnswer a = decide_checked(enc->cnf(), limits);
    copy_checked_answer(r, a);
    if (a.verdict == Verdict::solved) fit = enc->decode_window(a.sat);
  }
  if (fit) {
    const SimulationResult sim = simulate(*fit);
    if (!sim.ok) throw std::logic_error("window: decoded schedule fails the simulator: " + sim.violation.text);
    if (sim.max_delay > D) throw std::logic_error("window: decoded schedule has delay above D");
    r.detail = std::string("SAT (the window fits; not a continuous schedule by itself)") +
               (strict ? "; source: item i once at step i" : "; source: any held item, copies allowed");
  }
  return r;
}

const PeriodicOutcome* PeriodScan::found() const {
  for (const auto& o : periods)
    if (o.verdict == Verdict::solved) return &o;
  return nullptr;
}

Verdict PeriodScan::verdict() const {
  if (found()) return Verdict::solved;
  const bool all_refuted = static_cast<int>(periods.size()) == last - first + 1 &&
                           std::all_of(periods.begin(), periods.end(), [](const PeriodicOutcome& o) { return o.verdict == Verdict::impossible; });
  return all_refuted ? Verdict::impossible : Verdict::unknown;
}

namespace {
std::string period_list(const std::vector<int>& ps) {  // "1..3", "2", "1, 3..4"
  std::string s;
  for (std::size_t i = 0; i < ps.size();) {
    std::size_t j = i;
    while (j + 1 < ps.size() && ps[j + 1] == ps[j] + 1) ++j;
    s += (s.empty() ? "" : ", ") + std::to_string(ps[i]) + (j > i ? ".." + std::to_string(ps[j]) : "");
    i = j + 1;
  }
  return s;
}

std::string named(const std::vector<int>& ps) {  // "period 2", "periods 1..3"
  return std::string(ps.size() > 1 ? "periods " : "period ") + period_list(ps);
}

// The periods of the range refuted (verified proofs) and those left open (a limit, or not searched).
std::pair<std::vector<int>, std::vector<int>> refuted_and_open(const PeriodScan& scan) {
  std::vector<int> refuted, open;
  for (const auto& o : scan.periods) (o.verdict == Verdict::impossible ? refuted : open).push_back(o.period);
  for (int p = scan.first + static_cast<int>(scan.periods.size()); p <= scan.last; ++p) open.push_back(p);
  return {refuted, open};
}
}  // namespace

std::string PeriodScan::summary() const {
  if (const PeriodicOutcome* f = found())
    return "a schedule of period " + std::to_string(f->period) + " reaches delay " + std::to_string(D);
  const auto [refuted, open] = refuted_and_open(*this);
  std::string s;
  if (!refuted.empty()) s = named(refuted) + " refuted (DRAT proofs verified)";
  if (!open.empty()) s += (s.empty() ? "" : ", ") + named(open) + " undecided (limit)";
  return s;
}

std::string PeriodScan::brief() const {
  if (const PeriodicOutcome* f = found()) return "period " + std::to_string(f->period) + " reaches L+t";
  const auto [refuted, open] = refuted_and_open(*this);
  if (open.empty()) return named(refuted) + " refuted";
  if (refuted.empty()) return named(open) + " open";
  return named(refuted) + " refuted, " + period_list(open) + " open";
}

PeriodScan scan_periods(int L, int P, int D, int first, int last, const Limits& limits, bool all) {
  if (first < 1 || first > last) throw InputError("periods " + std::to_string(first) + ".." + std::to_string(last) + ": need 1 <= A <= B");
  PeriodScan scan{L, P, D, first, last, {}};
  for (int p = first; p <= last; ++p) {
    PeriodicOutcome o;
    if (limits.expired()) {
      o.L = L, o.P = P, o.D = D, o.period = p;
      o.detail = "not searched: time limit reached";
    } else {
      o = periodic_search(L, P, D, p, limits);
    }
    scan.periods.push_back(std::move(o));
    if (!all && scan.periods.back().verdict == Verdict::solved) break;
  }
  return scan;
}

std::optional<PeriodScan> beyond_block_cyclic(int L, std::int64_t P, std::int64_t lower_bound,
                                              std::optional<std::int64_t> block_cyclic_delay,
                                              int first, int last, const Limits& limits) {
  if ((block_cyclic_delay && *block_cyclic_delay <= lower_bound) || P > kPeriodicMaxP) return std::nullopt;
  return scan_periods(L, static_cast<int>(P), static_cast<int>(lower_bound), first, last, limits);
}

void search_periodic_cells(std::vector<Cell>& cells, int first, int last, const Limits& limits, double seconds,
                           int threads) {
  std::vector<Cell*> above;
  for (auto& c : cells)
    if (c.found() && !c.optimal() && c.P <= kPeriodicMaxP) above.push_back(&c);
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, above.size(), [&](std::size_t i) {
      Cell& c = *above[i];
      const PeriodScan scan =
          scan_periods(c.L, static_cast<int>(c.P), static_cast<int>(c.lower_bound), first, last, sub_budget(limits, seconds));
      c.periodic = scan.brief();
      c.periodic_at_bound = scan.found() != nullptr;
    }, tbb::simple_partitioner());
  });
}

nlohmann::json to_json(const PeriodicOutcome& o) {
  nlohmann::json e{{"search", o.window == 0 ? "periodic" : "window"}, {"verdict", to_string(o.verdict)},
                   {"detail", o.detail}, {"vars", o.vars}, {"clauses", o.clauses}, {"seconds", o.seconds}};
  if (o.window == 0)
    e["period"] = o.period;
  else
    e["items"] = o.window;
  if (o.schedule) {
    nlohmann::json m = nlohmann::json::array();
    for (const auto& x : o.schedule->messages) m.push_back({x.sender, x.receiver, x.item_class, x.offset});
    e["messages_sender_receiver_class_offset"] = m;
  }
  return e;
}

nlohmann::json to_json(const PeriodScan& scan) {
  nlohmann::json j{{"L", scan.L}, {"P", scan.P}, {"delay", scan.D},
                   {"periods", std::to_string(scan.first) + ".." + std::to_string(scan.last)},
                   {"verdict", to_string(scan.verdict())}, {"summary", scan.summary()},
                   {"results", nlohmann::json::array()}};
  for (const auto& o : scan.periods) j["results"].push_back(to_json(o));
  // The pattern (blockcast-periodic-schedule), which check/simulate/export/draw expand to any
  // number of items.
  if (const PeriodicOutcome* f = scan.found()) j["schedule"] = to_json(*f->schedule);
  return j;
}

}  // namespace blockcast
