// Text and Markdown reception tables (see table_render.hpp; Karp et al. 1993, Fig. 2 and 4).
#include <algorithm>
#include <sstream>

#include "table_render.hpp"

namespace blockcast {

std::string table_caption(const ReceptionTable& t) {
  std::ostringstream s;
  s << "L=" << t.L << " P=" << t.P << " delay=" << t.delay << " items 0.." << t.items - 1 << " steps " << t.first_step
    << ".." << t.last_step << ", " << addressing_name(t.addressing) << " addressing";
  return s.str();
}

namespace {

std::string legend_text(const ReceptionTable& t) {
  if (t.addressing == Addressing::relative)
    return "cell: letter j = item whose broadcast ends j steps later; upper case + children = internal node "
           "(forwarded), e.g. H5; . = nothing";
  return "cell: item received; * = internal node (the processor forwards it); . = nothing";
}

std::string pad_left(const std::string& s, size_t w) { return std::string(w - std::min(w, s.size()), ' ') + s; }
std::string pad_right(const std::string& s, size_t w) { return s + std::string(w - std::min(w, s.size()), ' '); }

}  // namespace

std::string table_text(const ReceptionTable& t) {
  const bool groups = !t.row_groups.empty() && t.row_groups.size() == t.cells.size();
  size_t name_w = 4, group_w = 5, cell_w = std::to_string(t.last_step).size();
  for (size_t r = 0; r < t.cells.size(); ++r) {
    name_w = std::max(name_w, t.row_names[r].size());
    if (groups) group_w = std::max(group_w, t.row_groups[r].size());
    for (const auto& c : t.cells[r]) cell_w = std::max(cell_w, plain_cell(t, c).size());
  }
  std::ostringstream s;
  s << "reception table: " << table_caption(t) << "\n" << legend_text(t) << "\n";
  std::string head = pad_right("proc", name_w) + (groups ? " " + pad_right("block", group_w) : "") + " |";
  const size_t left = head.size() - 1;
  for (std::int64_t st = t.first_step; st <= t.last_step; ++st) head += " " + pad_left(std::to_string(st), cell_w);
  s << head << "\n" << std::string(left, '-') << "+" << std::string(head.size() - left - 1, '-') << "\n";
  for (size_t r = 0; r < t.cells.size(); ++r) {
    s << pad_right(t.row_names[r], name_w);
    if (groups) s << " " << pad_right(t.row_groups[r], group_w);
    s << " |";
    for (const auto& c : t.cells[r]) s << " " << pad_left(plain_cell(t, c), cell_w);
    s << "\n";
  }
  return s.str();
}

std::string table_markdown(const ReceptionTable& t) {
  const bool groups = !t.row_groups.empty() && t.row_groups.size() == t.cells.size();
  std::ostringstream s;
  s << "**Reception table**: " << table_caption(t) << ". ";
  if (t.addressing == Addressing::relative)
    s << "Letter j names the item whose broadcast ends j steps later; upper case with the number of "
         "children marks an internal node (the processor forwards the item).\n\n";
  else
    s << "Cells are item numbers; **bold** marks an internal node (the processor forwards the item).\n\n";
  s << "| proc |" << (groups ? " block |" : "");
  for (std::int64_t st = t.first_step; st <= t.last_step; ++st) s << " " << st << " |";
  s << "\n|:--|" << (groups ? ":--|" : "");
  for (std::int64_t st = t.first_step; st <= t.last_step; ++st) s << "--:|";
  s << "\n";
  for (size_t r = 0; r < t.cells.size(); ++r) {
    s << "| " << t.row_names[r] << " |" << (groups ? " " + t.row_groups[r] + " |" : "");
    for (const auto& c : t.cells[r]) {
      if (c.empty())
        s << " |";
      else if (!c.active)
        s << " " << c.symbol << " |";
      else if (t.addressing == Addressing::relative)
        s << " " << c.symbol << "<sub>" << c.children << "</sub> |";
      else
        s << " **" << c.symbol << "** |";
    }
    s << "\n";
  }
  return s.str();
}

}  // namespace blockcast
