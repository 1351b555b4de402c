// SVG plot writer (see svg_plot.hpp). Layout: title on top, y tick labels and the rotated y
// label on the left, x ticks and label below, legend on the right. Coordinates are mapped
// to pixels per axis (log10 axes map log10(v)); everything outside the plot area is clamped
// to its border rather than clipped, because clip paths need ids and several plots share
// one HTML page.
#include "svg_plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "checked.hpp"
#include "xml.hpp"

namespace blockcast {

namespace {

constexpr double kCharWidth = 6.5;  // average glyph width of 11 px sans-serif, for layout only

std::string px(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

bool is_log(const PlotAxis& a) { return a.scale == AxisScale::log10; }

// Data value -> axis space (log10 for log axes), checking it can be drawn.
double to_axis(const PlotAxis& a, double v, const char* which) {
  if (!std::isfinite(v)) throw InputError(std::string("plot: non-finite ") + which + " value");
  if (!is_log(a)) return v;
  if (v <= 0) throw InputError(std::string("plot: ") + which + " value " + tick_label(v) + " on a log axis");
  return std::log10(v);
}

struct Range {
  double lo = 0, hi = 0;
  bool any = false;
  void add(double v) {
    lo = any ? std::min(lo, v) : v;
    hi = any ? std::max(hi, v) : v;
    any = true;
  }
};

// The axis range in axis space: explicit bounds win; points get a 4 % margin, rectangle
// edges none (cells end where the plot ends).
std::pair<double, double> axis_range(const PlotAxis& a, const Range& points, const Range& rects, const char* which) {
  Range r = rects;
  if (points.any) {
    const double span = points.hi - points.lo;
    const double pad = span > 0 ? 0.04 * span : (is_log(a) ? 0.5 : std::max(1.0, std::abs(points.lo) * 0.1));
    r.add(points.lo - pad);
    r.add(points.hi + pad);
  }
  double lo = a.min ? to_axis(a, *a.min, which) : r.lo;
  double hi = a.max ? to_axis(a, *a.max, which) : r.hi;
  if (a.min && a.max && lo >= hi) throw InputError(std::string("plot: ") + which + " axis min >= max");
  if (!(lo < hi)) {  // one value only, or explicit bounds past the data
    if (a.min) hi = lo + 1;
    else lo = hi - 1;
  }
  return {lo, hi};
}

std::vector<double> linear_ticks(double lo, double hi, bool integer) {
  const double raw = (hi - lo) / 6;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * mag;
  for (double m : {1.0, 2.0, 5.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  if (integer) step = std::max(1.0, std::round(step));
  std::vector<double> ticks;
  // k * step, rounded to 12 significant digits (0.6, not 3 * 0.2 = 0.6000000000000001).
  for (double k = std::ceil(lo / step - 1e-9); k * step <= hi + 1e-9 * step && ticks.size() < 100; ++k) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.12g", k * step);
    ticks.push_back(k == 0 ? 0.0 : std::strtod(buf, nullptr));
  }
  return ticks;
}

struct Layout {
  double left, right, top, bottom;  // plot area in pixels
};

struct Mapper {
  const PlotAxis& axis;
  double lo, hi, p0, p1;  // axis-space range -> pixel range
  double operator()(double v) const {
    const double a = is_log(axis) ? std::log10(v) : v;
    const double f = (a - lo) / (hi - lo);
    return std::clamp(p0 + f * (p1 - p0), std::min(p0, p1), std::max(p0, p1));
  }
};

void text(std::ostringstream& s, double x, double y, const std::string& body, const std::string& attrs = "") {
  s << "<text x=\"" << px(x) << "\" y=\"" << px(y) << "\"" << attrs << ">" << xml_escape(body) << "</text>\n";
}

void title_child(std::ostringstream& s, const std::string& hover) {
  if (!hover.empty()) s << "<title>" << xml_escape(hover) << "</title>";
}

}  // namespace

std::string tick_label(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::vector<double> axis_ticks(const PlotAxis& axis, double lo, double hi) {
  if (!(lo < hi)) return {lo};
  if (!is_log(axis)) return linear_ticks(lo, hi, axis.integer);
  const double a = std::log10(lo), b = std::log10(hi);
  std::vector<double> ticks;
  const bool fine = b - a < 3.5;
  for (double e = std::floor(a); e <= std::ceil(b); ++e)
    for (double m : {1.0, 2.0, 5.0}) {
      if (m != 1 && !fine) continue;
      const double v = m * std::pow(10.0, e);
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && (!axis.integer || v >= 1)) ticks.push_back(v);
    }
  if (ticks.size() < 3) return linear_ticks(lo, hi, axis.integer);  // about one decade or less
  return ticks;
}

std::string series_color(std::size_t i) {
  static const char* const colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                       "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};
  return colors[i % 8];
}

std::string heat_color(double f) {
  // Light yellow -> green -> dark blue (a coarse viridis reversed), linear between stops.
  static const double stops[][3] = {{255, 247, 188}, {161, 218, 180}, {65, 182, 196}, {44, 127, 184}, {37, 52, 148}};
  if (!std::isfinite(f)) f = 0;
  f = std::clamp(f, 0.0, 1.0) * 4;
  const int i = std::min(3, static_cast<int>(f));
  const double u = f - i;
  char buf[8];
  int rgb[3];
  for (int c = 0; c < 3; ++c) rgb[c] = static_cast<int>(std::lround(stops[i][c] + u * (stops[i + 1][c] - stops[i][c])));
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
  return buf;
}

std::string plot_svg(const Plot& p) {
  // Ranges in axis space.
  Range xp, yp, xr, yr;
  for (const auto& s : p.series)
    for (const auto& pt : s.points) {
      xp.add(to_axis(p.x, pt.x, "x"));
      yp.add(to_axis(p.y, pt.y, "y"));
    }
  for (const auto& r : p.rects) {
    xr.add(to_axis(p.x, r.x0, "x"));
    xr.add(to_axis(p.x, r.x1, "x"));
    yr.add(to_axis(p.y, r.y0, "y"));
    yr.add(to_axis(p.y, r.y1, "y"));
  }
  if (!xp.any && !xr.any) throw InputError("plot: nothing to draw (no point and no rectangle)");
  const auto [xlo, xhi] = axis_range(p.x, xp, xr, "x");
  const auto [ylo, yhi] = axis_range(p.y, yp, yr, "y");
  auto back = [&](const PlotAxis& a, double v) { return is_log(a) ? std::pow(10.0, v) : v; };
  const std::vector<double> xt = axis_ticks(p.x, back(p.x, xlo), back(p.x, xhi));
  const std::vector<double> yt = axis_ticks(p.y, back(p.y, ylo), back(p.y, yhi));

  // Legend entries: the named series, then the extra ones.
  struct Entry {
    std::string text, fill, stroke;
    const PlotSeries* series = nullptr;
  };
  std::vector<Entry> legend;
  for (const auto& s : p.series)
    if (!s.name.empty()) legend.push_back({s.name, "", "", &s});
  for (const auto& e : p.legend) legend.push_back({e.text, e.fill, e.stroke, nullptr});
  size_t legend_chars = 0, ytick_chars = 1;
  for (const auto& e : legend) legend_chars = std::max(legend_chars, e.text.size());
  for (double v : yt) ytick_chars = std::max(ytick_chars, tick_label(v).size());

  const double W = std::max(p.width, 200), H = std::max(p.height, 150);
  const double legend_w = legend.empty() ? 0 : 34 + kCharWidth * static_cast<double>(std::min<size_t>(legend_chars, 40));
  Layout a;
  a.left = 8 + (p.y.label.empty() ? 0 : 16) + kCharWidth * static_cast<double>(ytick_chars) + 8;
  a.right = W - 12 - legend_w;
  a.top = p.title.empty() ? 12 : 34;
  a.bottom = H - (p.x.label.empty() ? 20 : 36) - (p.note.empty() ? 0 : 16);
  if (a.right - a.left < 60) a.right = a.left + 60;  // a long legend: the plot keeps a minimum
  const double width = std::max(W, a.right + 12 + legend_w);
  const Mapper mx{p.x, xlo, xhi, a.left, a.right}, my{p.y, ylo, yhi, a.bottom, a.top};

  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << px(width) << "\" height=\"" << px(H)
    << "\" viewBox=\"0 0 " << px(width) << " " << px(H) << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  if (!p.title.empty()) s << "<title>" << xml_escape(p.title) << "</title>\n";
  s << "<rect x=\"0\" y=\"0\" width=\"" << px(width) << "\" height=\"" << px(H) << "\" fill=\"white\"/>\n";
  if (!p.title.empty()) text(s, 8, 18, p.title, " font-size=\"13\" font-weight=\"bold\"");

  // Grid and ticks.
  s << "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (double v : xt) s << "<line x1=\"" << px(mx(v)) << "\" y1=\"" << px(a.top) << "\" x2=\"" << px(mx(v)) << "\" y2=\"" << px(a.bottom) << "\"/>\n";
  for (double v : yt) s << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(my(v)) << "\" x2=\"" << px(a.right) << "\" y2=\"" << px(my(v)) << "\"/>\n";
  s << "</g>\n";

  // Rectangles (cells).
  for (const auto& r : p.rects) {
    const double x0 = mx(r.x0), x1 = mx(r.x1), y0 = my(r.y0), y1 = my(r.y1);
    const double rx = std::min(x0, x1), ry = std::min(y0, y1), rw = std::abs(x1 - x0), rh = std::abs(y1 - y0);
    s << "<rect x=\"" << px(rx) << "\" y=\"" << px(ry) << "\" width=\"" << px(rw) << "\" height=\"" << px(rh)
      << "\" fill=\"" << (r.fill.empty() ? "none" : xml_escape(r.fill)) << "\"";
    if (!r.stroke.empty()) s << " stroke=\"" << xml_escape(r.stroke) << "\" stroke-width=\"" << px(r.stroke_width) << "\"";
    s << ">";
    title_child(s, r.hover);
    s << "</rect>\n";
    if (!r.label.empty() && kCharWidth * static_cast<double>(r.label.size()) + 2 <= rw && rh >= 11)
      text(s, rx + rw / 2, ry + rh / 2 + 4, r.label,
           " text-anchor=\"middle\" font-size=\"10\" pointer-events=\"none\" fill=\"" + xml_escape(r.label_color) + "\"");
  }

  // Axes, tick marks and labels.
  s << "<g stroke=\"#333333\" stroke-width=\"1\">\n"
    << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(a.bottom) << "\" x2=\"" << px(a.right) << "\" y2=\"" << px(a.bottom) << "\"/>\n"
    << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(a.top) << "\" x2=\"" << px(a.left) << "\" y2=\"" << px(a.bottom) << "\"/>\n";
  for (double v : xt) s << "<line x1=\"" << px(mx(v)) << "\" y1=\"" << px(a.bottom) << "\" x2=\"" << px(mx(v)) << "\" y2=\"" << px(a.bottom + 4) << "\"/>\n";
  for (double v : yt) s << "<line x1=\"" << px(a.left - 4) << "\" y1=\"" << px(my(v)) << "\" x2=\"" << px(a.left) << "\" y2=\"" << px(my(v)) << "\"/>\n";
  s << "</g>\n";
  for (double v : xt) text(s, mx(v), a.bottom + 16, tick_label(v), " text-anchor=\"middle\"");
  for (double v : yt) text(s, a.left - 6, my(v) + 4, tick_label(v), " text-anchor=\"end\"");
  if (!p.x.label.empty())
    text(s, (a.left + a.right) / 2, a.bottom + 31, p.x.label + (is_log(p.x) ? " (log scale)" : ""), " text-anchor=\"middle\"");
  if (!p.y.label.empty()) {
    const double cx = 14, cy = (a.top + a.bottom) / 2;
    text(s, cx, cy, p.y.label + (is_log(p.y) ? " (log scale)" : ""),
         " text-anchor=\"middle\" transform=\"rotate(-90 " + px(cx) + " " + px(cy) + ")\"");
  }

  // Series: lines, then markers on top.
  for (const auto& ser : p.series) {
    if (!ser.line || ser.points.size() < 2) continue;
    s << "<polyline fill=\"none\" stroke=\"" << xml_escape(ser.color) << "\" stroke-width=\"" << px(ser.line_width) << "\""
      << (ser.dashed ? " stroke-dasharray=\"6 4\"" : "") << " points=\"";
    for (size_t i = 0; i < ser.points.size(); ++i)
      s << (i ? " " : "") << px(mx(ser.points[i].x)) << "," << px(my(ser.points[i].y));
    s << "\">";
    title_child(s, ser.name);
    s << "</polyline>\n";
  }
  for (const auto& ser : p.series) {
    if (!ser.markers) continue;
    for (const auto& pt : ser.points) {
      s << "<circle cx=\"" << px(mx(pt.x)) << "\" cy=\"" << px(my(pt.y)) << "\" r=\"" << px(ser.marker_radius) << "\" fill=\""
        << xml_escape(ser.color) << "\" stroke=\"white\" stroke-width=\"0.8\">";
      title_child(s, !pt.hover.empty() ? pt.hover
                                       : (ser.name.empty() ? "" : ser.name + ": ") + "(" + tick_label(pt.x) + ", " +
                                             tick_label(pt.y) + ")");
      s << "</circle>\n";
    }
  }

  // Legend.
  double ly = a.top + 4;
  const double lx = a.right + 14;
  for (const auto& e : legend) {
    if (e.series) {
      const auto& ser = *e.series;
      if (ser.line)
        s << "<line x1=\"" << px(lx) << "\" y1=\"" << px(ly + 6) << "\" x2=\"" << px(lx + 18) << "\" y2=\"" << px(ly + 6)
          << "\" stroke=\"" << xml_escape(ser.color) << "\" stroke-width=\"1.8\""
          << (ser.dashed ? " stroke-dasharray=\"6 4\"" : "") << "/>\n";
      if (ser.markers)
        s << "<circle cx=\"" << px(lx + 9) << "\" cy=\"" << px(ly + 6) << "\" r=\"3.5\" fill=\"" << xml_escape(ser.color)
          << "\"/>\n";
    } else {
      s << "<rect x=\"" << px(lx + 3) << "\" y=\"" << px(ly) << "\" width=\"12\" height=\"12\" fill=\""
        << (e.fill.empty() ? "none" : xml_escape(e.fill)) << "\" stroke=\""
        << (e.stroke.empty() ? "#999999" : xml_escape(e.stroke)) << "\" stroke-width=\"" << (e.stroke.empty() ? "0.5" : "2")
        << "\"/>\n";
    }
    std::string label = e.text;
    if (label.size() > 40) label = label.substr(0, 39) + "~";
    text(s, lx + 24, ly + 10, label);
    ly += 17;
  }
  if (!p.note.empty()) text(s, 8, H - 6, p.note, " font-size=\"10\" fill=\"#555555\"");
  s << "</svg>\n";
  return s.str();
}

}  // namespace blockcast
