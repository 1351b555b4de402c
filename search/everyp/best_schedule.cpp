// Best block-cyclic delay per P (see best_schedule.hpp; SPEC Sec. 2 and 6).
#include "everyp/best_schedule.hpp"

#include <stdexcept>

#include "assignment_json.hpp"
#include "everyp/every_p.hpp"
#include "postal.hpp"
#include "witness.hpp"

namespace blockcast {

namespace {

std::string num(i64 v) { return std::to_string(v); }

// The trees an attempt was about, in words (for verdict lines and reasons).
std::string trees_text(const ShapeAttempt& a) {
  switch (a.shape) {
    case Shape::optimal: return "the optimal tree T_" + num(a.T);
    case Shape::ties:
      return a.removed == 0 ? "the optimal tree T_" + num(a.T)
                            : "every ties tree (T_" + num(a.T) + " minus " + num(a.removed) + " label-" + num(a.T) +
                                  " leaves)";
    case Shape::pruned:
      return "every pruned tree (T_" + num(a.T) + " minus " + num(a.removed) + " trailing leaves)";
  }
  return "?";
}

// "delay L+t = 7 proved impossible ..." / "... undecided ..." for an attempt that is not
// SOLVED. `name` is "L+t" or "L+t+1". UNKNOWN never reads as a proof.
std::string failure_text(const ShapeAttempt& a, const std::string& name, const SearchOptions& opt) {
  std::string constraints;
  if (opt.receive_only) constraints += ", receive-only " + letter_name(*opt.receive_only);
  if (opt.extendable) constraints += ", root extendable";
  if (a.verdict == Verdict::impossible)
    return "delay " + name + " = " + num(a.delay) + " proved impossible for block-cyclic schedules on " +
           trees_text(a) + constraints + " (" +
           (a.covered.rfind("complete search", 0) == 0 || a.mode == "counting" ? a.covered : "complete search: " + a.covered) + ")";
  return "delay " + name + " = " + num(a.delay) + " undecided on " + trees_text(a) + constraints + " (" +
         a.covered + ")";
}

ShapeAttempt attempt(const TreeSpec& spec, const SearchOptions& opt, std::optional<Assignment>& witness) {
  SearchResult r = solve_shape(spec, opt);
  ShapeAttempt a;
  a.shape = spec.shape;
  a.T = spec.T;
  a.delay = spec.delay();
  a.removed = spec.removed;
  a.verdict = r.verdict;
  a.mode = r.mode;
  a.covered = r.covered;
  a.stats = r.stats;
  if (r.verdict == Verdict::solved) {
    if (!r.witness) throw std::logic_error("solve_shape: SOLVED without a witness");
    witness = std::move(r.witness);
  }
  return a;
}

// The witness is checked again here, independently of the search that built it: against
// the instance it claims (which re-derives the trimmed tree from P and the shape rules),
// its delay against the attempt's, and by the simulator when that is cheap enough.
std::string verify(const Assignment& w, const ShapeAttempt& a, i64 simulate_events) {
  std::optional<std::string> err;
  try {
    err = check_assignment(claimed_instance(w), w);
  } catch (const InputError& e) {
    err = e.what();
  }
  if (err) throw std::logic_error("witness of the " + shape_name(a.shape) + " search fails the checker: " + *err);
  if (w.delay() != a.delay)
    throw std::logic_error("witness delay " + num(w.delay()) + " differs from the searched delay " + num(a.delay));
  return "symbolic check passed; " +
         (simulate_events > 0 ? simulate_witness(w, simulate_events) : std::string("not simulated (disabled)"));
}

// The lower bound by the constructive packing, before any search. A witness is
// a schedule of delay L+t, which no schedule beats: SOLVED and optimal. Its failure proves
// nothing, so nothing is recorded then. Not with a forced receive-only letter or root.
std::optional<ShapeAttempt> fast_attempt(int L, i64 P, const SearchOptions& opt, std::optional<Assignment>& w) {
  if (opt.receive_only || opt.extendable || opt.limits.expired()) return std::nullopt;
  const int t = broadcast_depth(L, P - 1);
  if (t < L) return std::nullopt;  // P = 2: the tree is the root alone, the search decides at once
  Tuning tu = opt.tuning;
  tu.probe_nodes = 0;
  std::string method;
  auto a = constructive_pruned(L, P, t, opt.tuning.fast_tries, tu, opt.limits.deadline, &method);
  if (!a) return std::nullopt;
  ShapeAttempt at;
  at.shape = a->shape;
  at.T = t;
  at.delay = L + t;
  at.removed = fib(L, t) - (P - 1);
  at.verdict = Verdict::solved;
  at.mode = "constructive";
  at.covered = "witness packed constructively (" + method + " method on fixed trimming profiles), checked";
  w = std::move(a);
  return at;
}

bool cut_by_deadline(const ShapeAttempt& a, const SearchOptions& opt) {
  return a.verdict == Verdict::unknown && opt.limits.expired();
}

BestSchedule start(int L, i64 P) {
  const TreeSpec s = tree_spec(L, P, Shape::ties);  // validates L and P
  BestSchedule b;
  b.L = L;
  b.P = P;
  b.t = s.t;
  b.lower_bound = L + s.t;
  return b;
}

// `late`: the caller's deadline has passed; the simulator cannot be interrupted, so the
// witness then gets the symbolic check only (said so in the verification line).
void accept(BestSchedule& b, const ShapeAttempt& a, std::optional<Assignment>& w, i64 simulate_events, bool late) {
  b.verification = verify(*w, a, late ? 0 : simulate_events);
  if (late && simulate_events > 0) b.verification = "symbolic check passed; not simulated (time limit reached)";
  b.delay = a.delay;
  b.shape = a.shape;
  b.witness = std::move(w);
}

}  // namespace

const ShapeAttempt* BestSchedule::at_lower_bound() const {
  for (const auto& a : attempts)
    if (a.delay == lower_bound) return &a;
  return nullptr;
}

Shape lower_bound_shape(int L, i64 P) {
  return tree_spec(L, P, Shape::ties).removed == 0 ? Shape::optimal : Shape::ties;
}

BestSchedule best_schedule(int L, i64 P, const SearchOptions& opt, i64 simulate_events) {
  BestSchedule b = start(L, P);
  std::optional<Assignment> w, spare;
  // A packed witness on the lower bound's own tree (optimal or ties) answers at once. One on
  // a tree trimmed further at depth t (shape pruned, still delay L+t) is kept in reserve:
  // the searches below decide the optimal / ties trees first, as documented above.
  std::optional<ShapeAttempt> fast = fast_attempt(L, P, opt, w);
  if (fast && fast->shape == lower_bound_shape(L, P)) {
    b.attempts.push_back(*fast);
    accept(b, b.attempts.back(), w, simulate_events, opt.limits.expired());
    return b;
  }
  if (fast) spare = std::move(w);
  w.reset();
  b.attempts.push_back(attempt(tree_spec(L, P, lower_bound_shape(L, P)), opt, w));
  b.deadline_hit = cut_by_deadline(b.attempts.back(), opt);
  if (w) {
    accept(b, b.attempts.back(), w, simulate_events, opt.limits.expired());
    return b;
  }
  b.reason = failure_text(b.attempts.back(), "L+t", opt);
  b.attempts.push_back(attempt(tree_spec(L, P, Shape::pruned), opt, w));
  b.deadline_hit = b.deadline_hit || cut_by_deadline(b.attempts.back(), opt);
  if (spare && b.attempts.front().verdict != Verdict::impossible) {
    // The searches did not reach L+t (limits): the reserve witness does, on a pruned tree of
    // depth t; it is optimal, so it replaces whatever L+t+1 found.
    b.attempts.push_back(*fast);
    b.reason.clear();
    accept(b, b.attempts.back(), spare, simulate_events, opt.limits.expired());
  } else if (w) {
    accept(b, b.attempts.back(), w, simulate_events, opt.limits.expired());
  } else {
    b.reason += "; " + failure_text(b.attempts.back(), "L+t+1", opt) + "; no schedule found";
  }
  return b;
}

BestSchedule schedule_for_shape(int L, i64 P, Shape shape, const SearchOptions& opt, i64 simulate_events) {
  BestSchedule b = start(L, P);
  const TreeSpec spec = tree_spec(L, P, shape);  // InputError: optimal with P-1 != f_t
  std::optional<Assignment> w;
  b.attempts.push_back(attempt(spec, opt, w));
  b.deadline_hit = cut_by_deadline(b.attempts.back(), opt);
  const std::string name = shape == Shape::pruned ? "L+t+1" : "L+t";
  if (w) {
    accept(b, b.attempts.back(), w, simulate_events, opt.limits.expired());
    if (shape == Shape::pruned) b.reason = "shape pruned forced: delay L+t = " + num(b.lower_bound) + " not searched";
  } else {
    b.reason = failure_text(b.attempts.back(), name, opt) + "; no schedule found";
  }
  return b;
}

nlohmann::json to_json(const ShapeAttempt& a) {
  return {{"shape", shape_name(a.shape)}, {"T", a.T},           {"delay", a.delay},
          {"removed", a.removed},         {"verdict", to_string(a.verdict)}, {"mode", a.mode},
          {"covered", a.covered},         {"stats", a.stats.json()}};
}

nlohmann::json to_json(const BestSchedule& b, bool with_witness) {
  // The witness's fields at top level: the object is itself an assignment file.
  nlohmann::json j = with_witness && b.witness ? to_json(*b.witness) : nlohmann::json::object();
  j["L"] = b.L, j["P"] = b.P, j["t"] = b.t, j["lower_bound"] = b.lower_bound;
  j["delay"] = b.delay ? nlohmann::json(*b.delay) : nlohmann::json(nullptr);
  j["shape"] = b.shape ? nlohmann::json(shape_name(*b.shape)) : nlohmann::json(nullptr);
  j["optimal"] = b.optimal();
  if (const ShapeAttempt* a = b.at_lower_bound()) {
    j["optimal_delay_shape"] = shape_name(a->shape);
    j["optimal_delay_verdict"] = to_string(a->verdict);
    j["optimal_delay_covered"] = a->covered;
  } else {
    j["optimal_delay_shape"] = nullptr;
    j["optimal_delay_verdict"] = nullptr;  // not searched (shape pruned forced)
    j["optimal_delay_covered"] = nullptr;
  }
  j["reason"] = b.reason;
  nlohmann::json at = nlohmann::json::array();
  for (const auto& a : b.attempts) at.push_back(to_json(a));
  j["attempts"] = at;
  if (b.witness) j["verification"] = b.verification;
  return j;
}

}  // namespace blockcast
