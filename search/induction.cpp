#include "induction.hpp"

#include <map>

#include "assignment_json.hpp"
#include "expand.hpp"
#include "legal_words.hpp"
#include "simulator.hpp"

namespace blockcast {

const BlockWord* root_block(const Assignment& a) {
  for (const auto& b : a.blocks)
    if (b.u == a.T) return &b;
  return nullptr;
}

std::optional<std::string> check_base_case(const Assignment& a, Letter x) {
  const std::string where = "I(" + std::to_string(a.t) + "): ";
  if (a.shape != Shape::optimal) return where + "base cases must have shape optimal";
  if (auto err = check_assignment(optimal_instance(a.L, a.t), a)) return where + *err;
  if (a.receive_only != x)
    return where + "receive-only letter is " + letter_name(a.receive_only) + ", the certificate says " +
           letter_name(x);
  const BlockWord* root = root_block(a);
  if (!root || root->count != 1) return where + "no single root block (u = T)";
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

Assignment compose(const Assignment& prev, const Assignment& back, Letter x) {
  if (prev.L != back.L || prev.t != back.t + prev.L - 1)
    throw InputError("compose needs solutions of I(t-1) and I(t-L)");
  if (auto e = check_base_case(prev, x)) throw InputError(*e);
  if (auto e = check_base_case(back, x)) throw InputError(*e);
  Assignment c = prev;
  c.t = c.T = prev.t + 1;
  c.P = checked_add(prev.P, back.P - 1, "P");
  c.blocks.clear();
  for (const auto& b : prev.blocks) {
    if (b.u != prev.T) {
      c.blocks.push_back(b);
      continue;
    }
    BlockWord root = b;
    root.word.insert(root.word.begin() + *self_loop_position(b.r, b.u, b.word, x), x);
    root.r += 1, root.u += 1;
    c.blocks.push_back(root);
  }
  c.blocks.insert(c.blocks.end(), back.blocks.begin(), back.blocks.end());
  c.receive_only = x;
  normalize(c);
  if (auto e = check_base_case(c, x)) throw std::logic_error("composition fails: " + *e);
  return c;
}

nlohmann::json to_json(const Certificate& c, const std::vector<std::string>& files) {
  nlohmann::json base = nlohmann::json::array();
  for (std::size_t i = 0; i < c.base_cases.size(); ++i) {
    nlohmann::json b = {{"t", c.base_cases[i].t}, {"assignment", to_json(c.base_cases[i])}};
    if (i < files.size()) b["file"] = files[i];
    base.push_back(b);
  }
  nlohmann::json j = {{"format", "blockcast-certificate"}, {"version", 1}, {"L", c.L},
                      {"x", letter_name(c.x)}, {"t0", c.t0}, {"base_cases", base}};
  for (auto& [k, v] : c.extra.items()) j[k] = v;
  return j;
}

Certificate certificate_from_json(const nlohmann::json& j) {
  if (!j.is_object() || j.value("format", "") != "blockcast-certificate")
    throw InputError("certificate JSON: 'format' must be \"blockcast-certificate\"");
  Certificate c;
  try {
    c.L = j.at("L").get<int>();
    c.x = parse_letter(j.at("x").get<std::string>());
    c.t0 = j.at("t0").get<int>();
    for (const auto& b : j.at("base_cases")) c.base_cases.push_back(assignment_from_json(b.at("assignment")));
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("certificate JSON: ") + e.what());
  }
  for (auto& [k, v] : j.items())
    if (k != "base_cases") c.extra[k] = v;
  return c;
}

std::vector<int> verify_certificate(const Certificate& c, i64 max_sim_events) {
  if (c.L < 1 || c.t0 < c.L)
    throw InputError("certificate: needs L >= 1 and t0 >= L (the induction starts at t0 + L >= 2L)");
  if (static_cast<int>(c.base_cases.size()) != c.L)
    throw InputError("certificate: needs exactly L = " + std::to_string(c.L) + " base cases");
  std::map<int, Assignment> sol;
  for (int i = 0; i < c.L; ++i) {
    const Assignment& a = c.base_cases[i];
    if (a.L != c.L || a.t != c.t0 + i)
      throw InputError("certificate: base case " + std::to_string(i) + " is not I(" + std::to_string(c.t0 + i) + ")");
    if (auto e = check_base_case(a, c.x)) throw InputError("certificate: " + *e);
    const i64 items = 3 * (a.L + a.T) + 1;  // every block passes several periods
    if (a.P * (items + a.L + a.T) <= max_sim_events) {
      SimulationResult s = simulate(expand_assignment(a, items));
      if (!s.ok) throw InputError("certificate: simulation of I(" + std::to_string(a.t) + "): " + s.violation.text);
      if (s.max_delay != a.delay()) throw InputError("certificate: simulated delay differs from L + t");  // t >= L here
    }
    sol[a.t] = a;
  }
  std::vector<int> composed;
  for (int t = c.t0 + c.L; t < c.t0 + 2 * c.L; ++t) {
    sol[t] = compose(sol.at(t - 1), sol.at(t - c.L), c.x);
    composed.push_back(t);
  }
  return composed;
}

}  // namespace blockcast
