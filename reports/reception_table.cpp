// Building reception tables from explicit schedules (see reception_table.hpp; Karp et al. 1993
// Fig. 2 and 4). Children are counted only for receptions inside the table window, so a
// long schedule costs one pass over its messages plus the table itself.
#include "reception_table.hpp"

#include <algorithm>
#include <unordered_map>

#include "checked.hpp"

namespace blockcast {

std::string addressing_name(Addressing a) { return a == Addressing::relative ? "relative" : "absolute"; }

Addressing parse_addressing(const std::string& s) {
  if (s == "relative") return Addressing::relative;
  if (s == "absolute") return Addressing::absolute;
  throw InputError("unknown addressing '" + s + "' (expected relative or absolute)");
}

namespace {

std::string symbol(const ReceptionTable& t, std::int64_t item, std::int64_t step, bool active) {
  if (t.addressing == Addressing::absolute) return std::to_string(item);
  const std::int64_t j = item + t.delay - step;  // SPEC Sec. 3: letter j ends at step + j
  if (j < 0 || j > 99999) return "?";            // not a schedule with this delay
  return active ? letter_name_upper(static_cast<Letter>(j)) : letter_name(static_cast<Letter>(j));
}

}  // namespace

ReceptionTable reception_table(const Schedule& s, Addressing a,
                               std::optional<std::pair<std::int64_t, std::int64_t>> steps) {
  ReceptionTable t;
  t.L = s.L;
  t.P = s.P;
  t.delay = s.expected_delay;
  t.items = s.items;
  t.addressing = a;
  if (s.messages.empty()) throw InputError("the schedule has no messages; nothing to tabulate");
  std::int64_t lo = INT64_MAX, hi = 0;
  for (const auto& m : s.messages)
    lo = std::min<std::int64_t>(lo, m.recv_step), hi = std::max<std::int64_t>(hi, m.recv_step);
  if (steps) {
    if (steps->first > steps->second || steps->second > hi)
      throw InputError("step range " + std::to_string(steps->first) + ".." + std::to_string(steps->second) +
                       " is outside the schedule's steps 0.." + std::to_string(hi));
    lo = steps->first, hi = steps->second;
  }
  t.first_step = lo;
  t.last_step = hi;
  const std::int64_t rows = s.P - 1;
  if (rows < 1 || checked_mul(rows, t.steps(), "table size") > kMaxReceptionCells)
    throw InputError("reception table of " + std::to_string(rows) + " processors x " + std::to_string(t.steps()) +
                     " steps exceeds " + std::to_string(kMaxReceptionCells) + " cells; use --steps or fewer items");
  for (std::int64_t p = 1; p <= rows; ++p) t.row_names.push_back("P" + std::to_string(p));
  t.cells.assign(static_cast<size_t>(rows), std::vector<ReceptionCell>(static_cast<size_t>(t.steps())));

  // Pass 1: receptions in the window; pass 2: how often each receiver sends that item.
  auto key = [&](std::int64_t proc, std::int64_t item) { return proc * s.items + item; };
  std::unordered_map<std::int64_t, int> sends;
  for (const auto& m : s.messages) {
    if (m.recv_step < lo || m.recv_step > hi || m.receiver < 1 || m.receiver >= s.P) continue;
    auto& c = t.cells[static_cast<size_t>(m.receiver - 1)][static_cast<size_t>(m.recv_step - lo)];
    c.item = m.item;
    sends.emplace(key(m.receiver, m.item), 0);
  }
  for (const auto& m : s.messages)
    if (auto it = sends.find(key(m.sender, m.item)); it != sends.end()) ++it->second;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < t.steps(); ++c) {
      auto& cell = t.cells[static_cast<size_t>(r)][static_cast<size_t>(c)];
      if (cell.empty()) continue;
      cell.children = sends[key(r + 1, cell.item)];
      cell.active = cell.children > 0;
      cell.symbol = symbol(t, cell.item, lo + c, cell.active);
    }
  return t;
}

std::vector<std::string> layout_groups(const Assignment& a) {
  std::vector<std::string> out;
  for (const auto& b : a.blocks) {
    const std::string name = letter_name_upper(static_cast<Letter>(b.u)) + std::to_string(b.r);
    for (i64 c = 0; c < b.count; ++c)
      for (int q = 0; q < b.r; ++q) out.push_back(name);
  }
  out.push_back("r/o");
  return out;
}

std::string plain_cell(const ReceptionTable& t, const ReceptionCell& c) {
  if (c.empty()) return ".";
  if (!c.active) return c.symbol;
  if (t.addressing == Addressing::relative) return c.symbol + std::to_string(c.children);
  return c.symbol + "*";
}

nlohmann::json reception_json(const ReceptionTable& t) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t r = 0; r < t.cells.size(); ++r) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : t.cells[r]) cells.push_back(c.empty() ? std::string() : plain_cell(t, c));
    nlohmann::json row = {{"name", t.row_names[r]}, {"cells", cells}};
    if (t.row_groups.size() == t.cells.size()) row["block"] = t.row_groups[r];
    rows.push_back(row);
  }
  return {{"L", t.L}, {"P", t.P}, {"delay", t.delay}, {"k", t.items}, {"addressing", addressing_name(t.addressing)},
          {"first_step", t.first_step}, {"last_step", t.last_step}, {"rows", rows}};
}

}  // namespace blockcast
