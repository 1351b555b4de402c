#include "assignment_json.hpp"

#include <fstream>
#include <sstream>

#include "postal.hpp"

namespace blockcast {

using nlohmann::json;

json to_json(const Assignment& a) {
  json blocks = json::array();
  for (const auto& b : a.blocks)
    blocks.push_back({{"r", b.r}, {"u", b.u}, {"count", b.count}, {"word", word_string(b.word)}});
  return {{"format", "blockcast-assignment"},
          {"version", 1},
          {"L", a.L},
          {"shape", shape_name(a.shape)},
          {"t", a.t},
          {"T", a.T},
          {"P", a.P},
          {"delay", a.delay()},
          {"blocks", blocks},
          {"receive_only", letter_name(a.receive_only)}};
}

namespace {
template <class T>
T field(const json& j, const char* name, T lo, T hi) {
  if (!j.contains(name)) throw InputError(std::string("assignment JSON: missing field '") + name + "'");
  const json& v = j.at(name);
  if (!v.is_number_integer())
    throw InputError(std::string("assignment JSON: field '") + name + "' must be an integer");
  auto x = v.get<i64>();
  if (x < static_cast<i64>(lo) || x > static_cast<i64>(hi))
    throw InputError(std::string("assignment JSON: field '") + name + "' = " + std::to_string(x) +
                     " out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<T>(x);
}
std::string string_field(const json& j, const char* name) {
  if (!j.contains(name) || !j.at(name).is_string())
    throw InputError(std::string("assignment JSON: field '") + name + "' must be a string");
  return j.at(name).get<std::string>();
}
}  // namespace

Assignment assignment_from_json(const json& j) {
  if (!j.is_object()) throw InputError("assignment JSON: top level must be an object");
  Assignment a;
  a.L = field<int>(j, "L", 1, 256);
  a.shape = parse_shape(string_field(j, "shape"));
  const int maxT = max_depth(a.L) + 1;
  if (j.contains("T")) a.T = field<int>(j, "T", 0, maxT);
  if (j.contains("t")) a.t = field<int>(j, "t", 0, maxT);
  if (!j.contains("T") && !j.contains("t")) throw InputError("assignment JSON: needs 't' or 'T'");
  if (!j.contains("T")) a.T = a.shape == Shape::pruned ? a.t + 1 : a.t;
  if (!j.contains("t")) a.t = a.shape == Shape::pruned ? a.T - 1 : a.T;
  if (j.contains("P")) a.P = field<i64>(j, "P", 2, INT64_MAX);
  if (!j.contains("blocks") || !j.at("blocks").is_array())
    throw InputError("assignment JSON: field 'blocks' must be an array");
  for (const auto& b : j.at("blocks")) {
    if (!b.is_object()) throw InputError("assignment JSON: each block must be an object");
    BlockWord bw;
    bw.r = field<int>(b, "r", 1, 1 << 20);
    bw.u = field<i64>(b, "u", 0, 1 << 20);
    bw.count = field<i64>(b, "count", 1, INT64_MAX);
    bw.word = parse_word(string_field(b, "word"));
    a.blocks.push_back(std::move(bw));
  }
  a.receive_only = parse_letter(string_field(j, "receive_only"));
  if (j.contains("delay")) {
    i64 d = field<i64>(j, "delay", 0, INT64_MAX);
    if (d != a.delay())
      throw InputError("assignment JSON: 'delay' = " + std::to_string(d) + " but L + T = " +
                       std::to_string(a.delay()));
  }
  if (a.shape == Shape::optimal) {
    i64 P = fib(a.L, a.t) + 1;
    if (j.contains("P") && a.P != P)
      throw InputError("assignment JSON: 'P' = " + std::to_string(a.P) + " but f_t + 1 = " +
                       std::to_string(P));
    a.P = P;
  }
  return a;
}

json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  try {
    return json::parse(ss.str());
  } catch (const json::parse_error& e) {
    throw InputError("malformed JSON in '" + path + "': " + e.what());
  }
}

Assignment read_assignment_file(const std::string& path) {
  return assignment_from_json(read_json_file(path));
}

}  // namespace blockcast
