// Plots in the reports: the generic SVG plot writer (reports/svg_plot.hpp) on
// hand-checked tick positions, well-formedness by libxml2, one hover <title> per marker and
// per cell, and bad input (log axis through 0, nothing to draw); the run report's figures,
// the every-P heat map and the fat-tree plots.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <map>
#include <regex>
#include <sstream>

#include "checked.hpp"
#include "fattree_plots.hpp"
#include "run_report.hpp"
#include "svg_plot.hpp"
#include "table_heatmap.hpp"
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
  CHECK(ticks(AxisScale::log10, 1, 10000) == std::vector<double>{1, 10, 100, 1000, 10000});
  CHECK(ticks(AxisScale::log10, 1.5, 300) == std::vector<double>{2, 5, 10, 20, 50, 100, 200});
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
  CHECK(md.find("| [3](#L3) | 7 (not proved minimal) |") != std::string::npos);
  CHECK(md.find("t0 is not proved minimal") != std::string::npos);
  const std::string t0 = slurp((dir / "plots" / "t0.svg").string());
  CHECK(t0.find("L=3: t0=7 (smallest found; a smaller candidate hit a limit)") != std::string::npos);
  // Verdict map: the UNKNOWN smaller t, the base-case window, the unsolved L = 2 row.
  const std::string map = slurp((dir / "plots" / "verdicts.svg").string());
  CHECK(map.find("L=3, t=4: UNKNOWN (a limit hit), complete search tried: node limit") != std::string::npos);
  CHECK(map.find("L=3, t=5..6: SOLVED by complete search") != std::string::npos);
  CHECK(map.find("L=3: base-case window t=7..9") != std::string::npos);
  CHECK(map.find("L=2, t=0: UNKNOWN (a limit hit), no certificate: time limit") != std::string::npos);
  CHECK(md.find("L=2: UNKNOWN (time limit)") != std::string::npos);
  // The reception table is the paper's L=3, t=7 schedule for 8 items.
  const std::string table = slurp((dir / "L3" / "reception_t7.svg").string());
  CHECK(table.find("L=3 P=10 delay=10 items 0..7") != std::string::npos);
  fs::remove_all(dir);
}

// The every-P heat map on hand-made ranges: one hovered rectangle per range (method and
// proof status in the hover text), '+k?' on an upper bound, grey for a range without schedule.
TEST_CASE("every-P heat map: one cell per range, method on hover, unproved and missing ranges marked") {
  auto range = [](int L, i64 from, i64 to, i64 lb, i64 delay, const char* method, bool proved) {
    CellRange r;
    r.L = L, r.P_from = from, r.P_to = to, r.t = 5, r.lower_bound = lb, r.delay = delay;
    r.shape = delay < 0 ? "-" : "pruned", r.method = method, r.proved = proved;
    return r;
  };
  const std::vector<CellRange> ranges = {range(2, 2, 5, 6, 6, "base case", false), range(2, 6, 6, 6, 7, "search", true),
                                         range(2, 7, 40, 7, 9, "composed", false), range(3, 2, 40, 8, -1, "none", false)};
  const std::string svg = table_heatmap_svg(ranges);
  REQUIRE(xml_problem(svg) == "");
  CHECK(svg.find("L=2, P=6 (t=5): D=7, lower bound 6 (D-LB 1), shape pruned, method search; optimal for "
                 "block-cyclic schedules on pruned trees") != std::string::npos);
  CHECK(svg.find(">+2?</text>") != std::string::npos);      // above the bound, not proved
  CHECK(svg.find("L=3, P=2..40 (t=5): no schedule") != std::string::npos);
  CHECK(svg.find("(log scale)") != std::string::npos);      // P spans a decade
  TableSummary s;
  s.cells = 78;
  const Document d = table_report_document(ranges, s);
  const std::string html = to_html(d), md = to_markdown(d);
  CHECK(xml_problem(html) == "");
  CHECK(xml_count(html, "svg") == 1);
  CHECK(xml_count(html, "tr") == 1 + 4);  // header + one row per range, next to the map
  CHECK(md.find("[![plots/excess.svg](plots/excess.svg)](plots/excess.svg)") != std::string::npos);
  CHECK(md.find("| 2 | 7..40 | 5 | 7 | 9 | 2 | pruned | composed | upper bound (not proved optimal) | - |") !=
        std::string::npos);
}

