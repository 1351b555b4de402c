// k-item schedules from a continuous schedule: cut, endgame, Fig. 2 adjustment (see
// schedules.hpp; Karp et al. 1993 Sec. 3.1).
#include "kitem/schedules.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

#include "expand.hpp"
#include "kitem/balanced_packing.hpp"
#include "kitem/bounds.hpp"
#include "kitem/circulant.hpp"
#include "kitem/circulant_check.hpp"
#include "kitem/colored_endgame.hpp"
#include "kitem/endgame_tree.hpp"
#include "kitem/exact.hpp"
#include "kitem/routed_endgame.hpp"
#include "kitem/schedule_ops.hpp"
#include "kitem/single_item.hpp"
#include "kitem/stream_simulator.hpp"
#include "simulator.hpp"

namespace blockcast {

const KItemSchedule& KItemSchedules::best() const {
  const KItemSchedule* b = &schedules.front();
  for (const auto& s : schedules)
    if (s.simulated_ok && (!b->simulated_ok || s.time < b->time)) b = &s;
  return *b;
}

namespace {

// "items 0..m-1 kept, items m..k-1 on N <what>[; the receive-only processor takes turns ...]"
std::string endgame_how(std::int64_t k, int K, std::size_t trees, const std::string& what, const Rotation& rot) {
  auto span = [](std::int64_t a, std::int64_t b) {
    return a == b ? "item " + std::to_string(a) : "items " + std::to_string(a) + ".." + std::to_string(b);
  };
  std::string s = (k > K ? span(0, k - K - 1) + " kept, " : std::string()) + span(k - K, k - 1) + " on " +
                  std::to_string(trees) + " " + what;
  if (rot.g() >= 2)
    s += "; the receive-only processor takes turns with " + std::to_string(rot.g() - 1) + " r = 1 processor" +
         (rot.g() > 2 ? "s" : "");
  return s;
}

KItemSchedule entry(std::string name, std::string how, Schedule s) {
  KItemSchedule e;
  e.name = std::move(name), e.how = std::move(how);
  const SimulationResult sim = simulate(s);
  e.simulated_ok = sim.ok;
  e.violation = sim.ok ? "" : sim.violation.text;
  e.time = schedule_time(s);
  e.messages = static_cast<std::int64_t>(s.messages.size());
  e.schedule = std::move(s);
  return e;
}

// Streams the implicit schedule through the streaming simulator, step by step.
StreamResult stream_replay(const CirculantSchedule& c) {
  StreamSimulator sim(c.phase.P, 1, c.k);
  std::vector<std::uint8_t> has_last(static_cast<size_t>(c.phase.P), 0);
  std::vector<Message> batch;
  for (std::int64_t step = 0; step < c.time(); ++step) {
    circulant_step_messages(c, step, has_last, batch);
    if (!sim.feed(step, batch)) break;
  }
  return sim.finish();
}

// "items 0..N kept" / "no item kept": which items an endgame keeps from the cut schedule. A
// note saying "impossible" holds for that many kept items only, while another endgame in the
// same output may keep fewer and reach the time.
std::string kept_items(int keep) {
  return keep > 0 ? "items 0.." + std::to_string(keep - 1) + " kept" : std::string("no item kept");
}

// The smallest target from `from` to `below - 1` that the endgame completion reaches.
std::optional<KItemSchedule> best_endgame(const Schedule& base, int keep, int from, int below, const Limits& limits,
                                          const std::string& name, const std::string& prefix,
                                          std::vector<std::string>& notes) {
  for (int target = from; target < below; ++target) {
    EndgameResult r = complete_endgame(base, keep, target, limits);
    if (r.verdict == Verdict::solved)
      return entry(name, prefix + kept_items(keep) + ", items " + std::to_string(keep) + ".." +
                             std::to_string(base.items - 1) + " placed by SAT for time " + std::to_string(target),
                   std::move(*r.schedule));
    notes.push_back(name + " (" + kept_items(keep) + ") at time " + std::to_string(target) + ": " +
                    (r.verdict == Verdict::impossible ? "impossible (" : "undecided (") + r.detail + ")");
    if (r.verdict == Verdict::unknown) break;
  }
  return std::nullopt;
}

// The endgame without SAT for this k, on assignment a: the coloured virtual trees
// (search/kitem/colored_endgame.hpp), or their slots re-routed (search/kitem/routed_endgame.hpp);
// the plan's best (K, W). name: "colored-endgame" / "routed-endgame" on the cut schedule's
// assignment, "balanced-endgame" / "balanced-routed-endgame" on its repacking. beat: the best
// time so far (the routing searches only windows below it); a note when nothing is below it.
std::optional<KItemSchedule> endgame_entry(const Assignment& a, std::int64_t k, const Limits& limits,
                                           std::vector<std::string>& notes, const std::string& name, std::int64_t beat) {
  Limits l = limits;
  l.max_nodes = kColoringNodes;
  const int kstar = static_cast<int>(k_star(a.L, a.P));
  const int max_K = static_cast<int>(std::min<std::int64_t>(k, kstar + 4));
  const bool routed = name.find("routed") != std::string::npos;
  const int below = static_cast<int>(std::min<std::int64_t>(beat - k, std::numeric_limits<int>::max()));
  const EndgamePlan plan = routed ? routed_plan(a, max_K, 2, kRoutedAttempts, l, below) : endgame_plan(a, max_K, 2, l);
  const auto [time, K] = plan.time(k);
  if (K == 0) {
    notes.push_back(name + (routed ? ": no routing of the virtual trees' slots (" + std::to_string(kRoutedAttempts) + " attempts)"
                                   : ": no colouring of the virtual trees") +
                    " gives a time below " + std::to_string(beat) + " (K = 1.." + std::to_string(max_K) +
                    ", windows up to 2 above each bound)");
    return std::nullopt;
  }
  const EndgamePlan::Entry& e = plan.entries[static_cast<size_t>(K - 1)];
  const bool repacked = name.starts_with("balanced");
  const bool retrimmed = name.starts_with("retrimmed");
  const std::string what =
      std::string(routed ? "virtual trees' slots, re-routed step by step (attempt " + std::to_string(*e.routed) + ")"
                         : "coloured virtual trees") +
      (repacked    ? " of the continuous schedule repacked with every block's letter sum >= k* r (same delay, no SAT)"
       : retrimmed ? " of a continuous schedule (delay " + std::to_string(a.delay()) +
                         ") on the ties tree with 1-child nodes trimmed first, repacked with every block's letter sum"
                         " >= k* r (no SAT)"
                   : " (no SAT)");
  const std::size_t trees = static_cast<std::size_t>(*e.window - a.L + 1);
  return entry(name, endgame_how(k, K, trees, what, e.rotation), plan_schedule(a, plan, k));
}

// The ties trees chosen for the endgame (search/kitem/endgame_tree.hpp, both orders), each
// packed, repacked and routed; true once `reached` (kitem_schedules) is at the bound. One note
// says what each order gave otherwise.
template <class Reached>
bool retrimmed(const Assignment& a, int K, const Limits& limits, std::vector<std::string>& notes, Reached&& reached) {
  if (!endgame_profile(a.L, a.P, TrimOrder::largest_first)) {
    notes.push_back("retrimmed-routed-endgame: P - 1 = f_t, so there is no ties tree to choose");
    return false;
  }
  std::string said;
  for (TrimOrder order : trim_orders(a.L)) {
    if (limits.expired()) break;
    said += said.empty() ? "" : "; ";
    said += order == TrimOrder::largest_first ? "largest nodes first: " : "smallest nodes first: ";
    const std::optional<Assignment> t = endgame_tree_schedule(a.L, a.P, order, limits);
    if (!t) {
      said += "the constructive packing found no schedule";
      continue;
    }
    BalanceStats st;
    const std::optional<Assignment> b = balance_for_endgame(*t, K, limits, &st);
    if (!b) {
      said += st.impossible ? "no repacking exists" : "the repacking's local search found none";
      continue;
    }
    std::vector<std::string> ignored;
    if (reached("retrimmed-routed-endgame", *b, ignored)) return true;
    said += "repacked, no routing at the bound (" + std::to_string(kRoutedAttempts) + " attempts)";
  }
  notes.push_back("retrimmed-routed-endgame (the ties tree with 1-child nodes trimmed first): " + said);
  return false;
}

// The exact search over general schedules (kitem/exact.hpp), for the sizes it reaches: every
// time from the lower bound to best_time - 1. A schedule it finds is the optimum; a refutation
// of every such time proves best_time optimal. True when that settles the optimum.
bool exact_entry(const Assignment& a, std::int64_t k, std::int64_t best_time, const Limits& limits, KItemSchedules& out) {
  const KItemExact ex = kitem_exact(a.L, static_cast<int>(a.P), static_cast<int>(k), static_cast<int>(out.lower_bound),
                                    static_cast<int>(best_time) - 1, limits);
  if (ex.schedule) {
    out.schedules.push_back(entry("exact", "SAT over general schedules (no continuous phase), optimal: " + ex.proof, *ex.schedule));
    out.proved_optimal = true;
    return true;
  }
  for (const TimeAttempt& t : ex.attempts)
    out.notes.push_back("exact at time " + std::to_string(t.T) + ": " +
                        (t.verdict == Verdict::impossible ? "impossible (" : "undecided (") + t.detail + ")");
  if (ex.verdict != Verdict::impossible) return false;
  out.notes.push_back("exact: every time below " + std::to_string(best_time) + " refuted, so " + std::to_string(best_time) +
                      " is optimal");
  out.proved_optimal = true;
  return true;
}

}  // namespace

namespace {

// What stopped a method, from the notes it added and the limits: the deadline, the memory
// bound of a SAT model (exact.hpp kMaxSatMessageSlots) or the SAT model size; "" if none.
std::string stop_reason(const std::vector<std::string>& notes, std::size_t from, const Limits& limits) {
  if (limits.expired()) return "time limit reached";
  for (std::size_t i = from; i < notes.size(); ++i) {
    if (notes[i].find("memory bound") != std::string::npos) return "memory bound (SAT model not built)";
    if (notes[i].find("SAT model size") != std::string::npos) return "SAT model size (not attempted)";
    if (notes[i].find("undecided") != std::string::npos) return "SAT solve stopped";
  }
  return "";
}

// Runs one method f (which may add schedules and notes) and records it in out.attempts: its
// seconds, the time of the schedule it added, what stopped it. Returns what f returns.
template <class F>
auto attempt(KItemSchedules& out, std::string method, const Limits& limits, F&& f) {
  const auto start = Clock::now();
  const std::size_t schedules = out.schedules.size(), notes = out.notes.size();
  auto r = f();
  KItemAttempt at;
  at.method = std::move(method);
  at.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (out.schedules.size() > schedules) at.time = out.schedules.back().time;
  at.stopped = stop_reason(out.notes, notes, limits);
  out.attempts.push_back(std::move(at));
  return r;
}

// The balanced endgames (search/kitem/balanced_packing.hpp): the same letters repacked so that
// every processor meets k* virtual trees, in Hall's word order first, then in seeded random
// orders; true once at the bound. One note says what the word orders gave otherwise.
template <class Reached>
bool balanced(const Assignment& a, int K, const Limits& limits, KItemSchedules& out, Reached&& reached) {
  std::vector<std::string> ignored;  // one note below instead of one per word order
  std::uint64_t seed = 0;
  BalanceStats st;
  for (; seed < kBalanceSeeds && !limits.expired(); ++seed) {
    BalanceOptions bo;
    bo.seed = seed;
    const std::optional<Assignment> b = balance_for_endgame(a, K, limits, &st, bo);
    if (!b) break;  // the moves do not depend on the seed
    if (attempt(out, "balanced-endgame (word order " + std::to_string(seed) + ")", limits, [&] {
          return reached("balanced-endgame", *b, ignored) || reached("balanced-routed-endgame", *b, ignored);
        }))
      return true;
  }
  const std::string trees = std::to_string(K) + " virtual trees";
  out.notes.push_back(seed > 0 ? "balanced-endgame: " + std::to_string(seed) + " word orders of the repacking tried, none at the bound"
                      : st.impossible
                          ? "balanced-endgame: no repacking gives every processor " + trees +
                                " (none exists: its blocks with letters hold less letter sum than " + trees +
                                " each need; the r = 1 blocks' surplus cannot move)"
                          : "balanced-endgame: the repacking's local search found none that gives every processor " + trees);
  return false;
}

}  // namespace

KItemSchedules kitem_schedules(const Assignment& a, std::int64_t k, const Limits& limits, std::int64_t max_cells_for_sat) {
  KItemSchedules out;
  if (!kitem_constructions(a, k, limits, out)) kitem_sat_endgames(a, k, limits, out, max_cells_for_sat);
  return out;
}

bool kitem_constructions(const Assignment& a, std::int64_t k, const Limits& limits, KItemSchedules& out) {
  out.lower_bound = kitem_lower_bound(a.L, a.P, k);
  attempt(out, "cut", limits, [&] {
    out.schedules.push_back(entry("cut", "continuous schedule (delay " + std::to_string(a.delay()) + ") cut after " +
                                             std::to_string(k) + " items",
                                  expand_assignment(a, k)));
    return 0;
  });
  // L = 1: Traff's circulant schedule reaches the lower bound at every P and k, so
  // no endgame is needed once the simulator confirms it.
  if (a.L == 1) {
    attempt(out, "circulant", limits, [&] { return out.schedules.push_back(circulant_entry(a.P, k)), 0; });
    const KItemSchedule& t = out.schedules.back();
    if (t.simulated_ok && t.time <= out.lower_bound) return true;
  }
  if (!out.schedules.front().simulated_ok || out.schedules.front().time <= out.lower_bound) return true;
  if (k == 1) {  // one item: the optimal single-item tree from the source is the optimum
    attempt(out, "optimal-tree", limits, [&] {
      out.schedules.push_back(entry("optimal-tree", "the optimal single-item tree rooted at the source (every holder sends every step)",
                                    single_item_schedule(a.L, a.P)));
      return 0;
    });
    return true;
  }
  // The endgame without SAT, on the cut schedule's virtual trees (any P * k the expansion
  // holds): coloured, then re-routed.
  std::int64_t best_time = out.schedules.front().time;
  auto reached = [&](const std::string& name, const Assignment& on, std::vector<std::string>& notes) {
    if (auto e = endgame_entry(on, k, limits, notes, name, best_time); e && e->time < best_time) {
      best_time = e->time;
      out.schedules.push_back(std::move(*e));
      return out.schedules.back().simulated_ok && out.schedules.back().time <= out.lower_bound;
    }
    return false;
  };
  if (attempt(out, "colored-endgame", limits, [&] { return reached("colored-endgame", a, out.notes); }) ||
      attempt(out, "routed-endgame", limits, [&] { return reached("routed-endgame", a, out.notes); }))
    return true;
  const int K = endgame_items_at_bound(a.L, a.P);
  if (balanced(a, K, limits, out, reached)) return true;
  // The same on the ties tree chosen for the endgame (search/kitem/endgame_tree.hpp): no r = 1
  // blocks where P allows, whose surplus is what no repacking of this schedule can move.
  return attempt(out, "retrimmed-routed-endgame", limits, [&] { return retrimmed(a, K, limits, out.notes, reached); });
}

void kitem_sat_endgames(const Assignment& a, std::int64_t k, const Limits& limits, KItemSchedules& out,
                        std::int64_t max_cells_for_sat) {
  if (a.P * k > max_cells_for_sat) {
    out.notes.push_back("endgame not attempted: P*k = " + std::to_string(a.P * k) + " > " +
                        std::to_string(max_cells_for_sat) + " (SAT model size)");
    return;
  }
  const Schedule cut = out.schedules.front().schedule;  // a copy: the vector grows below
  const std::int64_t cut_time = out.schedules.front().time, best_time = out.best().time;
  const int keep = static_cast<int>(std::max<std::int64_t>(0, k - k_star(a.L, a.P)));
  const int lb = static_cast<int>(out.lower_bound);
  int below = static_cast<int>(cut_time);
  attempt(out, "endgame", limits, [&] {
    if (auto e = best_endgame(cut, keep, lb, below, limits, "endgame", "", out.notes)) {
      below = static_cast<int>(e->time);
      out.schedules.push_back(std::move(*e));
    }
    return 0;
  });
  if (below <= lb) return;
  // Fig. 2: the receive-only processor (last in the layout) alternates with another one.
  const int ro = static_cast<int>(a.P - 1);
  int tried = 0;
  for (int p = ro - 1; p >= 1 && tried < 8 && below > lb && !limits.expired(); --p) {
    Schedule alt = swap_in_items(cut, p, ro, 2, 1);
    alt.expected_delay = cut.expected_delay;
    if (!simulate(alt).ok) continue;
    ++tried;
    const std::string prefix = "P" + std::to_string(p) + " and P" + std::to_string(ro) +
                               " (receive-only) swap roles in odd items; ";
    attempt(out, "alternated+endgame (P" + std::to_string(p) + ")", limits, [&] {
      if (auto e = best_endgame(alt, keep, lb, below, limits, "alternated+endgame", prefix, out.notes)) {
        below = static_cast<int>(e->time);
        out.schedules.push_back(std::move(*e));
      }
      return 0;
    });
  }
  // Still above the bound: keep one or two items fewer of the cut schedule (a longer
  // endgame), at the lower bound only.
  for (int fewer = keep - 1; fewer >= std::max(0, keep - 2) && below > lb && !limits.expired(); --fewer)
    attempt(out, "longer-endgame (" + kept_items(fewer) + ")", limits, [&] {
      EndgameResult r = complete_endgame(cut, fewer, lb, limits);
      if (r.verdict == Verdict::solved) {
        out.schedules.push_back(entry("longer-endgame",
                                      kept_items(fewer) + ", items " + std::to_string(fewer) + ".." + std::to_string(k - 1) +
                                          " placed by SAT for time " + std::to_string(lb),
                                      std::move(*r.schedule)));
        below = lb;
      } else {
        out.notes.push_back("longer-endgame (" + kept_items(fewer) + ") at time " + std::to_string(lb) + ": " +
                            (r.verdict == Verdict::impossible ? "impossible (" : "undecided (") + r.detail + ")");
      }
      return 0;
    });
  // Still above the bound at a small size: the exact search, last (before it, it cost 20 s at
  // L = 7, P = 22, k = 2, where the endgame without kept items takes 1 s; after them it finds
  // what they cannot, e.g. L = 4, P = 4, k = 7 at the bound, or proves the best optimal).
  if (const std::int64_t best = std::min<std::int64_t>(below, best_time);
      best > lb && exact_reach(a.P, k) && !limits.expired() &&
      attempt(out, "exact", limits, [&] { return exact_entry(a, k, best, limits, out); }))
    return;
  // A schedule above the bound is proved optimal only by refutations, and the deadline may have
  // cut them short (a solve stopped, or not tried).
  out.time_limit_hit = limits.expired() && out.best().time > out.lower_bound;
}

KItemSchedule circulant_entry(std::int64_t P, std::int64_t k, std::int64_t explicit_limit) {
  CirculantSchedule c = circulant_implicit(P, k);
  KItemSchedule e;
  e.name = "circulant";
  e.how = "Traff's circulant graph: skips " + std::to_string(P) + ", ceil(half), ..., 1; " + std::to_string(c.phase.q) +
          " rounds per phase, k - 1 + ceil(log2 P) steps";
  e.messages = c.messages();
  e.schedule.P = P, e.schedule.L = 1, e.schedule.items = static_cast<std::int32_t>(k);
  if (auto bad = check_circulant_phase(c.phase)) {
    e.violation = "structural check: " + *bad;
    return e;
  }
  e.time = c.time();
  if (P > kStreamLimit / k) {
    e.checks = "not simulated (P*k > 10^8), structurally checked";
  } else {
    const StreamResult r = stream_replay(c);
    if (!r.ok || r.messages != c.messages() || r.last_step != c.time()) {
      e.violation = "streaming replay: " + (r.ok ? std::to_string(r.messages) + " messages, last reception step " +
                                                       std::to_string(r.last_step) + " (expected " +
                                                       std::to_string(c.messages()) + ", " + std::to_string(c.time()) + ")"
                                                 : r.violation);
      return e;
    }
    e.checks = "structurally checked, streaming replay ok";
  }
  if (P - 1 <= explicit_limit / k) {
    KItemSchedule x = entry(e.name, e.how, circulant_schedule(P, k));
    x.checks = e.checks + "; explicit replay " + (x.simulated_ok ? "ok" : "FAILS");
    if (!x.simulated_ok) x.violation = "explicit replay: " + x.violation;
    x.implicit = std::move(c);
    if (x.simulated_ok && x.time != x.implicit->time()) x.simulated_ok = false, x.violation = "explicit replay: time differs";
    return x;
  }
  e.implicit = std::move(c);
  e.simulated_ok = true;
  return e;
}

KItemSchedules circulant_schedules(std::int64_t P, std::int64_t k) {
  KItemSchedules out;
  out.lower_bound = kitem_lower_bound(1, P, k);
  out.schedules.push_back(circulant_entry(P, k));
  return out;
}

BestSchedule best_continuous(int L, std::int64_t P, const Limits& limits) {
  SearchOptions o;
  o.threads = 1;
  o.limits.time_limit = limits.time_limit;
  o.limits.deadline = limits.deadline;
  return best_schedule(L, P, o);
}

}  // namespace blockcast
