// JSON form of an assignment (documented in docs/assignment-format.md). Reading validates
// types and ranges and throws InputError with one line naming the field; it does not check
// legality (that is check_assignment's job).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "assignment.hpp"

namespace blockcast {

nlohmann::json to_json(const Assignment& a);
Assignment assignment_from_json(const nlohmann::json& j);
// Largest JSON file any reader accepts (certificates for L = 256 are a few MiB; parsed JSON takes about 10x the text).
inline constexpr std::size_t kMaxJsonBytes = std::size_t{64} << 20;
// How every JSON file blockcast writes is laid out: 2-space indents, a final newline.
inline std::string json_text(const nlohmann::json& j) { return j.dump(2) + "\n"; }
// json_text(to_json(a)), written directly: a conjecture run writes 1 GB of base cases, and
// building and dumping their JSON objects was a tenth of its CPU time.
std::string assignment_text(const Assignment& a);
// InputError if unreadable, larger than kMaxJsonBytes, or malformed (incl. number overflow).
nlohmann::json read_json_file(const std::string& path);
Assignment read_assignment_file(const std::string& path);

}  // namespace blockcast
