// The k-item table in ranges as text and JSON (see kbroadcast_ranges.hpp).
#include "kbroadcast_ranges.hpp"

#include <cstdio>

namespace blockcast {

namespace {

std::string span(std::int64_t a, std::int64_t b) { return a == b ? std::to_string(a) : std::to_string(a) + ".." + std::to_string(b); }

std::string percent(std::int64_t part, std::int64_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buf;
}

}  // namespace

std::string range_table_text(const RangeTable& t) {
  std::string s = "L   P              k          status            time - bound  method\n";
  for (const PRange& p : t.rows)
    for (const KRange& k : p.ks) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%-3d %-14s %-10s %-17s %-13s %s\n", p.L, span(p.P0, p.P1).c_str(),
                    span(k.k0, k.k1).c_str(), status_name(k.status).c_str(),
                    k.status == RangeStatus::no_schedule ? "-" : ("+" + std::to_string(k.gap)).c_str(),
                    k.method.empty() ? "-" : k.method.c_str());
      s += buf;
    }
  s += "per L: cells, at the bound, proved above, upper bound only (largest gap), no schedule, endgames simulated, cells decided by the exact search, seconds\n";
  for (const RangeTableStats& st : t.per_L) {
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "  L=%d: %lld cells, %lld at the bound (%s), %lld proved above, %lld upper bound only (gap <= %lld), %lld no schedule, %lld simulated, %lld exact, %.1f s\n",
                  st.L, static_cast<long long>(st.cells), static_cast<long long>(st.at_bound),
                  percent(st.at_bound, st.cells).c_str(), static_cast<long long>(st.proved_above),
                  static_cast<long long>(st.upper_only), static_cast<long long>(st.max_gap),
                  static_cast<long long>(st.no_schedule), static_cast<long long>(st.simulated),
                  static_cast<long long>(st.exact), st.seconds);
    s += buf;
  }
  if (t.not_reached > 0) s += "time limit reached: " + std::to_string(t.not_reached) + " (L, P) not reached\n";
  return s;
}

nlohmann::json range_table_json(const RangeTable& t) {
  nlohmann::json rows = nlohmann::json::array(), per_L = nlohmann::json::array();
  for (const PRange& p : t.rows)
    for (const KRange& k : p.ks)
      rows.push_back({{"L", p.L}, {"P", {p.P0, p.P1}}, {"k", {k.k0, k.k1}}, {"status", status_name(k.status)},
                      {"gap", k.status == RangeStatus::no_schedule ? nlohmann::json() : nlohmann::json(k.gap)},
                      {"method", k.method}});
  for (const RangeTableStats& st : t.per_L)
    per_L.push_back({{"L", st.L}, {"cells", st.cells}, {"at_bound", st.at_bound}, {"proved_above", st.proved_above},
                     {"upper_only", st.upper_only}, {"no_schedule", st.no_schedule}, {"max_gap", st.max_gap},
                     {"simulated", st.simulated}, {"exact", st.exact}, {"seconds", st.seconds}});
  return {{"ranges", rows}, {"per_L", per_L}, {"not_reached", t.not_reached}};
}

}  // namespace blockcast
