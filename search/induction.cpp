#include "induction.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "assignment_json.hpp"
#include "json_fields.hpp"
#include "expand.hpp"
#include "legal_words.hpp"
#include "simulator.hpp"
#include "trim.hpp"
#include "version.hpp"

namespace blockcast {

namespace {

std::string case_name(Shape shape, int t) {
  return (shape == Shape::pruned ? "pruned(" : "I(") + std::to_string(t) + ")";
}

// The symbolic part of a base case: `a` is a legal assignment of the instance its shape
// prescribes for a.t. For pruned trees claimed_instance validates the tree itself (every
// block a trimmed node of T_T, the right number of leaves removed, SPEC Sec. 6); the spec
// check pins P-1 = f_t and T = t+1, so a legal tree of another size is not accepted.
std::optional<std::string> instance_error(const Assignment& a, Shape shape, WordChecks words) {
  try {
    if (shape == Shape::optimal) return check_assignment(optimal_instance(a.L, a.t), a, words);
    const TreeSpec spec = tree_spec_for_t(a.L, a.t, Shape::pruned);
    if (spec.t != a.t || spec.T != a.T || spec.P != a.P)
      return "not the pruned tree for t=" + std::to_string(a.t) + ": needs P = f_t + 1 = " + std::to_string(spec.P) +
             " and T = t+1 = " + std::to_string(a.t + 1) + ", the assignment has P=" + std::to_string(a.P) +
             ", T=" + std::to_string(a.T);
    return check_assignment(claimed_instance(a), a, words);
  } catch (const InputError& e) {
    return std::string(e.what());
  }
}

}  // namespace

const BlockWord* root_block(const Assignment& a) {
  for (const auto& b : a.blocks)
    if (b.u == a.T) return &b;
  return nullptr;
}

namespace {
// check_base_case, with the word checks `words` (root_only for compose_checked).
std::optional<std::string> base_case_error(const Assignment& a, Letter x, Shape shape, WordChecks words) {
  const std::string where = case_name(shape, a.t) + ": ";
  if (shape != Shape::optimal && shape != Shape::pruned)
    return where + "the induction covers shapes optimal and pruned only";
  if (a.shape != shape)
    return where + "base cases must have shape " + shape_name(shape) + ", this one has " + shape_name(a.shape);
  if (auto err = instance_error(a, shape, words)) return where + *err;
  if (a.receive_only != x)
    return where + "receive-only letter is " + letter_name(a.receive_only) + ", the certificate says " +
           letter_name(x);
  const BlockWord* root = root_block(a);
  if (!root || root->count != 1) return where + "no single root block (u = T)";
  // For a trimmed root (r = r0 - m, u = L-1+r0) the walk representative u - r = L-1+m
  // is still >= 0 and stays valid for (r+1, u+1); self_loop_position is shape-blind.
  auto pos = self_loop_position(root->r, root->u, root->word, x);
  if (!pos) return where + "root word '" + word_string(root->word) + "' does not pass state {0.." +
                   std::to_string(x - 1) + "}: not extendable by " + letter_name(x);
  // Independent confirmation by the residue condition: the extended word is legal.
  Word w = root->word;
  w.insert(w.begin() + *pos, x);
  if (!is_legal_word(root->r + 1, root->u + 1, w))
    return where + "root word extended by " + letter_name(x) + " is not legal";
  return std::nullopt;
}
}  // namespace

std::optional<std::string> check_base_case(const Assignment& a, Letter x, Shape shape) {
  return base_case_error(a, x, shape, WordChecks::all);
}

// Checking each input again cost two thirds of verify_certificate (profile of conjecture
// --L 200: verify 49% of the run), hence this variant for chains of checked members.
Assignment compose_checked(const Assignment& prev, const Assignment& back, Letter x) {
  if (prev.L != back.L || prev.t != back.t + prev.L - 1)
    throw InputError("compose needs solutions for t-1 and t-L");
  if (prev.shape != back.shape) throw InputError("compose needs two solutions of the same shape");
  const Shape shape = prev.shape;
  Assignment c;  // prev's fields, not its blocks (copying them all first was 5% of a run)
  c.L = prev.L, c.shape = shape;
  // Both trees grow by one label: optimal T = t, pruned T = t+1.
  c.t = prev.t + 1;
  c.T = prev.T + 1;
  c.P = checked_add(prev.P, back.P - 1, "P");
  c.blocks.reserve(prev.blocks.size() + back.blocks.size());
  for (const auto& b : prev.blocks) {
    if (b.u != prev.T) {  // non-root nodes keep (r, u): label and depth both shift by one
      c.blocks.push_back(b);
      continue;
    }
    BlockWord root = b;
    const auto pos = self_loop_position(b.r, b.u, b.word, x);
    if (!pos) throw std::logic_error("compose: the root word of t-1 is not extendable (input not checked)");
    root.word.insert(root.word.begin() + *pos, x);
    root.r += 1, root.u += 1;  // the new front child (label L) carries the t-L tree
    c.blocks.push_back(root);
  }
  // The t-L tree hangs at label L of a depth-T tree: u = T - label is unchanged.
  c.blocks.insert(c.blocks.end(), back.blocks.begin(), back.blocks.end());
  c.receive_only = x;  // the other x went into the root word
  normalize(c);
  // Every word but the root's is a copy of a word of prev or back, checked with them.
  if (auto e = base_case_error(c, x, shape, WordChecks::root_only)) throw std::logic_error("composition fails: " + *e);
  return c;
}

Assignment compose(const Assignment& prev, const Assignment& back, Letter x) {
  if (prev.L != back.L || prev.t != back.t + prev.L - 1)
    throw InputError("compose needs solutions for t-1 and t-L");
  if (prev.shape != back.shape) throw InputError("compose needs two solutions of the same shape");
  if (auto e = check_base_case(prev, x, prev.shape)) throw InputError(*e);
  // Only prev's root word is extended: back needs receive-only x, not an extendable root.
  if (auto e = instance_error(back, back.shape, WordChecks::all)) throw InputError(case_name(back.shape, back.t) + ": " + *e);
  if (back.receive_only != x)
    throw InputError(case_name(back.shape, back.t) + ": receive-only letter is " + letter_name(back.receive_only) +
                     ", the composition needs " + letter_name(x));
  return compose_checked(prev, back, x);
}

nlohmann::json to_json(const Certificate& c, const std::vector<std::string>& files,
                       const std::function<nlohmann::json(std::size_t)>& assignment) {
  // Moved, never copied: at L = 256 the base cases are 40 MB of JSON objects.
  nlohmann::json base = nlohmann::json::array();
  for (std::size_t i = 0; i < c.base_cases.size(); ++i) {
    nlohmann::json b = nlohmann::json::object();
    b["t"] = c.base_cases[i].t;
    b["assignment"] = assignment ? assignment(i) : to_json(c.base_cases[i]);
    if (i < files.size()) b["file"] = files[i];
    if (i < c.methods.size()) b["method"] = c.methods[i];
    base.push_back(std::move(b));
  }
  nlohmann::json j = {{"format", "blockcast-certificate"}, {"version", c.version}, {"blockcast_version", version()},
                      {"L", c.L}, {"shape", shape_name(c.shape)}, {"x", letter_name(c.x)}, {"t0", c.t0}};
  j["base_cases"] = std::move(base);
  for (auto& [k, v] : c.extra.items()) j[k] = v;
  if (c.t0_minimal) j["t0_minimal"] = *c.t0_minimal;
  if (c.minimality) j["minimality"] = to_json(*c.minimality);
  return j;
}

Certificate certificate_from_json(const nlohmann::json& j) {
  const std::string where = "certificate JSON";
  if (!j.is_object()) throw InputError(where + ": top level must be an object");
  if (json_fields::opt_string(j, "format", where) != "blockcast-certificate")
    throw InputError(where + ": 'format' must be \"blockcast-certificate\"");
  Certificate c;
  // Version 1 (no field before version 2 existed) is read compatibly; newer ones are not.
  c.version = static_cast<int>(json_fields::opt_integer(j, "version", 1, 1 << 20, where).value_or(1));
  if (c.version > kCertificateVersion)
    throw InputError(where + ": version " + std::to_string(c.version) + " is newer than this blockcast reads (1.." +
                     std::to_string(kCertificateVersion) + ")");
  c.L = static_cast<int>(json_fields::integer(j, "L", 1, kMaxCertificateL, where));
  // Certificates written before trimmed trees existed have no shape: they are optimal.
  const std::string shape = json_fields::opt_string(j, "shape", where);
  c.shape = parse_shape(shape.empty() ? "optimal" : shape);
  c.x = parse_letter(json_fields::string(j, "x", where));
  c.t0 = static_cast<int>(json_fields::integer(j, "t0", 1, 1 << 20, where));
  if (!j.contains("base_cases") || !j.at("base_cases").is_array())
    throw InputError(where + ": field 'base_cases' must be an array");
  for (const auto& b : j.at("base_cases")) {
    if (!b.is_object() || !b.contains("assignment"))
      throw InputError(where + ": every base case must be an object with an 'assignment'");
    c.base_cases.push_back(assignment_from_json(b.at("assignment")));
    if (b.contains("method")) c.methods.push_back(json_fields::string(b, "method", where + " base case"));
  }
  if (j.contains("t0_minimal") && !j.at("t0_minimal").is_null()) {
    if (!j.at("t0_minimal").is_boolean()) throw InputError(where + ": field 't0_minimal' must be true or false");
    c.t0_minimal = j.at("t0_minimal").get<bool>();
  }
  if (j.contains("minimality")) c.minimality = minimality_from_json(j.at("minimality"), where + " minimality");
  for (auto& [k, v] : j.items())
    if (k != "base_cases" && k != "shape" && k != "version" && k != "t0_minimal" && k != "minimality") c.extra[k] = v;
  return c;
}

i64 effective_delay(const Assignment& a) {
  Letter low = -1;  // smallest letter received: from a word or the receive-only processor
  auto see = [&low](Letter j) { low = low < 0 ? j : std::min(low, j); };
  see(a.receive_only);
  for (const auto& b : a.blocks)
    for (Letter j : b.word) see(j);
  return a.delay() - std::max<Letter>(low, 0);
}

std::optional<i64> simulate_if_small(const Assignment& a, i64 max_sim_events) {
  const i64 items = 3 * (a.L + a.T) + 1;  // every block passes several periods
  if (a.P > max_sim_events / (items + a.L + a.T)) return std::nullopt;
  SimulationResult s = simulate(expand_assignment(a, items));
  const std::string name = case_name(a.shape, a.t);
  if (!s.ok) throw InputError("simulation of " + name + ": " + s.violation.text);
  if (s.max_delay != effective_delay(a))
    throw InputError("simulation of " + name + ": delay " + std::to_string(s.max_delay) + ", expected " +
                     std::to_string(effective_delay(a)) + " (L + T = " + std::to_string(a.delay()) + ")");
  return s.max_delay;
}

namespace {

// Block types of I(t-1) with its root type (r, u) grown to (r+1, u+1), plus those of I(t-L):
// must equal I(t)'s. normalize_blocks puts both in one canonical order.
bool types_add_up(const Instance& prev, const Instance& back, const Instance& now) {
  std::vector<BlockType> sum = back.blocks;
  for (BlockType b : prev.blocks) {
    if (b.u == prev.T) sum.push_back({b.r + 1, b.u + 1, 1}), b.count -= 1;
    sum.push_back(b);
  }
  normalize_blocks(sum);
  return sum == now.blocks;
}

// The compositions t0+L .. t0+2L-1 of an optimal certificate, checked in multiplicities
// (SPEC Sec. 7) instead of being built: with prev and back verified solutions of I(t-1) and
// I(t-L), both with receive-only x, their composition solves I(t) with the same property iff
// (1) prev's root word passes the state {0..x-1} and, with x inserted there, is legal for
// (r+1, u+1), and (2) I(t) is I(t-1) plus I(t-L) with the root type grown: letters and block
// types add up and f_t = f_{t-1} + f_{t-L}. The other words are copies of verified ones, and
// the letters the composition uses are those of prev and back plus the inserted x, i.e.
// letters(t-1) - x + letters(t-L) - x + x = letters(t) - x, the last x being the
// receive-only processor's. So only the root word is carried from step to step: O(t + r) a
// step, where building the composed case cost its 10^5-10^6 letters (a third of conjecture
// --L 250, and most of its memory).
std::optional<std::vector<int>> counted_compositions(const Certificate& c, const std::function<bool()>& late) {
  const BlockWord* last = root_block(c.base_cases.back());  // checked: a single root block
  BlockWord root = *last;
  std::map<int, Instance> inst;
  auto instance = [&](int t) -> const Instance& {
    auto it = inst.find(t);
    return it != inst.end() ? it->second : inst.emplace(t, optimal_instance(c.L, t)).first->second;
  };
  std::vector<int> composed;
  for (int t = c.t0 + c.L; t < c.t0 + 2 * c.L; ++t) {
    if (late()) return std::nullopt;
    const std::string where = "certificate: composition " + case_name(c.shape, t) + ": ";
    const auto pos = self_loop_position(root.r, root.u, root.word, c.x);
    if (!pos) throw InputError(where + "the root word of t-1 is not extendable by " + letter_name(c.x));
    root.word.insert(root.word.begin() + *pos, c.x);
    root.r += 1, root.u += 1;
    if (auto v = word_violation(root.r, root.u, root.word)) throw InputError(where + "grown root word: " + *v);
    const Instance &prev = instance(t - 1), &back = instance(t - c.L), &now = instance(t);
    if (now.P - 1 != (prev.P - 1) + (back.P - 1) || now.letters.size() != prev.letters.size() ||
        now.letters.size() != back.letters.size())
      throw InputError(where + "P - 1 or the alphabet of I(t) is not that of I(t-1) plus I(t-L)");
    for (std::size_t j = 0; j < now.letters.size(); ++j)
      if (now.letters[j] != prev.letters[j] + back.letters[j])
        throw InputError(where + "letter " + letter_name(static_cast<Letter>(j)) + " of I(t) is not that of I(t-1) plus I(t-L)");
    if (!types_add_up(prev, back, now)) throw InputError(where + "the block types of I(t) are not those of I(t-1) plus I(t-L)");
    if (root.u != now.T) throw InputError(where + "the grown root is not I(t)'s root");
    composed.push_back(t);
    inst.erase(t - c.L);  // later steps need t - L + 1 and up
  }
  return composed;
}

}  // namespace

std::vector<int> verify_certificate(const Certificate& c, i64 max_sim_events) {
  return *verify_certificate_until(c, max_sim_events, std::chrono::steady_clock::time_point::max());
}

std::optional<std::vector<int>> verify_certificate_until(const Certificate& c, i64 max_sim_events,
                                                         std::chrono::steady_clock::time_point deadline) {
  const auto late = [&] {
    return deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() >= deadline;
  };
  if (c.L < 1 || c.t0 < c.L)
    throw InputError("certificate: needs L >= 1 and t0 >= L (the induction starts at t0 + L >= 2L)");
  if (c.shape != Shape::optimal && c.shape != Shape::pruned)
    throw InputError("certificate: shape must be optimal or pruned, not " + shape_name(c.shape));
  if (static_cast<int>(c.base_cases.size()) != c.L)
    throw InputError("certificate: needs exactly L = " + std::to_string(c.L) + " base cases");
  std::map<int, Assignment> sol;
  for (int i = 0; i < c.L; ++i) {
    if (late()) return std::nullopt;
    const Assignment& a = c.base_cases[i];
    if (a.L != c.L || a.t != c.t0 + i)
      throw InputError("certificate: base case " + std::to_string(i) + " is not " + case_name(c.shape, c.t0 + i));
    if (auto e = check_base_case(a, c.x, c.shape)) throw InputError("certificate: " + *e);
    try {
      simulate_if_small(a, max_sim_events);
    } catch (const InputError& e) {
      throw InputError(std::string("certificate: ") + e.what());
    }
    sol[a.t] = a;
  }
  if (c.shape == Shape::optimal) return counted_compositions(c, late);
  std::vector<int> composed;
  for (int t = c.t0 + c.L; t < c.t0 + 2 * c.L; ++t) {
    if (late()) return std::nullopt;
    sol[t] = compose_checked(sol.at(t - 1), sol.at(t - c.L), c.x);  // inputs checked above
    composed.push_back(t);
    // Every later step needs t (as t'-1) and a base case (t'-L < t0+L), never t-1 again:
    // composed cases grow with t, and keeping all of them was most of the memory of a
    // conjecture run at large L (L = 200: 520 MB peak).
    if (t - 1 >= c.t0 + c.L) sol.erase(t - 1);
  }
  return composed;
}

std::string MinimalityCheck::text() const {
  const std::string all = std::to_string(windows) + " window" + (windows == 1 ? "" : "s") + " (t0', x) below t0";
  std::string how = std::to_string(counting) + " counting refutation" + (counting == 1 ? "" : "s") + " recomputed, " +
                    std::to_string(searches - skipped) + " search" + (searches - skipped == 1 ? "" : "es") + " re-run";
  if (skipped > 0) how += ", " + std::to_string(skipped) + " not re-run (--skip-minimality): minimality not re-checked";
  if (minimal)
    return std::string(claimed ? "t0 minimal" : "t0 minimal by the evidence (the file does not claim it)") + ": all " +
           all + " refuted (" + how + ")";
  return "t0 not claimed minimal: " + std::to_string(open) + " of " + all + " not refuted" +
         (searches + counting > 0 ? " (" + how + ")" : "");
}

MinimalityCheck verify_minimality(const Certificate& c, bool run_searches) {
  MinimalityCheck m;
  m.claimed = c.t0_minimal.value_or(false);
  const int letters = window_letters(c.L, c.shape);
  m.windows = (c.t0 - c.L) * letters;
  const std::string claim = "certificate: claims t0 = " + std::to_string(c.t0) + " minimal";
  if (!c.minimality) {
    if (m.claimed)
      throw InputError(claim + " but records no evidence" +
                       (c.version < 2 ? " (format version 1 has none; re-run conjecture for a version-2 certificate)"
                                      : " (no 'minimality' record)"));
    m.open = m.windows;
    return m;
  }
  const MinimalityEvidence& e = *c.minimality;
  if (e.letters != letters)
    throw InputError("certificate: the minimality record covers " + std::to_string(e.letters) +
                     " letters, the windows of shape " + shape_name(c.shape) + " need " + std::to_string(letters));
  for (const Refutation& f : e.refuted) {
    const std::string pair = "(t=" + std::to_string(f.t) + ", x=" + letter_name(f.x) + ")";
    if (f.x < 0 || f.x >= letters || f.t < c.L || f.t > c.t0 + c.L - 2)
      throw InputError("certificate: refutation " + pair + " lies in no window below t0");
    if (f.x == c.x && f.t >= c.t0)  // t0 <= t <= t0+L-2: a base case solves it
      throw InputError("certificate: refutation " + pair + " contradicts the base case for t=" + std::to_string(f.t));
    bool skipped = false;
    if (auto err = recheck(f, c.L, c.shape, run_searches, &skipped)) throw InputError("certificate: refutation " + *err);
    (f.how == Refutation::How::counting ? m.counting : m.searches)++;
    if (skipped) ++m.skipped;
  }
  const std::vector<OpenWindows> open = open_windows(c.L, c.t0, letters, e.refuted);
  for (const auto& o : open) m.open += o.to - o.from + 1;
  if (m.claimed && !open.empty())
    throw InputError(claim + " but " + std::to_string(m.open) + " of its " + std::to_string(m.windows) +
                     " windows below t0 are not refuted, e.g. (t0'=" + std::to_string(open.front().from) +
                     ", x=" + letter_name(open.front().x) + ")");
  m.minimal = open.empty();
  return m;
}

std::vector<Assignment> extend_certificate(const Certificate& c, int t_max) {
  if (c.L < 1 || c.t0 < c.L || static_cast<int>(c.base_cases.size()) != c.L)
    throw InputError("certificate: needs L >= 1, t0 >= L and exactly L base cases");
  std::vector<Assignment> out;  // out[i] solves t0 + i
  for (int i = 0; i < c.L && c.t0 + i <= t_max; ++i) {
    const Assignment& a = c.base_cases[i];
    if (a.t != c.t0 + i) throw InputError("certificate: base case " + std::to_string(i) + " has the wrong t");
    if (auto e = check_base_case(a, c.x, c.shape)) throw InputError("certificate: " + *e);
    out.push_back(a);
  }
  for (int t = c.t0 + c.L; t <= t_max; ++t)
    out.push_back(compose_checked(out[t - 1 - c.t0], out[t - c.L - c.t0], c.x));  // inputs checked
  return out;
}

}  // namespace blockcast
