// The every-P table report (SPEC Sec. 2, 6-7): a heat map of D minus the
// lower bound L + B(P-1) over (L, P), one rectangle per compressed range of P with its
// method, shape and proof status on hover, next to the range table itself. `table --out DIR`
// writes DIR/table.md, DIR/table.html and DIR/plots/excess.svg.
#pragma once
#include <string>
#include <vector>

#include "document.hpp"
#include "table_ranges.hpp"

namespace blockcast {

// The heat map alone (P on a log axis once the table spans a decade of P).
std::string table_heatmap_svg(const std::vector<CellRange>& ranges);

// The page: summary line, heat map, range table.
Document table_report_document(const std::vector<CellRange>& ranges, const TableSummary& s);

WrittenPages write_table_report(const std::string& dir, const std::vector<CellRange>& ranges, const TableSummary& s);

}  // namespace blockcast
