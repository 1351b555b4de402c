// Escaping for the XML-based outputs (standalone SVG tables, the HTML run report). Both are
// written as well-formed XML so that `xmllint --noout` and the tests can parse them.
#pragma once
#include <string>

namespace blockcast {

inline std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace blockcast
