// Optimum against the paper's formula on binary fat trees (Dimakopoulos and Dimopoulos 1995, SPEC
// Sec. 9, docs/fattree.md "n = 16"): per operation, steps against n for every (capacities,
// model) pair the exact searches decided. Each pair is drawn as the best schedule found (a
// solid line, points whose hover gives the proved lower bound) and, where the search left a
// gap, the interval [proved lower bound, best found] as a bar; the paper's formula is dashed.
// `fattree plot FILE... --out DIR` writes DIR/fattree_optimum.md, .html and
// DIR/plots/fattree_optimum_<op>.svg. The rows are plain values (the plot run,
// search/fattree/fattree_plot_run.cpp, re-simulated every witness before it built them):
// this file neither searches nor simulates.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <blockcast/fattree.hpp>

#include "document.hpp"

namespace blockcast {

// One (operation, capacities, model, n): the plot run's row (search/fattree/fattree_run.hpp).
using FatTreeOptimumRow = api::FattreeOptimum;

// One SVG per operation, in the order the operations first appear.
std::vector<std::pair<std::string, std::string>> fattree_optimum_plots(const std::vector<FatTreeOptimumRow>& rows);

Document fattree_optimum_document(const std::vector<FatTreeOptimumRow>& rows);
WrittenPages write_fattree_optimum_report(const std::string& dir, const std::vector<FatTreeOptimumRow>& rows);

}  // namespace blockcast
