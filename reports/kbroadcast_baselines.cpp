// Rendering of the k-item baselines table (see kbroadcast_baselines.hpp).
#include "kbroadcast_baselines.hpp"

#include <cstdio>
#include <sstream>

#include "checked.hpp"
#include "kitem/baselines.hpp"
#include "svg_plot.hpp"

namespace blockcast {

namespace {

std::string ratio_text(std::int64_t time, std::int64_t bound) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(time) / static_cast<double>(bound));
  return buf;
}

// "22 (2.00)", or the failure.
std::string cell(bool ok, std::int64_t time, std::int64_t bound) {
  return ok ? std::to_string(time) + " (" + ratio_text(time, bound) + ")" : "FAILED";
}

std::string pad(const std::string& s, size_t w) { return s.size() >= w ? s + " " : std::string(w - s.size(), ' ') + s + " "; }

constexpr size_t kCell = 15;

}  // namespace

std::string baselines_header() {
  std::string h = pad("L", 3) + pad("P", 7) + pad("k", 7) + pad("bound", 6);
  for (const BaselineInfo& b : baselines()) h += pad(b.name, kCell);
  return h + pad("blockcast", kCell) + " ours\n";
}

std::string baselines_row_text(const BaselineRow& r) {
  std::string s = pad(std::to_string(r.L), 3) + pad(std::to_string(r.P), 7) + pad(std::to_string(r.k), 7) +
                  pad(std::to_string(r.lower_bound), 6);
  for (const BaselineTime& b : r.baselines) s += pad(cell(b.ok, b.time, r.lower_bound), kCell);
  s += pad(r.ours ? cell(r.ours_ok, *r.ours, r.lower_bound) : std::string("-"), kCell);
  return s + " " + r.ours_name + "\n";
}

std::string baselines_footer(const BaselineTable& t) {
  std::ostringstream o;
  o << "time = last reception step (ratio to the lower bound); every schedule replayed by the simulator.\n";
  for (const BaselineInfo& b : baselines()) o << "  " << b.name << ": " << b.source << "\n";
  o << "  blockcast: circulant (L = 1) or the best block-cyclic schedule cut after k items, no SAT endgame\n";
  for (const BaselineRow& r : t.rows)
    for (const BaselineTime& b : r.baselines)
      if (!b.ok) o << "FAILED: " << b.name << " L=" << r.L << " P=" << r.P << " k=" << r.k << ": " << b.violation << "\n";
  return o.str();
}

nlohmann::json baselines_json(const BaselineTable& t) {
  nlohmann::json j{{"baselines", nlohmann::json::array()}, {"rows", nlohmann::json::array()}, {"ok", t.ok()}};
  for (const BaselineInfo& b : baselines()) j["baselines"].push_back({{"name", b.name}, {"source", b.source}});
  for (const BaselineRow& r : t.rows) {
    nlohmann::json row{{"L", r.L}, {"P", r.P}, {"k", r.k}, {"lower_bound", r.lower_bound}, {"baselines", nlohmann::json::array()}};
    for (const BaselineTime& b : r.baselines) {
      nlohmann::json e{{"name", b.name}, {"simulated_ok", b.ok}, {"messages", b.messages}};
      if (b.ok) e["time"] = b.time, e["ratio"] = static_cast<double>(b.time) / static_cast<double>(r.lower_bound);
      else e["violation"] = b.violation;
      row["baselines"].push_back(e);
    }
    nlohmann::json ours{{"name", r.ours_name}, {"simulated_ok", r.ours_ok}};
    if (r.ours) ours["time"] = *r.ours, ours["ratio"] = static_cast<double>(*r.ours) / static_cast<double>(r.lower_bound);
    row["blockcast"] = ours;
    j["rows"].push_back(row);
  }
  return j;
}

std::string baselines_svg(const BaselineTable& t, bool ratio) {
  if (t.rows.empty()) throw InputError("no rows to plot");
  const BaselineRow& r0 = t.rows.front();
  bool several_k = false, several_P = false;
  for (const BaselineRow& r : t.rows) several_k |= r.k != r0.k, several_P |= r.P != r0.P;
  if (!several_k && !several_P) throw InputError("the plot needs several k (at one P) or several P (at one k)");
  std::vector<const BaselineRow*> rows;
  for (const BaselineRow& r : t.rows)
    if (r.L == r0.L && (several_k ? r.P == r0.P : r.k == r0.k)) rows.push_back(&r);
  auto x_of = [&](const BaselineRow& r) { return static_cast<double>(several_k ? r.k : r.P); };
  auto y_of = [&](std::int64_t time, const BaselineRow& r) {
    return ratio ? static_cast<double>(time) / static_cast<double>(r.lower_bound) : static_cast<double>(time);
  };
  Plot p;
  const std::string fixed = several_k ? "P = " + std::to_string(r0.P) : "k = " + std::to_string(r0.k);
  p.title = std::string(ratio ? "k-item broadcast: time / lower bound" : "k-item broadcast: completion time") + ", L = " +
            std::to_string(r0.L) + ", " + fixed;
  const double lo = x_of(*rows.front()), hi = x_of(*rows.back());
  p.x = PlotAxis(several_k ? "k (items)" : "P (processors)", hi >= 32 * lo ? AxisScale::log10 : AxisScale::linear, true);
  p.y = PlotAxis(ratio ? "time / lower bound" : "time (steps)", hi >= 32 * lo && !ratio ? AxisScale::log10 : AxisScale::linear);
  p.width = 720;
  p.height = 420;
  const std::vector<BaselineInfo>& list = baselines();
  for (size_t i = 0; i < list.size(); ++i) {
    PlotSeries s(list[i].name, series_color(i));
    for (const BaselineRow* r : rows)
      if (r->baselines[i].ok) s.points.emplace_back(x_of(*r), y_of(r->baselines[i].time, *r));
    p.series.push_back(s);
  }
  PlotSeries ours("blockcast", "#000000");
  ours.line_width = 2.6;
  for (const BaselineRow* r : rows)
    if (r->ours) ours.points.emplace_back(x_of(*r), y_of(*r->ours, *r), r->ours_name);
  p.series.push_back(ours);
  if (!ratio) {
    PlotSeries bound("lower bound", "#7f7f7f", {}, true, false, true);
    for (const BaselineRow* r : rows) bound.points.emplace_back(x_of(*r), static_cast<double>(r->lower_bound));
    p.series.push_back(bound);
  }
  p.note = "postal model, every schedule replayed by the simulator; time = last reception step";
  return plot_svg(p);
}

std::string baselines_closing_text(const BaselinesResult& r) {
  std::string s = baselines_footer(r.table);
  if (r.table.not_reached > 0) s += "time limit reached: " + std::to_string(r.table.not_reached) + " rows not reached\n";
  return s;
}

Outcome baselines_outcome(const BaselinesResult& r) {
  nlohmann::json j = baselines_json(r.table);
  if (r.table.not_reached > 0) j["not_reached"] = r.table.not_reached;
  return outcome_from_json("blockcast-kbroadcast-baselines", j, r.verdict);
}

}  // namespace blockcast
