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
nlohmann::json read_json_file(const std::string& path);  // InputError if unreadable/malformed
Assignment read_assignment_file(const std::string& path);

}  // namespace blockcast
