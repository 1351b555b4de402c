// Text and JSON of the k-item optimum table (search/kitem/table.hpp: per (L, P, k) the exact
// optimum, our schedules, Subramonian and Venkatasubramanian's (1993) simple schedule and the
// lower bound).
// Rendering only: nothing here searches.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/table.hpp"

namespace blockcast {

std::string kitem_table_header();                // the column names, printed before the first row
std::string kitem_row_text(const KItemRow& r);   // one line
std::string kitem_table_summary(const KItemTable& t);
nlohmann::json kitem_row_json(const KItemRow& r);  // one row of kitem_table_json's "rows"
nlohmann::json kitem_table_json(const KItemTable& t);

}  // namespace blockcast