// Fat-tree plots on hand-made rows: one plot per operation, the formula as a dashed line per
// pattern, the simulated values as points with their status on hover.
TEST_CASE("fat-tree plots: formula line and simulated points per pattern") {
  std::vector<FatTreeTableRow> rows;
  for (std::int64_t n : {4, 8, 16})
    for (const char* pat : {"cbft", "ebft"}) {
      FatTreeTableRow r;
      r.op = "broadcast", r.pattern = pat, r.n = n, r.lower_bound = 0;
      r.simulated = 2 * (n == 4 ? 2 : n == 8 ? 3 : 4), r.formula = r.simulated, r.source = "2 log n", r.status = "ok";
      rows.push_back(r);
    }
  rows.push_back(rows.back());
  rows.back().op = "scatter", rows.back().formula.reset(), rows.back().status = "no formula";
  const auto plots = fattree_plots(rows);
  REQUIRE(plots.size() == 2);
  CHECK(plots[0].first == "broadcast");
  for (const auto& entry : plots) CHECK(xml_problem(entry.second) == "");
  CHECK(xml_count(plots[0].second, "polyline") == 2);  // one formula line per pattern
  CHECK(xml_count(plots[0].second, "circle") == 6 + 2);  // simulated points + legend swatches
  CHECK(plots[0].second.find("broadcast, ebft, n=16: simulated 8 steps, formula 8, paper LB 0; ok") != std::string::npos);
  CHECK(plots[1].second.find("formula -") != std::string::npos);
  const std::string html = to_html(fattree_report_document(rows));
  CHECK(xml_problem(html) == "");
  CHECK(xml_count(html, "svg") == 2);
}

// Every L labelled, legends naming the methods. Tick labels are the
// <text> elements anchored at the end (y axis) or rotated (dense x axis).
namespace {
// Label text -> pixel position along the axis, for the y tick labels of an SVG plot.
std::map<std::string, double> y_labels(const std::string& svg) {
  std::map<std::string, double> out;
  const std::regex re("<text x=\"[0-9.]+\" y=\"([0-9.]+)\" text-anchor=\"end\"[^>]*>([^<]*)</text>");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
    out[(*it)[2]] = std::stod((*it)[1]);
  return out;
}

// Every L in lo..hi has its label, each at least kMinTickGap pixels from the next.
void check_every_L(const std::string& svg, int lo, int hi) {
  const auto labels = y_labels(svg);
  double previous = -1;
  for (int L = lo; L <= hi; ++L) {
    CAPTURE(L);
    const auto it = labels.find(std::to_string(L));
    REQUIRE(it != labels.end());
    if (L > lo) CHECK(previous - it->second >= kMinTickGap - 0.1);  // y grows downwards
    previous = it->second;
  }
}

// A run of L = lo..hi as the conjecture command records it: smaller t solved by repair
// (t = 2L refuted by counting), base cases t0 = 2L + 2 .. by paper-greedy and repair.
std::vector<CertificateFile> synthetic_run(int lo, int hi) {
  std::vector<CertificateFile> certs;
  for (int L = lo; L <= hi; ++L) {
    CertificateFile c;
    c.dir = "L" + std::to_string(L), c.L = L, c.t0 = 2 * L + 2, c.x = 1, c.mode = "auto", c.shape = Shape::optimal;
    for (int t = 0; t < *c.t0; ++t) {
      const bool refuted = t == 2 * L;
      c.smaller.push_back({t, refuted ? "IMPOSSIBLE" : "SOLVED", refuted ? "counting" : "repair",
                           refuted ? "counting: misses the sum condition" : "", 0, 0.0});
    }
    for (int t = *c.t0; t < *c.t0 + L; ++t) {
      BaseCase b;
      b.t = t;
      b.method = t == *c.t0 ? "paper-greedy" : "repair";
      c.base_cases.push_back(b);
    }
    c.seconds = 0.01 * L;
    certs.push_back(c);
  }
  return certs;
}

std::string verdict_svg(const std::vector<CertificateFile>& certs) {
  for (const auto& f : run_figures(certs, {}))
    if (f.file == "plots/verdicts.svg") return f.svg;
  return "";
}
}  // namespace

