// The `kbroadcast-table` run rendered (see kbroadcast_table_run.hpp).
#include "kbroadcast_table_run.hpp"

namespace blockcast {

std::string kitem_table_run_text(const KitemTableResult& r, bool rows) {
  if (r.ranges) {
    const RangeTable& t = r.range_table;
    return range_table_text(t) + (t.failure.empty() ? "" : "FAILED: " + t.failure + "\n");
  }
  std::string s;
  if (rows) {
    s += kitem_table_header();
    for (const KItemRow& row : r.rows.rows) s += kitem_row_text(row);
  }
  s += kitem_table_summary(r.rows);
  if (r.rows.not_reached > 0) s += "time limit reached: " + std::to_string(r.rows.not_reached) + " rows not reached\n";
  return s;
}

Outcome kitem_table_run_outcome(const KitemTableResult& r) {
  nlohmann::json j;
  if (r.ranges) {
    j = range_table_json(r.range_table);
  } else {
    j = kitem_table_json(r.rows);
    j["not_reached"] = r.rows.not_reached;
  }
  return outcome_from_json("blockcast-kbroadcast-table", j, r.verdict);
}

}  // namespace blockcast
