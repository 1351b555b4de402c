// One unit of `table` per L (see table_units.hpp).
#include "table_units.hpp"

#include <cstdio>

#include "checked.hpp"
#include "json_fields.hpp"

namespace blockcast::cli {

namespace {

nlohmann::json range_json(const CellRange& r) {
  return {{"L", r.L}, {"P_from", r.P_from}, {"P_to", r.P_to}, {"t", r.t}, {"lower_bound", r.lower_bound},
          {"delay", r.delay}, {"shape", r.shape}, {"method", r.method}, {"proved", r.proved}, {"below", r.below}, {"periodic", r.periodic}};
}

// A --resume record is a file on disk (it may be damaged or edited): every field is checked
// (engine/json_fields.hpp), so a bad record is one InputError line, never a wrong table.
constexpr const char* kRecord = "--resume: table unit record";

bool boolean(const nlohmann::json& j, const char* name) {
  if (!j.contains(name) || !j[name].is_boolean())
    throw InputError(std::string(kRecord) + ": field '" + name + "' must be true or false");
  return j[name].get<bool>();
}

CellRange range_from_json(const nlohmann::json& j) {
  using namespace json_fields;
  if (!j.is_object()) throw InputError(std::string(kRecord) + ": every range must be an object");
  constexpr std::int64_t kBig = std::int64_t{1} << 62;
  CellRange r;
  r.L = static_cast<int>(integer(j, "L", 1, 1 << 20, kRecord));
  r.P_from = integer(j, "P_from", 2, kBig, kRecord), r.P_to = integer(j, "P_to", 2, kBig, kRecord);
  r.t = static_cast<int>(integer(j, "t", 0, 1 << 20, kRecord));
  r.lower_bound = integer(j, "lower_bound", 0, kBig, kRecord), r.delay = integer(j, "delay", -1, kBig, kRecord);
  r.shape = string(j, "shape", kRecord), r.method = string(j, "method", kRecord);
  r.proved = boolean(j, "proved"), r.below = string(j, "below", kRecord);
  r.periodic = j.contains("periodic") ? string(j, "periodic", kRecord) : "";  // absent before --period existed
  return r;
}

const nlohmann::json& array_field(const nlohmann::json& j, const char* name) {
  if (!j.is_object() || !j.contains(name) || !j[name].is_array())
    throw InputError(std::string(kRecord) + ": field '" + name + "' must be an array");
  return j[name];
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
          {"counts", {s.cells, s.at_bound, s.proved_above, s.upper_bound, s.none, s.periodic_at_bound}},
          {"cell_lines", lines}};
}

TablePart join_table_parts(const std::vector<nlohmann::json>& parts) {
  TablePart t;
  for (const auto& p : parts) {
    for (const auto& r : array_field(p, "ranges")) t.ranges.push_back(range_from_json(r));
    const auto& n = array_field(p, "counts");
    if (n.size() != 5 && n.size() != 6)  // 5 before --period existed
      throw InputError(std::string(kRecord) + ": field 'counts' must hold 6 numbers");
    auto count = [&](std::size_t i) { return json_fields::integer_value(n[i], 0, std::int64_t{1} << 62, std::string(kRecord) + " count"); };
    t.sum.cells = checked_add(t.sum.cells, count(0)), t.sum.at_bound = checked_add(t.sum.at_bound, count(1));
    t.sum.proved_above = checked_add(t.sum.proved_above, count(2));
    t.sum.upper_bound = checked_add(t.sum.upper_bound, count(3)), t.sum.none = checked_add(t.sum.none, count(4));
    if (n.size() == 6) t.sum.periodic_at_bound = checked_add(t.sum.periodic_at_bound, count(5));
    for (const auto& l : array_field(p, "cell_lines")) {
      if (!l.is_string()) throw InputError(std::string(kRecord) + ": every cell line must be a string");
      t.cell_lines.push_back(l.get<std::string>());
    }
  }
  return t;
}

}  // namespace blockcast::cli
