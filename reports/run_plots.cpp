// Figures of the conjecture run report (see run_plots.hpp). The verdict map merges runs of
// equal cells in a row into one rectangle (a run to L = 128 has ~50 000 (L, t) cells but a
// few hundred runs), so the SVG stays small enough to embed in the HTML page.
#include "run_plots.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "assignment_json.hpp"
#include "checked.hpp"
#include "expand.hpp"
#include "reception_table.hpp"
#include "svg_plot.hpp"
#include "table_render.hpp"

namespace blockcast {

namespace fs = std::filesystem;

namespace {

constexpr double kMinSeconds = 1e-4;   // times below are drawn here (a log axis has no 0)
constexpr std::int64_t kMaxTableP = 64;  // reception tables: at most 63 rows ...
constexpr std::int64_t kMaxDrawnCells = 6000;   // ... and this many cells

const std::string kCovered = "#b7e4a8", kImpossible = "#d62728", kUnknown = "#f2b701",
                  kMinimal = "#1f77b4", kNotMinimal = "#d62728";

// Integer axes scale logarithmically once the data spans a decade (L = 3..128).
AxisScale scale_for(double lo, double hi) { return lo > 0 && hi / lo >= 10 ? AxisScale::log10 : AxisScale::linear; }

std::string fixed3(double s) {
  std::ostringstream o;
  o.precision(3);
  o << std::fixed << s;
  return o.str();
}

// One (L, t) cell of the verdict map before merging.
struct MapCell {
  int t;
  std::string fill, what;
};

std::optional<ReportFigure> t0_figure(const std::vector<CertificateFile>& certs,
                                      const std::map<int, nlohmann::json>& summary) {
  PlotSeries line("", "#bbbbbb", {}, true, false);
  PlotSeries minimal("t0 proved minimal", kMinimal, {}, false, true);
  PlotSeries open("t0 not proved minimal", kNotMinimal, {}, false, true);
  for (const auto& c : certs) {
    if (!c.t0) continue;
    const auto m = t0_minimal(c, summary);
    const bool not_minimal = m.has_value() && !*m;
    const std::string hover = "L=" + std::to_string(c.L) + ": t0=" + std::to_string(*c.t0) +
                              (not_minimal ? " (smallest found; a smaller candidate hit a limit)"
                               : m.has_value() ? " (proved minimal)" : "");
    line.points.emplace_back(c.L, *c.t0);
    (not_minimal ? open : minimal).points.emplace_back(c.L, *c.t0, hover);
  }
  if (line.points.empty()) return std::nullopt;
  Plot p;
  p.title = "t0 against L";
  p.x = PlotAxis("L", scale_for(line.points.front().x, line.points.back().x), true);
  p.y = PlotAxis("t0 (first base case)", AxisScale::linear, true);
  p.series = {line, minimal};
  if (!open.points.empty()) {
    p.series.push_back(open);
    p.note = "Red points: a smaller candidate t0 was not refuted (a limit hit), so t0 is only the smallest found.";
  }
  return ReportFigure{"plots/t0.svg",
                      "t0 (the first of the L base cases t0..t0+L-1) against L; hover a point for its value", plot_svg(p)};
}

std::optional<ReportFigure> time_figure(const std::vector<CertificateFile>& certs) {
  PlotSeries total("whole L", series_color(0));
  PlotSeries slowest("slowest base case", series_color(4), {}, false, true);
  bool clamped = false;
  for (const auto& c : certs) {
    if (c.seconds) {
      clamped = clamped || *c.seconds < kMinSeconds;
      total.points.emplace_back(c.L, std::max(*c.seconds, kMinSeconds),
                                "L=" + std::to_string(c.L) + ": " + fixed3(*c.seconds) + " s");
    }
    double worst = -1;
    for (const auto& b : c.base_cases)
      if (b.stats.contains("seconds") && b.stats["seconds"].is_number()) worst = std::max(worst, b.stats["seconds"].get<double>());
    if (worst >= 0) {
      clamped = clamped || worst < kMinSeconds;
      slowest.points.emplace_back(c.L, std::max(worst, kMinSeconds),
                                  "L=" + std::to_string(c.L) + ": slowest base case " + fixed3(worst) + " s");
    }
  }
  if (total.points.empty() && slowest.points.empty()) return std::nullopt;
  Plot p;
  p.title = "search time against L";
  const auto& xs = total.points.empty() ? slowest.points : total.points;
  p.x = PlotAxis("L", scale_for(xs.front().x, xs.back().x), true);
  p.y = PlotAxis("seconds", AxisScale::log10);
  if (!total.points.empty()) p.series.push_back(total);
  if (!slowest.points.empty()) p.series.push_back(slowest);
  if (clamped) p.note = "Times below 0.1 ms are drawn at 0.1 ms (a log axis has no zero).";
  return ReportFigure{"plots/time.svg",
                      std::string("Wall time per L (log scale) as recorded in the certificates: the whole L (base "
                                  "cases, smaller t, compositions)") +
                          (slowest.points.empty() ? "" : " and its slowest base case"),
                      plot_svg(p)};
}

// How a verdict-map cell is drawn: the legend text (verdict and the method that produced
// it) and its colour. One colour per (verdict, method), so the legend names the method.
struct CellStyle {
  std::string text, fill;
};

CellStyle cell_style(const std::string& verdict, const std::string& method) {
  static const CellStyle known[] = {
      {"SOLVED by paper-greedy", "#2ca02c"},          {"SOLVED by repair", "#17becf"},
      {"SOLVED by complete search", "#1f77b4"},       {"SOLVED by SAT", "#9467bd"},
      {"SOLVED by composition", kCovered},
      {"IMPOSSIBLE by counting refutation", kImpossible}, {"IMPOSSIBLE by complete search", "#8c1c13"},
      {"IMPOSSIBLE by SAT", "#e377c2"}};
  if (verdict != "SOLVED" && verdict != "IMPOSSIBLE") return {"UNKNOWN (a limit hit)", kUnknown};
  const std::string text = verdict + " by " + method_label(method);
  for (const auto& k : known)
    if (k.text == text) return k;
  return {text, verdict == "SOLVED" ? "#006d2c" : "#a50f15"};  // a method without its own colour
}

// The styles a verdict map uses, in order of first use: its legend.
struct MapLegend {
  std::vector<CellStyle> used;
  MapCell cell(int t, const CellStyle& st, const std::string& extra) {
    if (std::none_of(used.begin(), used.end(), [&st](const CellStyle& u) { return u.text == st.text; }))
      used.push_back(st);
    return MapCell{t, st.fill, st.text + extra};
  }
};

// The cells of one certificate's row: smaller t, the base cases t0..t0+L-1 and, when the
// certificate verified, the induction up to t_max.
std::vector<MapCell> certificate_row(const CertificateFile& c, int t_max, MapLegend& legend) {
  std::vector<MapCell> cells;
  for (const auto& s : c.smaller) {
    if (!s.t) continue;
    const CellStyle st = cell_style(s.verdict, s.mode);
    std::string extra;
    if (st.text.rfind("UNKNOWN", 0) == 0 && !s.mode.empty()) extra = ", " + method_label(s.mode) + " tried";
    if (s.verdict != "SOLVED" && !s.note.empty()) extra += ": " + s.note;
    cells.push_back(legend.cell(*s.t, st, extra));
  }
  if (!c.t0) return cells;
  for (int t = *c.t0; t < *c.t0 + c.L; ++t) {
    const auto b = std::find_if(c.base_cases.begin(), c.base_cases.end(), [t](const BaseCase& x) {
      return x.t ? *x.t == t : x.solved_t && *x.solved_t == t;
    });
    const std::string method = b == c.base_cases.end() ? "" : base_case_method(*b, c);
    cells.push_back(legend.cell(t, cell_style("SOLVED", method),
                                c.verified() ? ", base case (verified)" : ", base case (certificate not verified)"));
  }
  if (c.verified())
    for (int t = *c.t0 + c.L; t <= t_max; ++t)
      cells.push_back(legend.cell(t, cell_style("SOLVED", "composition"), " (the induction from the base cases)"));
  return cells;
}

// Row L of the map: runs of equal neighbouring cells become one rectangle.
void add_row(Plot& p, int L, std::vector<MapCell> cells) {
  std::sort(cells.begin(), cells.end(), [](const MapCell& a, const MapCell& b) { return a.t < b.t; });
  for (size_t i = 0; i < cells.size();) {
    size_t j = i;
    while (j + 1 < cells.size() && cells[j + 1].t == cells[j].t + 1 && cells[j + 1].fill == cells[i].fill &&
           cells[j + 1].what == cells[i].what)
      ++j;
    const std::string ts = cells[i].t == cells[j].t ? std::to_string(cells[i].t)
                                                    : std::to_string(cells[i].t) + ".." + std::to_string(cells[j].t);
    p.rects.emplace_back(cells[i].t - 0.5, cells[j].t + 0.5, L - 0.5, L + 0.5, cells[i].fill,
                         "L=" + std::to_string(L) + ", t=" + ts + ": " + cells[i].what);
    i = j + 1;
  }
  p.y.ticks.push_back(L);  // every L is labelled
}

std::optional<ReportFigure> verdict_figure(const std::vector<CertificateFile>& certs,
                                           const std::map<int, nlohmann::json>& summary) {
  Plot p;
  p.title = "verdicts over (L, t)";
  p.x = PlotAxis("t (depth of the tree; P - 1 = f_t)", AxisScale::linear, true);
  p.y = PlotAxis("L", AxisScale::linear, true);
  int t_max = 0;
  for (const auto& c : certs)
    if (c.t0) t_max = std::max(t_max, *c.t0 + 2 * c.L - 1);
  for (const auto& c : certs)
    for (const auto& s : c.smaller)
      if (s.t) t_max = std::max(t_max, *s.t);
  MapLegend legend;
  std::vector<PlotRect> windows;
  for (const auto& c : certs) {
    add_row(p, c.L, certificate_row(c, t_max, legend));
    if (!c.t0) continue;
    PlotRect w(*c.t0 - 0.5, *c.t0 + c.L - 0.5, c.L - 0.5, c.L + 0.5, "",
               "L=" + std::to_string(c.L) + ": base-case window t=" + std::to_string(*c.t0) + ".." +
                   std::to_string(*c.t0 + c.L - 1));
    w.stroke = "#000000";
    w.stroke_width = 1.5;
    windows.push_back(w);
  }
  for (const auto& [L, s] : summary) {  // an L the run did not solve has no certificate
    if (std::any_of(certs.begin(), certs.end(), [L = L](const CertificateFile& c) { return c.L == L; })) continue;
    const std::string v = s.value("verdict", std::string("UNKNOWN"));
    add_row(p, L, {legend.cell(0, cell_style(v, ""), ", no certificate: " + s.value("note", std::string("-")))});
  }
  if (p.rects.empty()) return std::nullopt;
  p.rects.insert(p.rects.end(), windows.begin(), windows.end());
  for (const auto& u : legend.used) p.legend.emplace_back(u.text, u.fill);
  if (!windows.empty()) p.legend.emplace_back("base-case window t0..t0+L-1", "", "#000000");
  p.width = 820;
  p.height = std::clamp(90 + 14 * static_cast<int>(p.y.ticks.size()), 240, 1100);  // plot_svg grows it for many L
  return ReportFigure{"plots/verdicts.svg",
                      "Verdict of every (L, t) the run decided, coloured by the method that decided it (the legend "
                      "names them); the outlined cells are the base cases, everything right of them is covered by "
                      "the induction; every L is labelled; hover a cell for its verdict and method",
                      plot_svg(p)};
}

}  // namespace

std::map<int, nlohmann::json> read_run_summary(const std::string& run_dir) {
  std::map<int, nlohmann::json> out;
  const fs::path path = fs::path(run_dir) / "summary.json";
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return out;
  try {
    const nlohmann::json j = read_json_file(path.string());
    if (!j.is_array()) return out;
    for (const auto& s : j)
      if (s.is_object() && s.contains("L") && s["L"].is_number_integer()) out[s["L"].get<int>()] = s;
  } catch (const InputError&) {  // a damaged summary only costs the extra lines
  }
  return out;
}

std::optional<bool> t0_minimal(const CertificateFile& c, const std::map<int, nlohmann::json>& summary) {
  if (c.t0_minimal) return c.t0_minimal;
  const auto it = summary.find(c.L);
  if (it != summary.end() && it->second.contains("t0_minimal") && it->second["t0_minimal"].is_boolean())
    return it->second["t0_minimal"].get<bool>();
  return std::nullopt;
}

std::string method_label(const std::string& method) {
  static const std::pair<const char*, const char*> names[] = {
      {"complete", "complete search"}, {"exact", "complete search"},  {"counting", "counting refutation"},
      {"sat", "SAT"},                  {"composed", "composition"},    {"constructive", "constructive methods"},
      {"none", "no method (time limit)"}};
  if (method.empty()) return "an unrecorded method";
  for (const auto& [raw, label] : names)
    if (method == raw) return label;
  return method;  // paper-greedy, repair, composition, ... are their own names
}

std::string base_case_method(const BaseCase& b, const CertificateFile& c) {
  if (!b.method.empty()) return b.method;
  return c.mode == "complete" || c.mode == "exact" ? "complete" : "";
}

std::vector<ReportFigure> run_figures(const std::vector<CertificateFile>& certs,
                                      const std::map<int, nlohmann::json>& summary) {
  std::vector<ReportFigure> out;
  for (auto f : {t0_figure(certs, summary), time_figure(certs), verdict_figure(certs, summary)})
    if (f) out.push_back(std::move(*f));
  return out;
}

std::optional<ReportFigure> base_case_reception(const CertificateFile& c, std::string& why_not) {
  const Assignment* best = nullptr;
  for (const auto& b : c.base_cases)
    if (b.assignment && b.valid() && (!best || b.assignment->t < best->t))  // checked when read
      best = &*b.assignment;
  if (!best) {
    why_not = "no base case passes the checker";
    return std::nullopt;
  }
  const Assignment& a = *best;
  if (a.P > kMaxTableP) {
    why_not = "not drawn: the smallest base case (t=" + std::to_string(a.t) + ") has P=" + std::to_string(a.P) +
              " processors, more than " + std::to_string(kMaxTableP) + " rows";
    return std::nullopt;
  }
  const i64 items = a.P <= 32 ? 8 : 4;
  ReceptionTable t = reception_table(expand_assignment(a, items), Addressing::absolute);
  if (static_cast<std::int64_t>(t.cells.size()) * t.steps() > kMaxDrawnCells) {
    why_not = "not drawn: " + std::to_string(t.cells.size()) + " x " + std::to_string(t.steps()) + " cells";
    return std::nullopt;
  }
  t.row_groups = layout_groups(a);
  return ReportFigure{c.dir + "/reception_t" + std::to_string(a.t) + ".svg",
                      "Reception table of the base case t=" + std::to_string(a.t) + " (P=" + std::to_string(a.P) +
                          ") for " + std::to_string(items) +
                          " items, as in Karp et al. 1993, Fig. 2: row = processor, column = step, cell = item "
                          "received; shaded = forwarded (internal node)",
                      table_svg(t)};
}

}  // namespace blockcast
