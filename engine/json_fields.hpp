// Strict, typed access to the fields of JSON input files: the one place where every reader
// (assignments, certificates, run records) turns untrusted JSON values into C++ values.
// nlohmann's own get<int>() wraps 4294967299 to 3 and truncates 3.7 to 3, and value() throws
// type_error on a field of the wrong type; here every mismatch is an InputError naming the
// file (or object) and the field, so a bad file is a one-line error, never a wrong answer.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace blockcast::json_fields {

// An integer field in lo..hi. Rejects floats (3.0 too), strings, and integers outside lo..hi
// (also those beyond int64). `where` names the object in the message ("assignment JSON").
std::int64_t integer(const nlohmann::json& obj, const char* name, std::int64_t lo, std::int64_t hi,
                     const std::string& where);
// The same for an optional field: nullopt if absent or null.
std::optional<std::int64_t> opt_integer(const nlohmann::json& obj, const char* name, std::int64_t lo,
                                        std::int64_t hi, const std::string& where);
// One integer value (an array element), `what` names it in the message.
std::int64_t integer_value(const nlohmann::json& v, std::int64_t lo, std::int64_t hi, const std::string& what);

std::string string(const nlohmann::json& obj, const char* name, const std::string& where);
// Optional string: "" if absent or null.
std::string opt_string(const nlohmann::json& obj, const char* name, const std::string& where);
// Optional finite number (integer or float): nullopt if absent or null.
std::optional<double> opt_number(const nlohmann::json& obj, const char* name, const std::string& where);

}  // namespace blockcast::json_fields
