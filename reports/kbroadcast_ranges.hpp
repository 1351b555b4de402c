// Text and JSON of the k-item table in ranges (search/kitem/range_table.hpp,
// `kbroadcast-table --ranges`). Rendering only: nothing here searches.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/range_table.hpp"

namespace blockcast {

std::string range_table_text(const RangeTable& t);  // one line per (P range, k range), then per L
nlohmann::json range_table_json(const RangeTable& t);

}  // namespace blockcast
