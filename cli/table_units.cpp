// One unit of `table` per L (see table_units.hpp).
#include "table_units.hpp"

#include <cstdio>

namespace blockcast::cli {

namespace {

nlohmann::json range_json(const CellRange& r) {
  return {{"L", r.L}, {"P_from", r.P_from}, {"P_to", r.P_to}, {"t", r.t}, {"lower_bound", r.lower_bound},
          {"delay", r.delay}, {"shape", r.shape}, {"method", r.method}, {"proved", r.proved}, {"below", r.below}};
}

CellRange range_from_json(const nlohmann::json& j) {
  CellRange r;
  r.L = j.at("L"), r.P_from = j.at("P_from"), r.P_to = j.at("P_to"), r.t = j.at("t");
  r.lower_bound = j.at("lower_bound"), r.delay = j.at("delay"), r.shape = j.at("shape");
  r.method = j.at("method"), r.proved = j.at("proved"), r.below = j.at("below");
  return r;
}

std::string cell_text(const Cell& c) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "L=%d P=%lld t=%d bound=%lld delay=%s shape=%s method=%s proved=%s", c.L,
                static_cast<long long>(c.P), c.t, static_cast<long long>(c.lower_bound),
                c.found() ? std::to_string(c.delay()).c_str() : "none",
                c.found() ? shape_name(c.shape).c_str() : "-", c.method.c_str(), c.proved ? "yes" : "no");
  return buf;
}

}  // namespace

nlohmann::json table_part_json(const std::vector<Cell>& rows, bool cells, bool json) {
  const TableSummary s = summarize(rows);
  nlohmann::json ranges = nlohmann::json::array(), lines = nlohmann::json::array();
  for (const auto& r : compress_cells(rows)) ranges.push_back(range_json(r));
  if (cells)
    for (const auto& c : rows) lines.push_back(json ? to_json(c).dump() : cell_text(c));
  return {{"ranges", ranges},
          {"counts", {s.cells, s.at_bound, s.proved_above, s.upper_bound, s.none}},
          {"cell_lines", lines}};
}

TablePart join_table_parts(const std::vector<nlohmann::json>& parts) {
  TablePart t;
  for (const auto& p : parts) {
    for (const auto& r : p.at("ranges")) t.ranges.push_back(range_from_json(r));
    const auto& n = p.at("counts");
    t.sum.cells += n.at(0).get<std::int64_t>(), t.sum.at_bound += n.at(1).get<std::int64_t>();
    t.sum.proved_above += n.at(2).get<std::int64_t>(), t.sum.upper_bound += n.at(3).get<std::int64_t>();
    t.sum.none += n.at(4).get<std::int64_t>();
    for (const auto& l : p.at("cell_lines")) t.cell_lines.push_back(l.get<std::string>());
  }
  return t;
}

}  // namespace blockcast::cli
