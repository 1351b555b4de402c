// Optimum-against-formula plots and table (see fattree_optimum.hpp). n doubles from point to
// point, so the n axis is logarithmic; the steps axis too once the values span a decade.
#include "fattree_optimum.hpp"

#include <algorithm>
#include <iterator>

#include "svg_plot.hpp"

namespace blockcast {

namespace {

std::string series_key(const FatTreeOptimumRow& r) { return r.capacities + ", " + r.model; }

template <class Key>
std::vector<std::string> distinct_values(const std::vector<FatTreeOptimumRow>& rows, Key key) {
  std::vector<std::string> out;
  for (const auto& r : rows)
    if (std::find(out.begin(), out.end(), key(r)) == out.end()) out.push_back(key(r));
  return out;
}

std::string value_text(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "-"; }

std::string hover(const FatTreeOptimumRow& r) {
  return r.op + ", " + series_key(r) + ", n=" + std::to_string(r.n) + ": best " + value_text(r.best) +
         ", lower bound " + std::to_string(r.lower_bound) + " (" + r.lower_source + ")" +
         (r.settled() ? ", optimum" : ", open") + "; paper formula " + value_text(r.formula);
}

std::string optimum_plot_file(const std::string& op) { return "plots/fattree_optimum_" + op + ".svg"; }

// One operation's plot: per (capacities, model) a solid line of best found values and a bar
// per open gap; per capacities the paper's formula, dashed.
Plot operation_plot(const std::string& op, const std::vector<FatTreeOptimumRow>& rows) {
  Plot p;
  p.title = op + ": optimum against n";
  double lo = 0, hi = 0, nlo = 0, nhi = 0;
  auto extend = [&](double n, double v) {
    lo = lo == 0 ? v : std::min(lo, v);
    hi = std::max(hi, v);
    nlo = nlo == 0 ? n : std::min(nlo, n);
    nhi = std::max(nhi, n);
  };
  std::vector<FatTreeOptimumRow> mine;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(mine), [&](const FatTreeOptimumRow& r) { return r.op == op; });
  const auto keys = distinct_values(mine, series_key);
  const auto caps = distinct_values(mine, [](const FatTreeOptimumRow& r) { return r.capacities; });
  // Colours: one per capacities (its formula's) when the operation has several, the models of
  // one capacities told apart by width (the first drawn widest, so equal values stay visible);
  // one per model, the formula grey and the models by width too, when it has one pattern.
  const bool by_caps = caps.size() > 1;
  for (std::size_t c = 0; c < caps.size(); ++c) {
    PlotSeries formula(caps[c] + ": paper formula", by_caps ? series_color(c) : "#555555", {}, true, false, true);
    for (const auto& r : mine)
      if (r.capacities == caps[c] && r.formula &&
          std::none_of(formula.points.begin(), formula.points.end(),
                       [&](const PlotPoint& q) { return q.x == static_cast<double>(r.n); })) {
        formula.points.emplace_back(static_cast<double>(r.n), static_cast<double>(*r.formula), r.formula_source);
        extend(static_cast<double>(r.n), static_cast<double>(*r.formula));
      }
    if (formula.points.size() == 1) formula.markers = true;  // one point: a line would not show
    if (!formula.points.empty()) p.series.push_back(formula);
  }
  std::vector<std::size_t> drawn(caps.size(), 0);
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const auto first = std::find_if(mine.begin(), mine.end(), [&](const auto& r) { return series_key(r) == keys[k]; });
    const auto c = static_cast<std::size_t>(std::find(caps.begin(), caps.end(), first->capacities) - caps.begin());
    const std::string color = series_color(by_caps ? c : k);
    const double wider = std::max(0.0, 2.0 - static_cast<double>(by_caps ? drawn[c]++ : k));
    PlotSeries best(keys[k] + ": best found", color, {}, true, true);
    best.line_width = 1.5 + 1.5 * wider;
    best.marker_radius = 3 + 1.5 * wider;
    for (const auto& r : mine) {
      if (series_key(r) != keys[k]) continue;
      const auto n = static_cast<double>(r.n);
      extend(n, static_cast<double>(r.lower_bound));
      if (!r.best) continue;
      extend(n, static_cast<double>(*r.best));
      best.points.emplace_back(n, static_cast<double>(*r.best), hover(r));
      if (!r.settled()) {  // the open interval, a thin bar around n on the log axis
        PlotRect gap(n * 0.96, n * 1.04, static_cast<double>(r.lower_bound), static_cast<double>(*r.best), color,
                     hover(r));
        p.rects.push_back(gap);
      }
    }
    if (!best.points.empty()) p.series.push_back(best);
  }
  p.x = PlotAxis("n (leaves)", nhi / std::max(nlo, 1.0) >= 4 ? AxisScale::log10 : AxisScale::linear, true);
  if (nlo > 0)  // the n of the searches: powers of two
    for (double n = nlo; n <= nhi; n *= 2) p.x.ticks.push_back(n);
  p.y = PlotAxis("steps", lo > 0 && hi / lo >= 10 ? AxisScale::log10 : AxisScale::linear, true);
  p.note = "Solid: best schedule found (replayed); bars: open gap down to the proved lower bound; dashed: paper.";
  p.width = 760;
  p.height = 420;
  return p;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> fattree_optimum_plots(const std::vector<FatTreeOptimumRow>& rows) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& op : distinct_values(rows, [](const FatTreeOptimumRow& r) { return r.op; })) {
    const Plot p = operation_plot(op, rows);
    if (!p.series.empty()) out.emplace_back(op, plot_svg(p));
  }
  return out;
}

Document fattree_optimum_document(const std::vector<FatTreeOptimumRow>& rows) {
  Document d;
  d.title = "blockcast fat-tree optimum";
  d.paragraph({{"Binary fat trees (Dimakopoulos and Dimopoulos 1995; SPEC Sec. 9, docs/fattree.md): the fewest "
                "steps the exact searches reached per operation, capacities and model, against the paper's formula. Every best schedule "
                "was replayed by the link-level simulator when this report was made; a lower bound above the "
                "analytic one is a refusal the search recorded (IMPOSSIBLE with a checked DRAT proof when it ran)."}});
  for (const auto& [op, svg] : fattree_optimum_plots(rows))
    d.figure(optimum_plot_file(op), op + ": best found and proved lower bound against n, paper formula dashed", svg);
  std::vector<std::vector<DocCell>> table;
  for (const auto& r : rows)
    table.push_back({{{r.op}},
                     {{r.capacities}},
                     {{r.model}},
                     {{std::to_string(r.n)}},
                     {{value_text(r.best)}},
                     {{std::to_string(r.lower_bound)}},
                     {{r.settled() ? "optimum" : "open"}},
                     {{value_text(r.formula)}},
                     {{r.lower_source}}});
  d.heading(2, "Table", "table");
  d.table({"op", "capacities", "model", "n", "best found", "lower bound", "status", "paper formula", "lower bound from"},
          table);
  return d;
}

WrittenPages write_fattree_optimum_report(const std::string& dir, const std::vector<FatTreeOptimumRow>& rows) {
  return write_pages(dir, "fattree_optimum", fattree_optimum_document(rows));
}

}  // namespace blockcast
