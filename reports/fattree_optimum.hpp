// Optimum against the paper's formula on binary fat trees (Dimakopoulos and Dimopoulos 1995, SPEC
// Sec. 9, docs/fattree.md "n = 16"): per operation, steps against n for every (capacities,
// model) pair the exact searches decided. Each pair is drawn as the best schedule found (a
// solid line, points whose hover gives the proved lower bound) and, where the search left a
// gap, the interval [proved lower bound, best found] as a bar; the paper's formula is dashed.
// `fattree plot FILE... --out DIR` writes DIR/fattree_optimum.md, .html and
// DIR/plots/fattree_optimum_<op>.svg. The rows are plain values (cli/ re-simulated every
// witness before it built them): this file neither searches nor simulates.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "document.hpp"

namespace blockcast {

struct FatTreeOptimumRow {
  std::string op, capacities, model;       // "total-exchange", "ebft" or "1,4,4,4", "queue-free"
  std::int64_t n = 0;
  std::optional<std::int64_t> best;        // steps of the best schedule found (its replay checked)
  std::int64_t lower_bound = 0;            // every schedule of the model needs at least this many
  std::string lower_source;                // "exact search: IMPOSSIBLE at 18" or "analytic: ..."
  std::optional<std::int64_t> formula;     // the paper's running time, if it states one
  std::string formula_source;
  bool settled() const { return best && *best == lower_bound; }
};

// One SVG per operation, in the order the operations first appear.
std::vector<std::pair<std::string, std::string>> fattree_optimum_plots(const std::vector<FatTreeOptimumRow>& rows);

Document fattree_optimum_document(const std::vector<FatTreeOptimumRow>& rows);
WrittenPages write_fattree_optimum_report(const std::string& dir, const std::vector<FatTreeOptimumRow>& rows);

}  // namespace blockcast
