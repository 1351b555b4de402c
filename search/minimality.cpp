// Evidence that t0 is minimal: records, their cover of the windows and their re-check
// (see minimality.hpp).
#include "minimality.hpp"

#include <algorithm>
#include <map>

#include "block_search.hpp"
#include "constructive.hpp"
#include "everyp/trim_search.hpp"
#include "pool_sums.hpp"
#include "json_fields.hpp"
#include "version.hpp"

namespace blockcast {

int window_letters(int L, Shape shape) { return shape == Shape::pruned ? 2 * L : L; }

// The same test as solve_repair's counting checks (constructive_repair.cpp), kept as numbers.
std::optional<Refutation> counting_refutation(const Instance& inst, Letter x) {
  Refutation f;
  f.t = inst.t, f.x = x, f.how = Refutation::How::counting;
  const int A = inst.alphabet();
  if (x < 0 || x >= A || inst.letters[x] == 0) {
    f.letter_absent = true;
    return f;
  }
  const BlockType* root = nullptr;
  for (const auto& b : inst.blocks)
    if (b.u == inst.T && b.count == 1) root = &b;
  if (!root || root->u < root->r) return std::nullopt;  // no root to extend: not a counting case
  std::vector<i64> pool = inst.letters;
  --pool[x];
  i64 slots = 0;
  for (const auto& b : inst.blocks)
    if (&b != root && b.r >= 2) slots += b.count * (b.r - 1);
  const auto [total, lo, hi] = pool_sums(pool, A, slots);
  f.r = root->r, f.u = root->u, f.slots = slots, f.lo = lo, f.hi = hi;
  f.target = static_cast<i64>(x) * root->r - (root->u - root->r);
  f.rest = total - f.target;
  if (f.target < 0 || f.rest < f.lo || f.rest > f.hi) return f;
  return std::nullopt;
}

std::int64_t rerun_budget(std::int64_t nodes) { return 4 * nodes + 100'000; }

std::vector<OpenWindows> open_windows(int L, int t0, int letters, const std::vector<Refutation>& refuted) {
  std::map<Letter, std::vector<int>> ts;
  for (const auto& f : refuted) ts[f.x].push_back(f.t);
  std::vector<OpenWindows> open;
  for (Letter x = 0; x < letters; ++x) {
    std::vector<int>& v = ts[x];
    std::sort(v.begin(), v.end());
    // Window c is covered iff some refuted t lies in [c, c+L-1].
    for (int c = L; c < t0;) {
      const auto it = std::lower_bound(v.begin(), v.end(), c);
      if (it != v.end() && *it <= c + L - 1) {
        c = *it + 1;  // every window c' <= *it with c' + L - 1 >= *it is covered too
        continue;
      }
      const int end = it == v.end() ? t0 - 1 : std::min(t0 - 1, *it - L);  // open up to the next covered window
      if (!open.empty() && open.back().x == x && open.back().to + 1 == c) open.back().to = end;
      else open.push_back({x, c, end});
      c = end + 1;
    }
  }
  return open;
}

MinimalityEvidence select_evidence(int L, int t0, Shape shape, const std::vector<Refutation>& all) {
  MinimalityEvidence e;
  e.letters = window_letters(L, shape);
  std::map<Letter, std::vector<const Refutation*>> by_x;
  for (const auto& f : all) by_x[f.x].push_back(&f);
  for (auto& [x, v] : by_x) {
    // Greedy interval cover: the first uncovered window c takes the refuted t in [c, c+L-1]
    // reaching furthest, a counting one if there is any.
    for (int c = L; c < t0;) {
      const Refutation* pick = nullptr;
      for (const Refutation* f : v) {
        if (f->t < c || f->t > c + L - 1) continue;
        const bool counting = f->how == Refutation::How::counting;
        const bool pick_counting = pick && pick->how == Refutation::How::counting;
        if (!pick || (counting && !pick_counting) || (counting == pick_counting && f->t > pick->t)) pick = f;
      }
      if (!pick) {
        ++c;
        continue;
      }
      e.refuted.push_back(*pick);
      c = pick->t + 1;
    }
  }
  e.open = open_windows(L, t0, e.letters, e.refuted);
  return e;
}

namespace {

nlohmann::json refutation_json(const Refutation& f) {
  nlohmann::json j = {{"t", f.t}, {"x", letter_name(f.x)}};
  if (f.how == Refutation::How::counting) {
    j["how"] = "counting";
    if (f.letter_absent) {
      j["letter_absent"] = true;
    } else {
      j["root"] = {{"r", f.r}, {"u", f.u}};
      j["target"] = f.target, j["slots"] = f.slots, j["rest"] = f.rest, j["lo"] = f.lo, j["hi"] = f.hi;
    }
    return j;
  }
  j["how"] = "search";
  j["method"] = f.method;
  j["nodes"] = f.nodes;
  j["budget"] = f.budget;
  if (f.method == "complete") j["memo"] = f.memo, j["prune"] = f.prune;
  j["blockcast_version"] = f.version;
  return j;
}

bool opt_bool(const nlohmann::json& j, const char* name, bool dflt, const std::string& where) {
  if (!j.contains(name)) return dflt;
  if (!j.at(name).is_boolean()) throw InputError(where + ": field '" + name + "' must be true or false");
  return j.at(name).get<bool>();
}

Letter letter_field(const nlohmann::json& j, const char* name, const std::string& where) {
  try {
    return parse_letter(json_fields::string(j, name, where));
  } catch (const InputError& e) {
    throw InputError(where + ": field '" + name + "': " + e.what());
  }
}

Refutation refutation_from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw InputError(where + ": every refutation must be an object");
  constexpr i64 kBig = i64{1} << 62;
  Refutation f;
  f.t = static_cast<int>(json_fields::integer(j, "t", 0, 1 << 20, where));
  f.x = letter_field(j, "x", where);
  const std::string how = json_fields::string(j, "how", where);
  if (how == "counting") {
    f.how = Refutation::How::counting;
    f.letter_absent = opt_bool(j, "letter_absent", false, where);
    if (!f.letter_absent) {
      if (!j.contains("root") || !j.at("root").is_object()) throw InputError(where + ": field 'root' must be an object");
      f.r = static_cast<int>(json_fields::integer(j.at("root"), "r", 0, 1 << 20, where));
      f.u = json_fields::integer(j.at("root"), "u", 0, kBig, where);
      f.target = json_fields::integer(j, "target", -kBig, kBig, where);
      f.slots = json_fields::integer(j, "slots", 0, kBig, where);
      f.rest = json_fields::integer(j, "rest", -kBig, kBig, where);
      f.lo = json_fields::integer(j, "lo", -kBig, kBig, where);
      f.hi = json_fields::integer(j, "hi", -kBig, kBig, where);
    }
  } else if (how == "search") {
    f.how = Refutation::How::search;
    f.method = json_fields::string(j, "method", where);
    if (f.method != "complete" && f.method != "repair-exhaustive")
      throw InputError(where + ": search method '" + f.method + "': expected complete or repair-exhaustive");
    f.nodes = json_fields::integer(j, "nodes", 0, kBig, where);
    f.budget = json_fields::integer(j, "budget", 1, kBig, where);
    f.memo = opt_bool(j, "memo", true, where);
    f.prune = opt_bool(j, "prune", true, where);
    f.version = json_fields::opt_string(j, "blockcast_version", where);
  } else {
    throw InputError(where + ": field 'how' is '" + how + "', expected counting or search");
  }
  return f;
}

std::string pair_name(const Refutation& f) {
  return "(t=" + std::to_string(f.t) + ", x=" + letter_name(f.x) + ")";
}

}  // namespace

nlohmann::json to_json(const MinimalityEvidence& e) {
  nlohmann::json refuted = nlohmann::json::array(), open = nlohmann::json::array();
  for (const auto& f : e.refuted) refuted.push_back(refutation_json(f));
  for (const auto& o : e.open) open.push_back({{"x", letter_name(o.x)}, {"from", o.from}, {"to", o.to}});
  return {{"letters", e.letters}, {"refuted", refuted}, {"open", open}};
}

MinimalityEvidence minimality_from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) throw InputError(where + ": 'minimality' must be an object");
  MinimalityEvidence e;
  e.letters = static_cast<int>(json_fields::integer(j, "letters", 0, 1 << 20, where));
  if (!j.contains("refuted") || !j.at("refuted").is_array())
    throw InputError(where + ": field 'refuted' must be an array");
  for (const auto& f : j.at("refuted")) e.refuted.push_back(refutation_from_json(f, where + " refutation"));
  if (j.contains("open")) {
    if (!j.at("open").is_array()) throw InputError(where + ": field 'open' must be an array");
    for (const auto& o : j.at("open")) {
      if (!o.is_object()) throw InputError(where + ": every open window range must be an object");
      e.open.push_back({letter_field(o, "x", where), static_cast<int>(json_fields::integer(o, "from", 0, 1 << 20, where)),
                        static_cast<int>(json_fields::integer(o, "to", 0, 1 << 20, where))});
    }
  }
  return e;
}

