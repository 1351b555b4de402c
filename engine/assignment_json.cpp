#include "assignment_json.hpp"

#include <fstream>
#include <string_view>

#include "json_fields.hpp"
#include "postal.hpp"
#include "version.hpp"

namespace blockcast {

using nlohmann::json;

json to_json(const Assignment& a) {
  json blocks = json::array();
  for (const auto& b : a.blocks)
    blocks.push_back({{"r", b.r}, {"u", b.u}, {"count", b.count}, {"word", word_string(b.word)}});
  json j = {{"format", "blockcast-assignment"},
            {"version", 1},
            {"blockcast_version", version()},
            {"L", a.L},
            {"shape", shape_name(a.shape)},
            {"t", a.t},
            {"T", a.T},
            {"P", a.P},
            {"delay", a.delay()},
            {"receive_only", letter_name(a.receive_only)}};
  j["blocks"] = std::move(blocks);
  return j;
}

namespace {

// A JSON string as the library writes it. Words, names and versions need no escapes; anything
// else goes through the library, so the text stays the library's in every case.
void append_string(std::string& out, std::string_view s) {
  for (const char ch : s)
    if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) >= 0x80 || ch == '"' || ch == '\\') {
      out += json(std::string(s)).dump();
      return;
    }
  out += '"';
  out += s;
  out += '"';
}

void append_field(std::string& out, int indent, std::string_view key, i64 v, bool last = false) {
  out.append(indent, ' ');
  append_string(out, key);
  out += ": ";
  out += std::to_string(v);
  out += last ? "\n" : ",\n";
}

void append_field(std::string& out, int indent, std::string_view key, std::string_view v, bool last = false) {
  out.append(indent, ' ');
  append_string(out, key);
  out += ": ";
  append_string(out, v);
  out += last ? "\n" : ",\n";
}

}  // namespace

// Keys in the library's (sorted) order, its indentation and number format; the test
// "assignment_text is json_text(to_json)" holds the two together.
std::string assignment_text(const Assignment& a) {
  std::string out;
  std::size_t letters = 0;
  for (const auto& b : a.blocks) letters += b.word.size();
  out.reserve(400 + 80 * a.blocks.size() + 3 * letters);
  out += "{\n";
  append_field(out, 2, "L", a.L);
  append_field(out, 2, "P", a.P);
  append_field(out, 2, "T", a.T);
  append_field(out, 2, "blockcast_version", version());
  if (a.blocks.empty()) {
    out += "  \"blocks\": [],\n";
  } else {
    out += "  \"blocks\": [\n";
    for (std::size_t i = 0; i < a.blocks.size(); ++i) {
      const BlockWord& b = a.blocks[i];
      out += "    {\n";
      append_field(out, 6, "count", b.count);
      append_field(out, 6, "r", b.r);
      append_field(out, 6, "u", b.u);
      append_field(out, 6, "word", word_string(b.word), true);
      out += i + 1 < a.blocks.size() ? "    },\n" : "    }\n";
    }
    out += "  ],\n";
  }
  append_field(out, 2, "delay", a.delay());
  append_field(out, 2, "format", "blockcast-assignment");
  append_field(out, 2, "receive_only", letter_name(a.receive_only));
  append_field(out, 2, "shape", shape_name(a.shape));
  append_field(out, 2, "t", a.t);
  append_field(out, 2, "version", 1, true);
  out += "}\n";
  return out;
}

namespace {
const std::string kWhere = "assignment JSON";
template <class T>
T field(const json& j, const char* name, i64 lo, i64 hi) {
  return static_cast<T>(json_fields::integer(j, name, lo, hi, kWhere));
}
std::string string_field(const json& j, const char* name) { return json_fields::string(j, name, kWhere); }
}  // namespace

Assignment assignment_from_json(const json& j) {
  if (!j.is_object()) throw InputError("assignment JSON: top level must be an object");
  Assignment a;
  a.L = field<int>(j, "L", 1, 1024);  // conjecture certifies L up to 1024
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
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read file '" + path + "'");
  // Read at most kMaxJsonBytes + 1 bytes: a device or pipe (check /dev/zero) must not be read
  // until memory runs out.
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxJsonBytes)
      throw InputError("file '" + path + "' is larger than " + std::to_string(kMaxJsonBytes >> 20) +
                       " MiB: not a blockcast JSON file");
  }
  if (in.bad()) throw InputError("cannot read file '" + path + "'");
  try {
    return json::parse(text);
  } catch (const json::exception& e) {  // syntax, and numbers that overflow a double (1e999)
    throw InputError("malformed JSON in '" + path + "': " + e.what());
  }
}

Assignment read_assignment_file(const std::string& path) {
  return assignment_from_json(read_json_file(path));
}

}  // namespace blockcast
