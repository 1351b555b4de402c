// `blockcast solve`: decide one instance I(t) (`--t`), or `--P N` (SPEC Sec. 6; a list or
// range of P gives one answer per P) asks for the best delay for N processors: L+t on the optimal or ties tree, else L+t+1 on
// a pruned tree (search/best_schedule.hpp); `--shape` forces one shape. Exit codes:
// docs/exit-codes.md (0 SOLVED, 4 IMPOSSIBLE, 5 UNKNOWN; over several P the worst).
#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>

#include "assignment_json.hpp"
#include "everyp/best_schedule.hpp"
#include "commands.hpp"
#include "everyp/trim_search.hpp"
#include "kitem/periodic_search.hpp"
#include "progress.hpp"
#include "render.hpp"
#include "search_args.hpp"
#include "witness.hpp"

namespace blockcast::cli {

namespace {
void print_assignment(const Assignment& a) {
  for (const auto& b : a.blocks)
    std::cout << "  block r=" << b.r << " u=" << b.u << " x" << b.count << "  word '" << word_string(b.word) << "'\n";
  std::cout << "  receive-only " << letter_name(a.receive_only) << "\n";
}

// Text form of `solve --P`: the achieved delay on a line of its own first (scripts grep
// for it), then the shape, every verdict tried, the reason and the witness.
void print_best(const BestSchedule& b, bool stats) {
  std::cout << "delay " << (b.delay ? std::to_string(*b.delay) : std::string("none")) << "\n";
  std::cout << "shape " << (b.shape ? shape_name(*b.shape) : std::string("none")) << "\n";
  std::cout << "L " << b.L << "  P " << b.P << "  t " << b.t << "  lower bound L+t = " << b.lower_bound << "\n";
  if (!b.at_lower_bound()) std::cout << "optimal delay " << b.lower_bound << ": not searched\n";
  for (const auto& a : b.attempts) {
    std::cout << (a.delay == b.lower_bound ? "optimal delay " : "delay ") << a.delay << " (" << shape_name(a.shape)
              << ", " << a.removed << " leaves removed from T_" << a.T << "): " << verdict_name(a.verdict) << "  "
              << a.covered << "\n";
    if (stats) std::cout << "  stats " << a.stats.json().dump() << "\n";
  }
  if (!b.reason.empty()) std::cout << "reason: " << b.reason << "\n";
  if (b.deadline_hit && b.witness && !b.optimal())
    std::cout << "time limit reached: delay " << *b.delay << " is the best found, not proved optimal\n";
  if (b.witness) {
    print_assignment(*b.witness);
    std::cout << "verification: " << b.verification << "\n";
  }
}

// `solve --P` found no schedule: IMPOSSIBLE only if every delay it tried was proved
// impossible, else a limit stopped it (UNKNOWN).
Verdict no_schedule_verdict(const BestSchedule& b) {
  for (const auto& a : b.attempts)
    if (a.verdict != Verdict::impossible) return Verdict::unknown;
  return b.attempts.empty() ? Verdict::unknown : Verdict::impossible;
}

// Beyond block-cyclic: the periodic search's line and the best of any form.
void print_beyond(const BestSchedule& b, const PeriodScan& scan) {
  std::cout << "periodic schedules at delay " << scan.D << " (periods " << scan.first << ".." << scan.last
            << "): " << scan.summary() << "\n";
  const std::string block_cyclic = b.delay ? "delay " + std::to_string(*b.delay) + ", " + shape_name(*b.shape) : "none";
  if (const PeriodicOutcome* f = scan.found())
    std::cout << "best of any form: delay " << scan.D << " (periodic, period " << f->period << "; block-cyclic: " << block_cyclic
              << ")\n  verification: " << f->detail << "\n";
  else
    std::cout << "best of any form: " << (b.delay ? "delay " + std::to_string(*b.delay) + " (block-cyclic)" : "none") << "\n";
}

nlohmann::json beyond_json(const BestSchedule& b, const PeriodScan& scan) {
  nlohmann::json best{{"form", "block-cyclic"}, {"delay", b.delay ? nlohmann::json(*b.delay) : nlohmann::json()}};
  if (const PeriodicOutcome* f = scan.found()) best = {{"form", "periodic"}, {"delay", scan.D}, {"period", f->period}};
  return {{"periodic", to_json(scan)}, {"best", best}};
}

// The outcome of `solve --P`: SOLVED with a schedule, else why not. The schedule sits under
// "schedule" (an assignment file of its own), the search's fields beside it.
Outcome best_outcome(const BestSchedule& b, double seconds) {
  // The deadline cut a search short: a schedule above the bound is only the best found (exit 5).
  const Status st = b.witness && !(b.deadline_hit && !b.optimal()) ? Status::solved
                    : b.witness                                  ? Status::unknown
                                                                 : status_of(no_schedule_verdict(b));
  Outcome out{"blockcast-solve", st, b.reason, seconds,
              nlohmann::json(), to_json(b, false)};
  out.payload.erase("reason");
  if (b.witness) out.payload["schedule"] = to_json(*b.witness);
  return out;
}

}  // namespace

void register_solve(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0;  // required (the options table): no default
    IntList P;
    std::string shape;
    std::string receive_only;
    bool extendable = false, no_periodic = false;
    double period_time_limit = 0;
    IntList periods;
    SearchArgs search;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("solve", "the best schedule for P processors (--P), or decide one instance I(t) (--t)");
  add(sub, "L", a->L);
  auto* t_opt = add(sub, "t", a->t);
  auto* P_opt = add(sub, "P", a->P);
  auto* shape_opt = add(sub, "shape", a->shape);
  add(sub, "receive-only", a->receive_only);
  add(sub, "extendable", a->extendable);
  add(sub, "period", a->periods);
  add(sub, "no-periodic", a->no_periodic);
  add(sub, "period-time-limit", a->period_time_limit);
  a->search.add(sub);
  sub->callback([a, t_opt, P_opt, shape_opt, &inv] {
    SearchOptions o = a->search.options();
    if (!a->receive_only.empty()) o.receive_only = receive_only_letter(a->receive_only, a->L, a->L);  // both paths
    if (P_opt->count() && t_opt->count())
      throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
    if (shape_opt->count() && !P_opt->count()) throw InputError("--shape needs --P (--t always means the optimal tree)");
    o.extendable = a->extendable;
    if (P_opt->count()) {
      // A plain value and a flag, not std::optional: GCC 12 -O3 warns maybe-uninitialized on the optional here.
      const bool forced = shape_opt->count() > 0;
      const Shape shape = forced ? parse_shape(a->shape) : Shape::optimal;
      Status worst = Status::solved;
      const std::vector<i64> Ps = a->P.values("P", 100'000);
      nlohmann::json results = nlohmann::json::array();  // several P: one envelope, one entry per P
      Progress bar;  // stderr, only when it is a terminal
      for (std::size_t n = 0; n < Ps.size(); ++n) {
        const i64 P = Ps[n];
        const auto start = std::chrono::steady_clock::now();
        Ticker tick(bar, "solve L=" + std::to_string(a->L) + " P=" + std::to_string(P) +
                             (Ps.size() > 1 ? " (" + std::to_string(n + 1) + " of " + std::to_string(Ps.size()) + ")" : ""),
                    Ps.size() == 1 ? a->search.time_limit : 0);  // the deadline is the command's, not this P's
        const BestSchedule b = forced ? schedule_for_shape(a->L, P, shape, o) : best_schedule(a->L, P, o);
        std::optional<PeriodScan> beyond;
        if (!forced && !a->no_periodic) {
          tick.set("solve L=" + std::to_string(a->L) + " P=" + std::to_string(P) + ": periodic schedules");
          const auto [first, last] = a->periods.parts.front();
          Limits limits = sub_budget(Limits{}, a->period_time_limit);
          limits.deadline = std::min(limits.deadline, o.limits.deadline);  // the command's --time-limit
          beyond = beyond_block_cyclic(a->L, P, b.lower_bound, b.delay, static_cast<int>(first), static_cast<int>(last), limits);
        }
        tick.stop();  // before the result goes to stdout
        Outcome out = best_outcome(b, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (beyond) out.payload.update(beyond_json(b, *beyond));
        worst = worse(worst, out.verdict);
        if (!a->search.json) {
          print_best(b, a->search.stats);
          if (beyond) print_beyond(b, *beyond);
        }
        else if (Ps.size() == 1)
          print_json(inv, out);
        else
          results.push_back(to_json(out, ""));
      }
      if (a->search.json && Ps.size() > 1)
        print_json(inv, {"blockcast-solve", worst, "", std::nullopt, nlohmann::json(), {{"results", results}}});
      exit_with(worst);
      return;
    }
    Instance I = optimal_instance(a->L, a->t);
    Progress bar;  // stderr, only when it is a terminal
    SearchResult r = [&] {
      Ticker tick(bar, "solve L=" + std::to_string(a->L) + " t=" + std::to_string(a->t), a->search.time_limit);
      return solve_exact(I, o);
    }();
    std::string sim;
    if (r.witness) sim = simulate_witness(*r.witness);
    if (a->search.json) {
      Outcome out{"blockcast-solve", status_of(r.verdict), r.covered, r.stats.seconds,
                  a->search.stats ? r.stats.json() : nlohmann::json(), nlohmann::json::object()};
      out.payload = {{"L", I.L}, {"t", I.t}, {"P", I.P}, {"delay", I.delay()}, {"mode", r.mode}};
      if (r.witness) {
        out.payload["schedule"] = to_json(*r.witness);
        out.payload["verification"] = "symbolic check passed; " + sim;
      }
      print_json(inv, out);
    } else {
      std::cout << verdict_name(r.verdict) << "\n";
      std::cout << "L " << I.L << "  t " << I.t << "  P " << I.P << "  delay L+t " << I.delay() << "  mode " << r.mode
                << "\n" << r.covered << "\n";
      if (r.witness) {
        print_assignment(*r.witness);
        std::cout << "verification: symbolic check passed; " << sim << "\n";
      }
      if (a->search.stats) std::cout << "stats " << r.stats.json().dump() << "\n";
    }
    exit_with(status_of(r.verdict));
  });
}

}  // namespace blockcast::cli