std::optional<std::string> recheck(const Refutation& f, int L, Shape shape, bool run_searches, bool* skipped) {
  const std::string what = pair_name(f);
  if (f.how == Refutation::How::counting) {
    if (shape != Shape::optimal) return what + ": counting refutations cover optimal trees only";
    const std::optional<Refutation> c = counting_refutation(optimal_instance(L, f.t), f.x);
    if (!c) return what + ": the counting inequality does not hold for I(" + std::to_string(f.t) + ")";
    if (c->letter_absent != f.letter_absent || c->r != f.r || c->u != f.u || c->target != f.target ||
        c->slots != f.slots || c->rest != f.rest || c->lo != f.lo || c->hi != f.hi)
      return what + ": the recorded numbers differ from the recomputed ones (root (" + std::to_string(c->r) + ", " +
             std::to_string(c->u) + "), target " + std::to_string(c->target) + ", rest " + std::to_string(c->rest) +
             " outside [" + std::to_string(c->lo) + ", " + std::to_string(c->hi) + "])";
    return std::nullopt;
  }
  if (!run_searches) {
    if (skipped) *skipped = true;
    return std::nullopt;
  }
  if (f.method == "repair-exhaustive") {
    if (shape != Shape::optimal) return what + ": repair-exhaustive covers optimal trees only";
    ConstructiveOptions co;
    co.x = f.x, co.extendable = true, co.tries = 1, co.root_nodes = std::max<std::int64_t>(1, f.budget / 50);
    const ConstructiveResult r = solve_repair(optimal_instance(L, f.t), co);
    if (r.verdict == Verdict::impossible) return std::nullopt;
    return what + ": the re-run of the lone root's ground-state search says " + to_string(r.verdict) + " (" +
           r.covered + ")";
  }
  SearchOptions so;
  so.receive_only = f.x;
  so.extendable = true;
  so.memo = f.memo, so.prune = f.prune;
  so.limits.max_nodes = f.budget;
  const SearchResult r = shape == Shape::pruned ? solve_shape(tree_spec_for_t(L, f.t, Shape::pruned), so)
                                                : solve_exact(optimal_instance(L, f.t), so);
  if (r.verdict == Verdict::impossible) return std::nullopt;
  if (r.verdict == Verdict::solved)
    return what + ": the re-run of the complete search found a solution (" + r.covered + ")";
  return what + ": the re-run of the complete search did not finish within the recorded budget of " +
         std::to_string(f.budget) + " nodes (" + r.covered + ")";
}

}  // namespace blockcast
