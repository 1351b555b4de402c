#include "json_fields.hpp"

#include <cmath>
#include <limits>

#include "checked.hpp"

namespace blockcast::json_fields {

using nlohmann::json;

namespace {
std::string range_text(std::int64_t lo, std::int64_t hi) {
  return std::to_string(lo) + ".." + std::to_string(hi);
}
const json* find(const json& obj, const char* name) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(name);
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}
std::string field_name(const std::string& where, const char* name) {
  return where + ": field '" + name + "'";
}
}  // namespace

std::int64_t integer_value(const json& v, std::int64_t lo, std::int64_t hi, const std::string& what) {
  if (!v.is_number_integer()) throw InputError(what + " must be an integer in " + range_text(lo, hi));
  // Unsigned values above INT64_MAX would wrap in get<int64_t>().
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
    throw InputError(what + " = " + std::to_string(v.get<std::uint64_t>()) + " out of range " + range_text(lo, hi));
  const std::int64_t x = v.get<std::int64_t>();
  if (x < lo || x > hi) throw InputError(what + " = " + std::to_string(x) + " out of range " + range_text(lo, hi));
  return x;
}

std::int64_t integer(const json& obj, const char* name, std::int64_t lo, std::int64_t hi, const std::string& where) {
  const json* v = find(obj, name);
  if (!v) throw InputError(where + ": missing field '" + name + "'");
  return integer_value(*v, lo, hi, field_name(where, name));
}

std::optional<std::int64_t> opt_integer(const json& obj, const char* name, std::int64_t lo, std::int64_t hi,
                                        const std::string& where) {
  const json* v = find(obj, name);
  if (!v) return std::nullopt;
  return integer_value(*v, lo, hi, field_name(where, name));
}

std::string string(const json& obj, const char* name, const std::string& where) {
  const json* v = find(obj, name);
  if (!v || !v->is_string()) throw InputError(field_name(where, name) + " must be a string");
  return v->get<std::string>();
}

std::string opt_string(const json& obj, const char* name, const std::string& where) {
  const json* v = find(obj, name);
  if (!v) return "";
  if (!v->is_string()) throw InputError(field_name(where, name) + " must be a string");
  return v->get<std::string>();
}

std::optional<double> opt_number(const json& obj, const char* name, const std::string& where) {
  const json* v = find(obj, name);
  if (!v) return std::nullopt;
  if (!v->is_number() || !std::isfinite(v->get<double>()))
    throw InputError(field_name(where, name) + " must be a finite number");
  return v->get<double>();
}

}  // namespace blockcast::json_fields
