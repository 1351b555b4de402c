// Range compression and rendering of the every-P table (see table_ranges.hpp).
#include "table_ranges.hpp"
#include "version.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace blockcast {

namespace {

std::string below_text(const Cell& c) {
  std::string s;
  for (const auto& d : c.depths) {
    if (d.T == c.T) break;
    if (!s.empty()) s += ", ";
    s += "L+t" + (d.T > c.t ? "+" + std::to_string(d.T - c.t) : std::string()) + " " + to_string(d.verdict);
  }
  return s;
}

CellRange range_of(const Cell& c) {
  CellRange r;
  r.L = c.L;
  r.P_from = r.P_to = c.P;
  r.t = c.t;
  r.lower_bound = c.lower_bound;
  r.delay = c.found() ? c.delay() : -1;
  r.shape = c.found() ? shape_name(c.shape) : "-";
  r.method = c.found() ? c.method : "-";
  r.proved = c.proved;
  r.below = below_text(c);
  r.periodic = c.periodic;
  return r;
}

std::string proof_text(const CellRange& r) {
  if (r.delay < 0) return "none";
  if (r.delay == r.lower_bound) return "optimal";
  return r.proved ? "optimal (block-cyclic, pruned trees)" : "upper bound";
}

std::string P_text(const CellRange& r) {
  return r.P_from == r.P_to ? std::to_string(r.P_from) : std::to_string(r.P_from) + ".." + std::to_string(r.P_to);
}

}  // namespace