TEST_CASE("svg plot: explicit ticks are all labelled, dense ones grow the plot or turn vertical") {
  Plot p;
  p.x = PlotAxis("P", AxisScale::linear, true);
  p.y = PlotAxis("L", AxisScale::linear, true);
  for (int L = 3; L <= 128; ++L) {
    p.y.ticks.push_back(L);
    p.x.ticks.push_back(100 + L);
    p.rects.emplace_back(100 + L - 0.5, 100 + L + 0.5, L - 0.5, L + 0.5, heat_color(0.5), "L=" + std::to_string(L));
  }
  const std::string svg = plot_svg(p);
  REQUIRE(xml_problem(svg) == "");
  check_every_L(svg, 3, 128);  // 126 rows: the 360 px default grew to fit 11 px each
  // x: 126 labels of 3 digits do not fit side by side in 640 px: rotated, and widened to 11 px each.
  const std::regex rotated("<text [^>]*transform=\"rotate\\(-90[^>]*>(2[0-9][0-9]|1[0-9][0-9])</text>");
  const auto n = std::distance(std::sregex_iterator(svg.begin(), svg.end(), rotated), std::sregex_iterator());
  CHECK(n == 126);
  // Few ticks stay horizontal and the plot keeps its size.
  Plot q = p;
  q.x.ticks = {103, 160, 228};
  q.y.ticks = {3, 64, 128};
  const std::string small = plot_svg(q);
  CHECK(small.find("rotate(-90 ") == small.rfind("rotate(-90 "));  // only the y-axis title
  CHECK(small.find("height=\"360.0\"") != std::string::npos);
}

TEST_CASE("verdict map: every L labelled (3..40 and 3..128), colours and hover name the method") {
  const std::string svg = verdict_svg(synthetic_run(3, 40));
  REQUIRE(xml_problem(svg) == "");
  check_every_L(svg, 3, 40);
  for (const char* legend : {"SOLVED by repair", "SOLVED by paper-greedy", "SOLVED by composition",
                             "IMPOSSIBLE by counting refutation", "base-case window t0..t0+L-1"}) {
    CAPTURE(legend);
    CHECK(svg.find(">" + std::string(legend) + "</text>") != std::string::npos);
  }
  CHECK(svg.find("UNKNOWN") == std::string::npos);  // no such cell: no legend entry
  CHECK(svg.find("<title>L=7, t=14: IMPOSSIBLE by counting refutation: counting: misses the sum condition</title>") !=
        std::string::npos);
  CHECK(svg.find("<title>L=7, t=0..13: SOLVED by repair</title>") != std::string::npos);
  CHECK(svg.find("<title>L=7, t=16: SOLVED by paper-greedy, base case (verified)</title>") != std::string::npos);
  CHECK(svg.find("<title>L=7, t=17..22: SOLVED by repair, base case (verified)</title>") != std::string::npos);
  CHECK(svg.find("SOLVED by composition (the induction from the base cases)</title>") != std::string::npos);
  const std::string wide = verdict_svg(synthetic_run(3, 128));
  REQUIRE(xml_problem(wide) == "");
  check_every_L(wide, 3, 128);
}

TEST_CASE("every-P heat map: every L labelled, the legend names the methods of each colour") {
  std::vector<CellRange> ranges;
  for (int L = 2; L <= 40; ++L) {
    CellRange a, b;
    a.L = b.L = L, a.t = b.t = 5;
    a.P_from = 2, a.P_to = 9, a.lower_bound = a.delay = L + 5, a.shape = "optimal", a.method = "base case";
    b.P_from = 10, b.P_to = 300, b.lower_bound = L + 6, b.delay = L + 7, b.shape = "pruned", b.proved = true;
    b.method = L % 2 ? "search" : "composed";
    ranges.push_back(a), ranges.push_back(b);
  }
  const std::string svg = table_heatmap_svg(ranges);
  REQUIRE(xml_problem(svg) == "");
  check_every_L(svg, 2, 40);
  CHECK(svg.find(">D - LB = 0 (optimal); by base case</text>") != std::string::npos);
  CHECK(svg.find(">D - LB = 1; by composed, search</text>") != std::string::npos);
  CHECK(svg.find("<title>L=3, P=10..300 (t=5): D=10, lower bound 9 (D-LB 1), shape pruned, method search;") !=
        std::string::npos);
}
