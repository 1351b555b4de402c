// Every-P table report (see table_heatmap.hpp). Colour = D - (L + B(P-1)), the distance of
// the delay found from the lower bound (0 = optimal); a range whose delay is above the bound
// and not proved optimal is labelled with '?' (an upper bound only). Ranges without any
// schedule (a limit stopped every depth) are grey.
#include "table_heatmap.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "svg_plot.hpp"

namespace blockcast {

namespace {

constexpr const char* kNoSchedule = "#9e9e9e";

std::string p_text(const CellRange& r) {
  return r.P_from == r.P_to ? std::to_string(r.P_from) : std::to_string(r.P_from) + ".." + std::to_string(r.P_to);
}

i64 excess(const CellRange& r) { return r.delay < 0 ? -1 : r.delay - r.lower_bound; }

// Colour position of an excess: at least three steps of the palette, so +1 is not the
// darkest colour when it is the worst (labels stay readable).
double shade(i64 e, i64 worst) { return e <= 0 ? 0 : static_cast<double>(e) / static_cast<double>(std::max<i64>(worst, 3)); }

// Proof status as the range table states it: at the bound is optimal by the bound itself.
std::string status(const CellRange& r) {
  if (r.delay < 0) return "no schedule (limit)";
  if (excess(r) == 0) return "optimal (meets the lower bound)";
  return r.proved ? "optimal for block-cyclic schedules on pruned trees (smaller delays refuted)"
                  : "upper bound (not proved optimal)";
}

}  // namespace

std::string table_heatmap_svg(const std::vector<CellRange>& ranges) {
  Plot p;
  p.title = "every-P table: delay D minus the lower bound L + B(P-1)";
  i64 pmin = 0, pmax = 0, worst = 0;
  int lmin = 0, lmax = 0;
  bool first = true, none = false;
  for (const auto& r : ranges) {
    pmin = first ? r.P_from : std::min(pmin, r.P_from);
    pmax = first ? r.P_to : std::max(pmax, r.P_to);
    lmin = first ? r.L : std::min(lmin, r.L);
    lmax = first ? r.L : std::max(lmax, r.L);
    first = false;
    worst = std::max(worst, excess(r));
    none = none || r.delay < 0;
  }
  const bool log_p = pmin > 0 && static_cast<double>(pmax) / static_cast<double>(pmin) >= 10;
  p.x = PlotAxis("P (processors including the source)", log_p ? AxisScale::log10 : AxisScale::linear, true);
  p.y = PlotAxis("L", AxisScale::linear, true);
  std::map<i64, std::set<std::string>> methods;  // per excess: the methods of its cells
  for (const auto& r : ranges) {
    p.y.ticks.push_back(r.L);  // every L is labelled (plot_svg drops duplicates)
    methods[excess(r)].insert(r.method);
    const i64 e = excess(r);
    const double f = shade(e, worst);
    const std::string fill = e < 0 ? kNoSchedule : heat_color(f);
    std::string hover = "L=" + std::to_string(r.L) + ", P=" + p_text(r) + " (t=" + std::to_string(r.t) + "): ";
    hover += r.delay < 0 ? "no schedule"
                         : "D=" + std::to_string(r.delay) + ", lower bound " + std::to_string(r.lower_bound) + " (D-LB " +
                               std::to_string(e) + "), shape " + r.shape;
    hover += ", method " + r.method + "; " + status(r);
    if (!r.below.empty()) hover += "; below: " + r.below;
    std::string label = e <= 0 ? "" : "+" + std::to_string(e);  // optimal ranges stay unlabelled
    if (e > 0 && !r.proved) label += "?";
    // Ranges cover [P_from - 1/2, P_to + 1/2], so neighbours touch on both axes.
    p.rects.emplace_back(static_cast<double>(r.P_from) - 0.5, static_cast<double>(r.P_to) + 0.5, r.L - 0.5, r.L + 0.5,
                         fill, hover, label);
    p.rects.back().stroke = "#ffffff";
    p.rects.back().stroke_width = 0.5;
    if (f > 0.6) p.rects.back().label_color = "#ffffff";
  }
  if (p.rects.empty()) p.rects.emplace_back(1.5, 2.5, 0.5, 1.5, "", "empty table");
  // The legend names the methods behind each colour (the hover names each cell's).
  auto by = [&methods](i64 e) {
    std::string m;
    for (const auto& name : methods[e]) m += (m.empty() ? "" : ", ") + name;
    return m.empty() ? std::string() : "; by " + m;
  };
  for (i64 e = 0; e <= worst; ++e)
    p.legend.emplace_back("D - LB = " + std::to_string(e) + (e == 0 ? " (optimal)" : "") + by(e),
                          heat_color(shade(e, worst)));
  if (none) p.legend.emplace_back("no schedule (a limit stopped every depth)", kNoSchedule);
  p.note = "Label +k: D - LB (none = optimal); '?' = above the bound and not proved optimal. Hover a range for method and proof.";
  p.width = 1000;
  p.height = std::clamp(110 + 26 * (lmax - lmin + 1), 220, 1000);  // plot_svg grows it so every L keeps a label
  return plot_svg(p);
}

Document table_report_document(const std::vector<CellRange>& ranges, const TableSummary& s) {
  Document d;
  d.title = "blockcast every-P table";
  d.paragraph({{"A checked block-cyclic schedule for every (L, P) (SPEC Sec. 2, 6-7). " + summary_line(s) +
                ". The heat map shows how far each delay D is from the lower bound L + B(P-1); the table lists "
                "the same ranges of P."}});
  d.figure("plots/excess.svg",
           "D minus the lower bound over (L, P): one rectangle per range of P with equal bound, delay, shape, "
           "method and proof status; hover for the details",
           table_heatmap_svg(ranges));
  std::vector<std::vector<DocCell>> rows;
  for (const auto& r : ranges) {
    const i64 e = excess(r);
    rows.push_back({{{std::to_string(r.L)}},
                    {{p_text(r)}},
                    {{std::to_string(r.t)}},
                    {{std::to_string(r.lower_bound)}},
                    {{r.delay < 0 ? "-" : std::to_string(r.delay)}},
                    {{e < 0 ? "-" : std::to_string(e)}},
                    {{r.shape}},
                    {{r.method}},
                    {{status(r)}},
                    {{r.below.empty() ? "-" : r.below}}});
  }
  d.heading(2, "Ranges of P", "ranges");
  d.table({"L", "P", "t", "lower bound", "D", "D - LB", "shape", "method", "status", "below"}, rows);
  return d;
}

WrittenPages write_table_report(const std::string& dir, const std::vector<CellRange>& ranges, const TableSummary& s) {
  return write_pages(dir, "table", table_report_document(ranges, s));
}

}  // namespace blockcast