std::vector<CellRange> compress_cells(const std::vector<Cell>& cells) {
  std::vector<CellRange> out;
  for (const auto& c : cells) {
    CellRange r = range_of(c);
    if (!out.empty()) {
      CellRange& last = out.back();
      CellRange probe = r;
      probe.P_from = last.P_from;
      probe.P_to = last.P_to;
      if (probe == last && last.P_to + 1 == r.P_from) {
        last.P_to = r.P_to;
        continue;
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

TableSummary summarize(const std::vector<Cell>& cells) {
  TableSummary s;
  for (const auto& c : cells) {
    ++s.cells;
    if (!c.found())
      ++s.none;
    else if (c.optimal())
      ++s.at_bound;
    else if (c.proved)
      ++s.proved_above;
    else
      ++s.upper_bound;
    if (c.periodic_at_bound) ++s.periodic_at_bound;
  }
  return s;
}

std::ptrdiff_t first_monotonicity_break(const std::vector<Cell>& cells) {
  for (std::size_t i = 0; i + 1 < cells.size(); ++i) {
    const Cell &a = cells[i], &b = cells[i + 1];
    if (a.L != b.L || b.P != a.P + 1) continue;
    if (!a.found() || !b.found() || a.delay() > b.delay()) return static_cast<std::ptrdiff_t>(i);
  }
  return -1;
}

std::string summary_line(const TableSummary& s) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%lld cells: %lld at the lower bound L+t, %lld above it proved optimal (block-cyclic, pruned trees), "
                "%lld upper bound only, %lld none; %.1f s",
                static_cast<long long>(s.cells), static_cast<long long>(s.at_bound),
                static_cast<long long>(s.proved_above), static_cast<long long>(s.upper_bound),
                static_cast<long long>(s.none), s.seconds);
  if (s.periodic_at_bound == 0) return buf;
  return std::string(buf) + "; " + std::to_string(s.periodic_at_bound) +
         " cells above it reach the lower bound with a periodic (not block-cyclic) schedule";
}

bool any_periodic(const std::vector<CellRange>& ranges) {
  return std::any_of(ranges.begin(), ranges.end(), [](const CellRange& r) { return !r.periodic.empty(); });
}

std::string ranges_text(const std::vector<CellRange>& ranges, const TableSummary& s) {
  // Columns as wide as their longest entry (method and status at least their usual width), so
  // that rows line up also with long methods ("L=2 construction", "not reached (time limit)")
  // and P needs no room for ranges it does not print.
  std::size_t wP = 1, wm = 10, ws = 38;
  for (const auto& r : ranges)
    wP = std::max(wP, P_text(r).size()), wm = std::max(wm, r.method.size()), ws = std::max(ws, proof_text(r).size());
  const int P = static_cast<int>(wP), m = static_cast<int>(wm), st = static_cast<int>(ws);
  std::string out;
  char buf[1024];
  const bool periodic = any_periodic(ranges);
  std::snprintf(buf, sizeof buf, "%3s %-*s %4s %6s %6s %-8s %-*s %-*s %s\n", "L", P, "P", "t", "bound", "delay", "shape", m,
                "method", st, "status", "below");
  out += periodic ? std::string(buf, std::strlen(buf) - 1) + "  | periodic\n" : std::string(buf);
  for (const auto& r : ranges) {
    std::snprintf(buf, sizeof buf, "%3d %-*s %4d %6lld %6s %-8s %-*s %-*s %s\n", r.L, P, P_text(r).c_str(), r.t,
                  static_cast<long long>(r.lower_bound), r.delay < 0 ? "none" : std::to_string(r.delay).c_str(),
                  r.shape.c_str(), m, r.method.c_str(), st, proof_text(r).c_str(), r.below.empty() ? "-" : r.below.c_str());
    out += periodic ? std::string(buf, std::strlen(buf) - 1) + "  | " + (r.periodic.empty() ? "-" : r.periodic) + "\n"
                    : std::string(buf);
  }
  return out + summary_line(s) + "\n";
}

std::string ranges_markdown(const std::vector<CellRange>& ranges, const TableSummary& s) {
  const bool periodic = any_periodic(ranges);
  std::string out = "| L | P | t | lower bound | delay | shape | method | status | depths below |" +
                    std::string(periodic ? " periodic |" : "") + "\n|---|---|---|---|---|---|---|---|---|" +
                    (periodic ? "---|" : "") + "\n";
  for (const auto& r : ranges)
    out += "| " + std::to_string(r.L) + " | " + P_text(r) + " | " + std::to_string(r.t) + " | " +
           std::to_string(r.lower_bound) + " | " + (r.delay < 0 ? "none" : std::to_string(r.delay)) + " | " + r.shape +
           " | " + r.method + " | " + proof_text(r) + " | " + (r.below.empty() ? "-" : r.below) + " |" +
           (periodic ? " " + (r.periodic.empty() ? std::string("-") : r.periodic) + " |" : "") + "\n";
  return out + "\n" + summary_line(s) + "\n";
}

nlohmann::json ranges_json(const std::vector<CellRange>& ranges, const TableSummary& s) {
  nlohmann::json rs = nlohmann::json::array();
  for (const auto& r : ranges) {
    rs.push_back({{"L", r.L},
                  {"P_from", r.P_from},
                  {"P_to", r.P_to},
                  {"t", r.t},
                  {"lower_bound", r.lower_bound},
                  {"delay", r.delay < 0 ? nlohmann::json(nullptr) : nlohmann::json(r.delay)},
                  {"shape", r.shape},
                  {"method", r.method},
                  {"status", proof_text(r)},
                  {"proved", r.proved},
                  {"below", r.below}});
    if (!r.periodic.empty()) rs.back()["periodic"] = r.periodic;
  }
  nlohmann::json summary{{"cells", s.cells},
                         {"at_lower_bound", s.at_bound},
                         {"proved_above_lower_bound", s.proved_above},
                         {"upper_bound_only", s.upper_bound},
                         {"none", s.none},
                         {"seconds", s.seconds}};
  if (s.periodic_at_bound > 0) summary["periodic_at_lower_bound"] = s.periodic_at_bound;
  return {{"format", "blockcast-table"},
          {"version", 2},
          {"blockcast_version", version()},
          {"ranges", rs},
          {"summary", summary}};
}

}  // namespace blockcast
