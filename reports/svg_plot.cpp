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
#include <tuple>

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

namespace {

// A legend entry after wrapping: the swatch (a series' line/marker or a filled square) and
// its text lines.
struct LegendItem {
  std::vector<std::string> lines;
  std::string fill, stroke;
  const PlotSeries* series = nullptr;
};

constexpr std::size_t kLegendChars = 44;  // wrap width of legend texts
constexpr double kLegendLine = 13;        // pixels per legend text line

// Greedy word wrap; a word longer than the width gets a line of its own.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words(text);
  std::string w, line;
  while (words >> w) {
    if (!line.empty() && line.size() + 1 + w.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

// Ticks of one axis within [lo, hi] (data values): the caller's, or the writer's choice.
std::vector<double> ticks_in(const PlotAxis& axis, double lo, double hi) {
  if (axis.ticks.empty()) return axis_ticks(axis, lo, hi);
  std::vector<double> t;
  for (double v : axis.ticks)
    if (v >= lo - 1e-9 * std::abs(lo) && v <= hi + 1e-9 * std::abs(hi)) t.push_back(v);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

// Smallest distance in axis space between neighbouring ticks (0 with fewer than two).
double min_gap(const PlotAxis& axis, const std::vector<double>& ticks) {
  double g = 0;
  for (size_t i = 1; i < ticks.size(); ++i) {
    const double d = to_axis(axis, ticks[i], "tick") - to_axis(axis, ticks[i - 1], "tick");
    g = i == 1 ? d : std::min(g, d);
  }
  return g;
}

// Everything the drawing steps share: axes, ticks, pixel layout, legend.
struct Frame {
  double xlo, xhi, ylo, yhi;  // axis space
  std::vector<double> xt, yt;
  std::vector<LegendItem> legend;
  double width, height, legend_w;
  Layout a;
  bool rotate_x = false;  // x tick labels drawn vertically (explicit dense ticks)
  double tick_font = 11;  // explicit ticks: 10
};

// Picks the pixel layout; with explicit ticks it grows the picture until every label has
// kMinTickGap pixels (rotating x labels first), so every L of a verdict map is readable.
void lay_out(const Plot& p, Frame& f) {
  size_t ytick_chars = 1, xtick_chars = 1, legend_chars = 0;
  for (double v : f.yt) ytick_chars = std::max(ytick_chars, tick_label(v).size());
  for (double v : f.xt) xtick_chars = std::max(xtick_chars, tick_label(v).size());
  double legend_h = 0;
  for (const auto& e : f.legend) {
    for (const auto& l : e.lines) legend_chars = std::max(legend_chars, l.size());
    legend_h += std::max(17.0, kLegendLine * static_cast<double>(e.lines.size()) + 4);
  }
  if (!p.x.ticks.empty() || !p.y.ticks.empty()) f.tick_font = 10;
  f.legend_w = f.legend.empty() ? 0 : 34 + kCharWidth * static_cast<double>(legend_chars);
  double W = std::max(p.width, 200), H = std::max({p.height, 150, static_cast<int>(legend_h) + 60});
  const double xlabel_w = kCharWidth * static_cast<double>(xtick_chars) + 4;
  auto place = [&] {
    f.a.left = 8 + (p.y.label.empty() ? 0 : 16) + kCharWidth * static_cast<double>(ytick_chars) + 8;
    f.a.right = std::max(W - 12 - f.legend_w, f.a.left + 60);  // a long legend: the plot keeps a minimum
    f.a.top = p.title.empty() ? 12 : 34;
    f.a.bottom = H - (p.x.label.empty() ? 20 : 36) - (p.note.empty() ? 0 : 16) - (f.rotate_x ? xlabel_w - 10 : 0);
  };
  place();
  if (!p.y.ticks.empty() && f.yt.size() > 1) {
    const double need = kMinTickGap * (f.yhi - f.ylo) / min_gap(p.y, f.yt);
    if (f.a.bottom - f.a.top < need) H += need - (f.a.bottom - f.a.top);
  }
  if (!p.x.ticks.empty() && f.xt.size() > 1) {
    const double per = min_gap(p.x, f.xt) / (f.xhi - f.xlo);  // fraction of the plot width per label
    if (per * (f.a.right - f.a.left) < xlabel_w) {
      f.rotate_x = true;
      H += xlabel_w - 10;
    }
    if (per * (f.a.right - f.a.left) < kMinTickGap) W += kMinTickGap / per - (f.a.right - f.a.left);
  }
  place();
  f.width = std::max(W, f.a.right + 12 + f.legend_w);
  f.height = H;
}

void draw_rects(std::ostringstream& s, const Plot& p, const Mapper& mx, const Mapper& my) {
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
}

void draw_axes(std::ostringstream& s, const Plot& p, const Frame& f, const Mapper& mx, const Mapper& my) {
  const Layout& a = f.a;
  s << "<g stroke=\"#333333\" stroke-width=\"1\">\n"
    << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(a.bottom) << "\" x2=\"" << px(a.right) << "\" y2=\"" << px(a.bottom) << "\"/>\n"
    << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(a.top) << "\" x2=\"" << px(a.left) << "\" y2=\"" << px(a.bottom) << "\"/>\n";
  for (double v : f.xt) s << "<line x1=\"" << px(mx(v)) << "\" y1=\"" << px(a.bottom) << "\" x2=\"" << px(mx(v)) << "\" y2=\"" << px(a.bottom + 4) << "\"/>\n";
  for (double v : f.yt) s << "<line x1=\"" << px(a.left - 4) << "\" y1=\"" << px(my(v)) << "\" x2=\"" << px(a.left) << "\" y2=\"" << px(my(v)) << "\"/>\n";
  s << "</g>\n";
  const std::string font = f.tick_font == 11 ? "" : " font-size=\"" + px(f.tick_font) + "\"";
  for (double v : f.xt) {
    if (f.rotate_x)  // read bottom-up, ending at the tick
      text(s, mx(v) + 3.5, a.bottom + 7, tick_label(v),
           " text-anchor=\"end\"" + font + " transform=\"rotate(-90 " + px(mx(v) + 3.5) + " " + px(a.bottom + 7) + ")\"");
    else
      text(s, mx(v), a.bottom + 16, tick_label(v), " text-anchor=\"middle\"" + font);
  }
  for (double v : f.yt) text(s, a.left - 6, my(v) + f.tick_font * 0.36, tick_label(v), " text-anchor=\"end\"" + font);
  if (!p.x.label.empty())
    text(s, (a.left + a.right) / 2, f.height - (p.note.empty() ? 0 : 16) - 5,
         p.x.label + (is_log(p.x) ? " (log scale)" : ""), " text-anchor=\"middle\"");
  if (!p.y.label.empty()) {
    const double cx = 14, cy = (a.top + a.bottom) / 2;
    text(s, cx, cy, p.y.label + (is_log(p.y) ? " (log scale)" : ""),
         " text-anchor=\"middle\" transform=\"rotate(-90 " + px(cx) + " " + px(cy) + ")\"");
  }
}

void draw_series(std::ostringstream& s, const Plot& p, const Mapper& mx, const Mapper& my) {
  for (const auto& ser : p.series) {  // lines first, markers on top
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
}

void draw_legend(std::ostringstream& s, const Frame& f) {
  double ly = f.a.top + 4;
  const double lx = f.a.right + 14;
  for (const auto& e : f.legend) {
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
    for (size_t i = 0; i < e.lines.size(); ++i) text(s, lx + 24, ly + 10 + kLegendLine * static_cast<double>(i), e.lines[i]);
    ly += std::max(17.0, kLegendLine * static_cast<double>(e.lines.size()) + 4);
  }
}

}  // namespace

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
  Frame f;
  std::tie(f.xlo, f.xhi) = axis_range(p.x, xp, xr, "x");
  std::tie(f.ylo, f.yhi) = axis_range(p.y, yp, yr, "y");
  auto back = [&](const PlotAxis& a, double v) { return is_log(a) ? std::pow(10.0, v) : v; };
  f.xt = ticks_in(p.x, back(p.x, f.xlo), back(p.x, f.xhi));
  f.yt = ticks_in(p.y, back(p.y, f.ylo), back(p.y, f.yhi));
  for (const auto& ser : p.series)  // the named series, then the extra entries
    if (!ser.name.empty()) f.legend.push_back({wrap(ser.name, kLegendChars), "", "", &ser});
  for (const auto& e : p.legend) f.legend.push_back({wrap(e.text, kLegendChars), e.fill, e.stroke, nullptr});
  lay_out(p, f);
  const Layout& a = f.a;
  const Mapper mx{p.x, f.xlo, f.xhi, a.left, a.right}, my{p.y, f.ylo, f.yhi, a.bottom, a.top};

  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << px(f.width) << "\" height=\"" << px(f.height)
    << "\" viewBox=\"0 0 " << px(f.width) << " " << px(f.height) << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  if (!p.title.empty()) s << "<title>" << xml_escape(p.title) << "</title>\n";
  s << "<rect x=\"0\" y=\"0\" width=\"" << px(f.width) << "\" height=\"" << px(f.height) << "\" fill=\"white\"/>\n";
  if (!p.title.empty()) text(s, 8, 18, p.title, " font-size=\"13\" font-weight=\"bold\"");
  s << "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";  // grid
  for (double v : f.xt) s << "<line x1=\"" << px(mx(v)) << "\" y1=\"" << px(a.top) << "\" x2=\"" << px(mx(v)) << "\" y2=\"" << px(a.bottom) << "\"/>\n";
  for (double v : f.yt) s << "<line x1=\"" << px(a.left) << "\" y1=\"" << px(my(v)) << "\" x2=\"" << px(a.right) << "\" y2=\"" << px(my(v)) << "\"/>\n";
  s << "</g>\n";
  draw_rects(s, p, mx, my);
  draw_axes(s, p, f, mx, my);
  draw_series(s, p, mx, my);
  draw_legend(s, f);
  if (!p.note.empty()) text(s, 8, f.height - 6, p.note, " font-size=\"10\" fill=\"#555555\"");
  s << "</svg>\n";
  return s.str();
}

}  // namespace blockcast
