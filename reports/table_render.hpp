// Rendering reception tables (reception_table.hpp; Karp et al. 1993, Fig. 2 and 4) as fixed-width
// text, a Markdown table and a standalone SVG picture. All three show the same cells; they
// differ only in how active receptions (internal nodes, forwarded afterwards) are marked:
// text "H5" / "7*", Markdown H<sub>5</sub> / **7**, SVG shaded bold cells.
#pragma once
#include <string>

#include "reception_table.hpp"

namespace blockcast {

// One-line description shared by all formats ("L=3 P=10 delay=10 items 0..7 ...").
std::string table_caption(const ReceptionTable& t);

std::string table_text(const ReceptionTable& t);
std::string table_markdown(const ReceptionTable& t);
std::string table_svg(const ReceptionTable& t);

}  // namespace blockcast
