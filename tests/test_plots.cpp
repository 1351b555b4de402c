// Plots in the reports (issue 17): the generic SVG plot writer (reports/svg_plot.hpp) on
// hand-checked tick positions, well-formedness by libxml2, one hover <title> per marker and
// per cell, and bad input (log axis through 0, nothing to draw).
#include <doctest/doctest.h>

#include <cmath>

#include "checked.hpp"
#include "svg_plot.hpp"
#include "xml_check.hpp"

using namespace blockcast;
using blockcast::testing::xml_count;
using blockcast::testing::xml_problem;

namespace {
std::vector<double> ticks(AxisScale s, double lo, double hi, bool integer = false) {
  PlotAxis a;
  a.scale = s;
  a.integer = integer;
  return axis_ticks(a, lo, hi);
}
}  // namespace

TEST_CASE("svg plot: tick positions (linear 1-2-5 steps, integer axes, decades on log axes)") {
  CHECK(ticks(AxisScale::linear, 0, 10) == std::vector<double>{0, 2, 4, 6, 8, 10});
  CHECK(ticks(AxisScale::linear, 0, 1) == std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1});
  CHECK(ticks(AxisScale::linear, 2, 4, true) == std::vector<double>{2, 3, 4});
  CHECK(ticks(AxisScale::log10, 1, 1000) == std::vector<double>{1, 10, 100, 1000});
  CHECK(ticks(AxisScale::log10, 1, 50) == std::vector<double>{1, 2, 5, 10, 20, 50});
  CHECK(ticks(AxisScale::log10, 0.001, 100) == std::vector<double>{0.001, 0.01, 0.1, 1, 10, 100});
  // Inside one decade the log axis falls back to linear ticks.
  CHECK(ticks(AxisScale::log10, 2, 8).size() >= 3);
  CHECK(tick_label(1e6) == "1e+06");
  CHECK(tick_label(0.5) == "0.5");
  CHECK(tick_label(12) == "12");
}

TEST_CASE("svg plot: lines, markers with hover text, cells and legend parse as SVG") {
  Plot p;
  p.title = "t0 against L <&>";
  p.x = PlotAxis("L", AxisScale::linear, true);
  p.y = PlotAxis("seconds", AxisScale::log10);
  PlotSeries s("search time", series_color(0));
  for (int L = 3; L <= 10; ++L) s.points.push_back({double(L), std::pow(2.0, L) / 1000, "L=" + std::to_string(L)});
  p.series.push_back(s);
  p.series.push_back(PlotSeries("", series_color(1), {{3, 0.01}, {10, 1}}, true, false, true));
  p.rects.push_back(PlotRect(2.5, 3.5, 0.01, 0.1, heat_color(0.3), "cell \"hover\"", "S"));
  PlotRect window(3.5, 4.5, 0.01, 0.1);
  window.stroke = "#000000";
  window.stroke_width = 2;
  p.rects.push_back(window);
  p.legend.push_back(LegendEntry("SOLVED", heat_color(0.3)));
  p.note = "note";
  const std::string svg = plot_svg(p);
  REQUIRE(xml_problem(svg) == "");
  CHECK(xml_count(svg, "circle") == 8 + 1);    // markers + one legend swatch
  CHECK(xml_count(svg, "polyline") == 2);      // two series with lines
  CHECK(xml_count(svg, "title") == 1 + 8 + 1 + 1);  // plot, markers, one hovered cell, named line
  CHECK(svg.find("L=7") != std::string::npos);
  CHECK(svg.find("cell &quot;hover&quot;") != std::string::npos);
  CHECK(svg.find("(log scale)") != std::string::npos);
  CHECK(svg.find("t0 against L &lt;&amp;&gt;") != std::string::npos);
}

TEST_CASE("svg plot: heat colours run light to dark and stay in range") {
  CHECK(heat_color(0) == "#fff7bc");
  CHECK(heat_color(1) == "#253494");
  CHECK(heat_color(-3) == heat_color(0));
  CHECK(heat_color(7) == heat_color(1));
  CHECK(heat_color(NAN) == heat_color(0));
  CHECK(series_color(0) == series_color(8));
}

TEST_CASE("svg plot: bad input is an input error") {
  Plot p;
  CHECK_THROWS_AS(plot_svg(p), InputError);  // nothing to draw
  p.y.scale = AxisScale::log10;
  p.series.push_back(PlotSeries("", "#000000", {{1, 0}}, false, true));
  CHECK_THROWS_AS(plot_svg(p), InputError);  // 0 on a log axis
  p.series[0].points[0].y = NAN;
  p.y.scale = AxisScale::linear;
  CHECK_THROWS_AS(plot_svg(p), InputError);
  p.series[0].points[0].y = 1;
  p.x.min = 5;
  p.x.max = 5;
  CHECK_THROWS_AS(plot_svg(p), InputError);
  p.x.max = 6;
  CHECK(xml_problem(plot_svg(p)) == "");  // the point lies outside: clamped, still valid
}
