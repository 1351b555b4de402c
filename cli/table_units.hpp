// `table` split into one unit of work per L: what a unit sends to rank 0 (its
// ranges of P, counts and, with --cells, its printed cells) and how rank 0 joins them back.
// Rows of different L are independent (search/everyp/every_p.hpp), and all limits are node
// counts, so the joined table is the one a single process computes.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "table_ranges.hpp"  // reports/: CellRange, TableSummary and the cells (search/everyp/every_p.hpp)

namespace blockcast::cli {

struct TablePart {
  std::vector<CellRange> ranges;
  TableSummary sum;                     // seconds are not part of a unit
  std::vector<std::string> cell_lines;  // --cells: one line per cell (text or JSON)
};

// A unit's rows as JSON; `cells`/`json` select the per-cell lines of --cells [--json].
nlohmann::json table_part_json(const std::vector<Cell>& rows, bool cells, bool json);
// The units' parts joined in L order.
TablePart join_table_parts(const std::vector<nlohmann::json>& parts);

}  // namespace blockcast::cli
