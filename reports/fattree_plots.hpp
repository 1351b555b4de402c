// The fat-tree table report (Dimakopoulos and Dimopoulos 1995, SPEC Sec. 9, docs/fattree.md): per
// operation, steps against n for every capacity pattern, the paper's formula as a dashed line
// and the simulated time of the generated schedule as points (hover: formula source and
// status), next to the table. `fattree table --out DIR` writes DIR/fattree.md,
// DIR/fattree.html and DIR/plots/fattree_<op>.svg. The rows are plain values so this file
// does not depend on the fat-tree engine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "document.hpp"

namespace blockcast {

struct FatTreeTableRow {
  std::string op, pattern;  // "broadcast", "cbft"
  std::int64_t n = 0;
  std::int64_t simulated = 0;             // steps of the generated schedule, simulated
  std::optional<std::int64_t> formula;    // the paper's running time, if it states one
  std::int64_t lower_bound = 0;           // the paper's lower bound
  std::string source, status;             // formula source; "ok" or why not
};

// One SVG per operation, in the order the operations first appear.
std::vector<std::pair<std::string, std::string>> fattree_plots(const std::vector<FatTreeTableRow>& rows);

Document fattree_report_document(const std::vector<FatTreeTableRow>& rows);
WrittenPages write_fattree_report(const std::string& dir, const std::vector<FatTreeTableRow>& rows);

}  // namespace blockcast
