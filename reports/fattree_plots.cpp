// Fat-tree table report (see fattree_plots.hpp). n doubles from row to row, so the n axis is
// logarithmic; the steps axis is too once the values span a decade (total exchange grows
// like n, broadcast like log n).
#include "fattree_plots.hpp"

#include <algorithm>

#include "svg_plot.hpp"

namespace blockcast {

namespace {

std::vector<std::string> distinct(const std::vector<FatTreeTableRow>& rows, std::string FatTreeTableRow::*field) {
  std::vector<std::string> out;
  for (const auto& r : rows)
    if (std::find(out.begin(), out.end(), r.*field) == out.end()) out.push_back(r.*field);
  return out;
}

std::string plot_file(const std::string& op) { return "plots/fattree_" + op + ".svg"; }

}  // namespace

std::vector<std::pair<std::string, std::string>> fattree_plots(const std::vector<FatTreeTableRow>& rows) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto patterns = distinct(rows, &FatTreeTableRow::pattern);
  for (const auto& op : distinct(rows, &FatTreeTableRow::op)) {
    Plot p;
    p.title = op + ": steps against n";
    double lo = 0, hi = 0, nlo = 0, nhi = 0;
    bool first = true;
    for (size_t i = 0; i < patterns.size(); ++i) {
      PlotSeries formula(patterns[i] + " paper formula", series_color(i), {}, true, false, true);
      PlotSeries simulated(patterns[i] + " simulated", series_color(i), {}, false, true);
      for (const auto& r : rows) {
        if (r.op != op || r.pattern != patterns[i]) continue;
        const double n = static_cast<double>(r.n), s = static_cast<double>(r.simulated);
        simulated.points.emplace_back(n, s,
                                      op + ", " + r.pattern + ", n=" + std::to_string(r.n) + ": simulated " +
                                          std::to_string(r.simulated) + " steps, formula " +
                                          (r.formula ? std::to_string(*r.formula) : std::string("-")) + ", paper LB " +
                                          std::to_string(r.lower_bound) + "; " + r.status);
        if (r.formula) formula.points.emplace_back(n, static_cast<double>(*r.formula), r.source);
        for (double v : {s, r.formula ? static_cast<double>(*r.formula) : s}) {
          lo = first ? v : std::min(lo, v);
          hi = first ? v : std::max(hi, v);
          first = false;
        }
        nlo = nlo == 0 ? n : std::min(nlo, n);
        nhi = std::max(nhi, n);
      }
      if (formula.points.size() == 1) formula.markers = true;  // one point: a line would not show
      // Patterns often agree (broadcast, scatter): earlier ones drawn wider, so all stay visible.
      const double wider = static_cast<double>(patterns.size() - 1 - i);
      formula.line_width = 1.5 + 2 * wider;
      simulated.marker_radius = formula.marker_radius = 3 + 2 * wider;
      if (!formula.points.empty()) p.series.push_back(formula);
      if (!simulated.points.empty()) p.series.push_back(simulated);
    }
    if (p.series.empty()) continue;
    p.x = PlotAxis("n (leaves)", nhi / nlo >= 4 ? AxisScale::log10 : AxisScale::linear, true);
    p.y = PlotAxis("steps", lo > 0 && hi / lo >= 10 ? AxisScale::log10 : AxisScale::linear, true);
    p.note = "Dashed: the paper's formula; points: simulated time of the generated schedule (hover for status).";
    p.width = 720;
    out.emplace_back(op, plot_svg(p));
  }
  return out;
}

Document fattree_report_document(const std::vector<FatTreeTableRow>& rows) {
  Document d;
  d.title = "blockcast fat-tree table";
  d.paragraph({{"Binary fat trees (Dimakopoulos and Dimopoulos 1995; SPEC Sec. 9, docs/fattree.md): the paper's "
                "schedule for every operation, replayed by the link-level simulator, next to the paper's formula and lower bound. "
                "Verdict \"ok\" means simulated = formula = our analysis."}});
  for (const auto& [op, svg] : fattree_plots(rows))
    d.figure(plot_file(op), op + ": steps against n per capacity pattern (paper formula dashed, simulated points)",
             svg);
  std::vector<std::vector<DocCell>> table;
  for (const auto& r : rows)
    table.push_back({{{r.op}},
                     {{std::to_string(r.n)}},
                     {{r.pattern}},
                     {{std::to_string(r.simulated)}},
                     {{r.formula ? std::to_string(*r.formula) : "-"}},
                     {{std::to_string(r.lower_bound)}},
                     {{r.source.empty() ? "-" : r.source}},
                     {{r.status}}});
  d.heading(2, "Table", "table");
  d.table({"op", "n", "capacities", "simulated", "formula", "paper LB", "formula source", "status"}, table);
  return d;
}

WrittenPages write_fattree_report(const std::string& dir, const std::vector<FatTreeTableRow>& rows) {
  return write_pages(dir, "fattree", fattree_report_document(rows));
}

}  // namespace blockcast
