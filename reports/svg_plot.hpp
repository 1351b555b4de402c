// A small generic SVG plot writer for the reports: one x/y plot with linear or
// log10 axes and ticks, line series with point markers, filled rectangles in data
// coordinates (heat maps, verdict maps: one rectangle per cell) and a legend. Every point
// and every rectangle may carry hover text (an SVG <title>), so a browser shows e.g. the
// method of a range or the exact t0 under the mouse.
//
// The output is standalone SVG 1.1, well-formed XML (no scripts, no external fonts, no
// ids), so it can be written to its own file, embedded inline in the XHTML report and
// parsed by libxml2 in the tests. Callers state data, not pixels: the writer picks the
// ranges (unless given), the tick positions and the layout.
//
// Example (delay against d, formula as a line, simulated values as points):
//   Plot p;
//   p.title = "k-broadcast: delay against d";
//   p.x = PlotAxis("d", AxisScale::linear, true);
//   p.y = PlotAxis("delay (steps)");
//   p.series.push_back({"formula", series_color(0), {{1, 5}, {2, 7}}, true, false});
//   p.series.push_back({"simulated", series_color(1), {{1, 5, "d=1: 5 steps"}}, false, true});
//   write_text_file(path, plot_svg(p));
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace blockcast {

enum class AxisScale { linear, log10 };

// Constructors rather than aggregates: callers name what they need, and -Wextra's
// missing-field-initializers stays quiet when a plot adds a field.
struct PlotAxis {
  PlotAxis(std::string l = "", AxisScale s = AxisScale::linear, bool integer_ticks = false)
      : label(std::move(l)), scale(s), integer(integer_ticks) {}
  std::string label;
  AxisScale scale = AxisScale::linear;
  std::optional<double> min, max;  // default: the data range (linear axes include a small margin)
  bool integer = false;            // ticks only at integers (L, t, P, steps)
  // Explicit tick positions, every one labelled (e.g. each L of a verdict map); empty = the
  // writer picks 1-2-5 / decade ticks. With explicit ticks the writer keeps the labels
  // apart: it rotates x labels that would overlap and makes the plot larger when even that
  // (or the y spacing) leaves less than kMinTickGap pixels per label.
  std::vector<double> ticks;
};

constexpr double kMinTickGap = 11;  // pixels between two labelled ticks (10 px font)

struct PlotPoint {
  PlotPoint(double px = 0, double py = 0, std::string h = "") : x(px), y(py), hover(std::move(h)) {}
  double x = 0, y = 0;
  std::string hover;  // <title> of the marker; "" = "(x, y)"
};

struct PlotSeries {
  PlotSeries(std::string n = "", std::string c = "#1f77b4", std::vector<PlotPoint> pts = {}, bool with_line = true,
             bool with_markers = true, bool dash = false)
      : name(std::move(n)), color(std::move(c)), points(std::move(pts)), line(with_line), markers(with_markers),
        dashed(dash) {}
  std::string name;                // legend text; "" = no legend entry
  std::string color = "#1f77b4";   // any SVG colour
  std::vector<PlotPoint> points;   // drawn in this order
  bool line = true;                // join the points by a polyline
  bool markers = true;             // a circle (with hover text) per point
  bool dashed = false;
  double line_width = 1.8, marker_radius = 3.5;  // larger for earlier series keeps equal values visible
};

// A rectangle [x0, x1] x [y0, y1] in data coordinates. fill "" = transparent; stroke "" =
// no outline. A short label is drawn centred when it fits.
struct PlotRect {
  PlotRect(double ax0 = 0, double ax1 = 0, double ay0 = 0, double ay1 = 0, std::string f = "", std::string h = "",
           std::string l = "")
      : x0(ax0), x1(ax1), y0(ay0), y1(ay1), fill(std::move(f)), hover(std::move(h)), label(std::move(l)) {}
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  std::string fill;
  std::string stroke;
  double stroke_width = 1;
  std::string hover;
  std::string label;
  std::string label_color = "#000000";  // e.g. white on dark cells
};

// A legend line: a swatch and its text (long texts wrap onto further lines, never cut).
struct LegendEntry {
  LegendEntry(std::string t = "", std::string f = "", std::string s = "")
      : text(std::move(t)), fill(std::move(f)), stroke(std::move(s)) {}
  std::string text;
  std::string fill;    // swatch colour ("" = none)
  std::string stroke;  // swatch outline ("" = none)
};

struct Plot {
  std::string title;
  PlotAxis x, y;
  std::vector<PlotRect> rects;     // drawn first (cells), in order
  std::vector<PlotSeries> series;  // drawn over the rectangles
  std::vector<LegendEntry> legend; // after the named series' entries
  std::string note;                // one small line under the plot ("" = none)
  int width = 640, height = 360;   // pixels of the whole picture
};

// The SVG text. InputError on a non-finite coordinate, a value <= 0 on a log axis, an
// empty plot (no point and no rectangle) or an explicit min >= max.
std::string plot_svg(const Plot& p);

// Tick positions for an axis range [lo, hi] (lo < hi; lo > 0 for log axes): "nice" values
// 1, 2, 5 x 10^k for linear axes (integers only if axis.integer), powers of ten for log
// axes (with 2 and 5 between them when the range spans less than 3.5 decades).
std::vector<double> axis_ticks(const PlotAxis& axis, double lo, double hi);

// Tick label: "12", "0.5", "1e+06" (shortest of %g with up to 4 significant digits).
std::string tick_label(double v);

// Distinct colours for series i = 0, 1, ... (cycles after 8).
std::string series_color(std::size_t i);
// Sequential colour for f in [0, 1] (light yellow -> dark blue), for heat maps; clamped.
std::string heat_color(double f);

}  // namespace blockcast
