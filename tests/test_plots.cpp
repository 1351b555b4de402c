// Plots in the reports (issue 17): the generic SVG plot writer (reports/svg_plot.hpp) on
// hand-checked tick positions, well-formedness by libxml2, one hover <title> per marker and
// per cell, and bad input (log axis through 0, nothing to draw); the run report's figures.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checked.hpp"
#include "run_report.hpp"
#include "svg_plot.hpp"
#include "xml_check.hpp"

using namespace blockcast;
using blockcast::testing::xml_count;
using blockcast::testing::xml_problem;
namespace fs = std::filesystem;

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

namespace {
std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

// The run report's figures on the hand-written L = 3 certificate (base case t = 7 is paper
// 000 Fig. 2's schedule) plus a summary.json with an unsolved L = 2: every SVG parses, the
// HTML embeds the plots inline and the reception table as an image, and a t0 that is not
// proved minimal is marked in the table, the section and the t0 plot.
TEST_CASE("run report figures: plots, verdict map, reception table, t0 not proved minimal") {
  const fs::path dir = fs::temp_directory_path() / ("blockcast-plots-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(std::string(BLOCKCAST_TEST_DATA) + "/../golden/run/L3", dir / "L3", fs::copy_options::recursive);
  nlohmann::json cert = nlohmann::json::parse(slurp((dir / "L3" / "certificate.json").string()));
  cert["t0_minimal"] = false;
  cert["smaller"].push_back({{"t", 4}, {"verdict", "UNKNOWN"}, {"mode", "exact"}, {"note", "node limit"}});
  std::ofstream(dir / "L3" / "certificate.json") << cert.dump();
  std::ofstream(dir / "summary.json") << R"([{"L":2,"verdict":"UNKNOWN","note":"time limit"},{"L":3,"verdict":"SOLVED"}])";

  const RunReportFiles f = write_run_report(dir.string());
  REQUIRE(f.figures.size() == 4);  // t0, time, verdict map, one reception table
  for (const auto& svg : f.figures) {
    CAPTURE(svg);
    CHECK(xml_problem(slurp(svg)) == "");
  }
  CHECK(fs::exists(dir / "plots" / "verdicts.svg"));
  CHECK(fs::exists(dir / "L3" / "reception_t7.svg"));
  const std::string html = slurp(f.html), md = slurp(f.markdown);
  CHECK(xml_problem(html) == "");
  CHECK(xml_count(html, "svg") == 3);  // the plots, inline (hover works there)
  CHECK(xml_count(html, "img") == 1);  // the reception table, as a file
  CHECK(html.find("<img src=\"L3/reception_t7.svg\"") != std::string::npos);
  CHECK(md.find("[![plots/verdicts.svg](plots/verdicts.svg)](plots/verdicts.svg)") != std::string::npos);
  CHECK(md.find("[![L3/reception_t7.svg](L3/reception_t7.svg)](L3/reception_t7.svg)") != std::string::npos);
  // t0 not proved minimal: summary row, section text and a separate point series.
  CHECK(md.find("| 3 | 7 (not proved minimal) |") != std::string::npos);
  CHECK(md.find("t0 is not proved minimal") != std::string::npos);
  const std::string t0 = slurp((dir / "plots" / "t0.svg").string());
  CHECK(t0.find("L=3: t0=7 (smallest found; a smaller t hit a limit)") != std::string::npos);
  // Verdict map: the UNKNOWN smaller t, the base-case window, the unsolved L = 2 row.
  const std::string map = slurp((dir / "plots" / "verdicts.svg").string());
  CHECK(map.find("L=3, t=4: UNKNOWN (exact)") != std::string::npos);
  CHECK(map.find("L=3, t=5..6: SOLVED (exact)") != std::string::npos);
  CHECK(map.find("L=3: base-case window t=7..9") != std::string::npos);
  CHECK(map.find("L=2, t=0: UNKNOWN, no certificate: time limit") != std::string::npos);
  CHECK(md.find("L=2: UNKNOWN (time limit)") != std::string::npos);
  // The reception table is the paper's L=3, t=7 schedule for 8 items.
  const std::string table = slurp((dir / "L3" / "reception_t7.svg").string());
  CHECK(table.find("L=3 P=10 delay=10 items 0..7") != std::string::npos);
  fs::remove_all(dir);
}
