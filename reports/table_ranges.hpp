// The every-P table compressed into ranges of P: consecutive cells of one L with
// the same lower bound, delay, shape, method and proof status form one range, so a table up
// to P = 10^6 stays a few hundred lines. Text, Markdown and JSON renderings share the data.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "everyp/every_p.hpp"

namespace blockcast {

struct CellRange {
  int L = 0;
  i64 P_from = 0, P_to = 0;
  int t = 0;
  i64 lower_bound = 0;
  i64 delay = -1;      // -1: no schedule
  std::string shape;   // optimal / ties / pruned, "-" without schedule
  std::string method;  // composed / base case / search
  bool proved = false;
  std::string below;   // verdicts of the depths below the schedule's ("" at the lower bound)
  std::string periodic;  // `table --period`: the periodic search at L + t ("" when not searched)
  friend bool operator==(const CellRange&, const CellRange&) = default;
};

struct TableSummary {
  std::int64_t cells = 0, at_bound = 0, proved_above = 0, upper_bound = 0, none = 0;
  std::int64_t periodic_at_bound = 0;  // of the cells above: a periodic schedule reaches L + t
  double seconds = 0;
};

std::vector<CellRange> compress_cells(const std::vector<Cell>& cells);
TableSummary summarize(const std::vector<Cell>& cells);
// Index of the first cell of L whose delay exceeds the next cell's, or -1 (monotone).
std::ptrdiff_t first_monotonicity_break(const std::vector<Cell>& cells);

std::string ranges_text(const std::vector<CellRange>& ranges, const TableSummary& s);
std::string ranges_markdown(const std::vector<CellRange>& ranges, const TableSummary& s);
nlohmann::json ranges_json(const std::vector<CellRange>& ranges, const TableSummary& s);
std::string summary_line(const TableSummary& s);

}  // namespace blockcast
