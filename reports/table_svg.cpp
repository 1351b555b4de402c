// Standalone SVG reception table (see table_render.hpp; Karp et al. 1993, Fig. 2 and 4, where
// active items are bold). Plain SVG 1.1 with no scripts or external fonts, so it opens in a
// browser and passes `xmllint --noout`.
#include <algorithm>
#include <sstream>

#include "table_render.hpp"
#include "xml.hpp"

namespace blockcast {

std::string table_svg(const ReceptionTable& t) {
  const bool groups = !t.row_groups.empty() && t.row_groups.size() == t.cells.size();
  size_t chars = std::to_string(t.last_step).size();
  for (const auto& row : t.cells)
    for (const auto& c : row) chars = std::max(chars, plain_cell(t, c).size());
  const int cw = std::max(24, static_cast<int>(chars) * 8 + 10), rh = 20;
  const int name_w = 44, group_w = groups ? 44 : 0, top = 44, left = 8;
  const int x0 = left + name_w + group_w;
  const std::string title = "Reception table: " + table_caption(t);
  const std::string legend =
      t.addressing == Addressing::relative
          ? "letter j = item whose broadcast ends j steps later; shaded upper case with children = internal node"
          : "item numbers; shaded bold = internal node (the processor forwards the item)";
  // Monospace glyphs are about 0.6 em wide: keep the caption lines inside the picture.
  const int width =
      std::max({x0 + cw * static_cast<int>(t.steps()) + left, 2 * left + static_cast<int>(title.size()) * 8,
                2 * left + static_cast<int>(legend.size()) * 6});
  const int height = top + rh * (static_cast<int>(t.cells.size()) + 1) + 8;

  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << width << "\" height=\"" << height
    << "\" viewBox=\"0 0 " << width << " " << height << "\" font-family=\"monospace\" font-size=\"12\">\n"
    << "<title>" << xml_escape("reception table: " + table_caption(t)) << "</title>\n"
    << "<rect x=\"0\" y=\"0\" width=\"" << width << "\" height=\"" << height << "\" fill=\"white\"/>\n"
    << "<text x=\"" << left << "\" y=\"16\" font-weight=\"bold\">" << xml_escape(title) << "</text>\n"
    << "<text x=\"" << left << "\" y=\"32\" font-size=\"10\">" << xml_escape(legend) << "</text>\n";
  auto text = [&](int x, int y, const std::string& body, const char* extra = "") {
    s << "<text x=\"" << x << "\" y=\"" << y << "\" text-anchor=\"middle\"" << extra << ">" << body << "</text>\n";
  };
  // Header row: step numbers.
  const int hy = top + rh - 6;
  s << "<text x=\"" << left << "\" y=\"" << hy << "\" font-weight=\"bold\">proc</text>\n";
  if (groups) s << "<text x=\"" << left + name_w << "\" y=\"" << hy << "\" font-weight=\"bold\">block</text>\n";
  for (std::int64_t c = 0; c < t.steps(); ++c)
    text(x0 + static_cast<int>(c) * cw + cw / 2, hy, std::to_string(t.first_step + c), " font-weight=\"bold\"");
  for (size_t r = 0; r < t.cells.size(); ++r) {
    const int y = top + rh * static_cast<int>(r + 1);
    s << "<text x=\"" << left << "\" y=\"" << y + rh - 6 << "\">" << xml_escape(t.row_names[r]) << "</text>\n";
    if (groups)
      s << "<text x=\"" << left + name_w << "\" y=\"" << y + rh - 6 << "\">" << xml_escape(t.row_groups[r])
        << "</text>\n";
    for (size_t c = 0; c < t.cells[r].size(); ++c) {
      const auto& cell = t.cells[r][c];
      const int x = x0 + static_cast<int>(c) * cw;
      s << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cw << "\" height=\"" << rh << "\" fill=\""
        << (cell.active ? "#ffe08a" : "none") << "\" stroke=\"#bbbbbb\"/>\n";
      if (cell.empty()) continue;
      std::string body = xml_escape(cell.symbol);
      if (cell.active && t.addressing == Addressing::relative)
        body += "<tspan dy=\"4\" font-size=\"9\">" + std::to_string(cell.children) + "</tspan>";
      text(x + cw / 2, y + rh - 6, body, cell.active ? " font-weight=\"bold\"" : "");
    }
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace blockcast
