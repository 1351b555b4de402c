// Certificate text with each base case rendered once (see certificate_text.hpp).
#include "certificate_text.hpp"

#include <stdexcept>
#include <string_view>

#include "assignment_json.hpp"

namespace blockcast {

namespace {

// Base case i's stand-in in the outline, found again as `"assignment": "<it, escaped>"`.
std::string placeholder(std::size_t i) { return "\x01" "base case " + std::to_string(i); }

// Appends `text` (a top-level JSON value, no final newline) as a value nested at the
// indentation of the line it starts on: every line after the first moves right by `indent`.
void append_nested(std::string& out, std::string_view text, std::size_t indent) {
  std::size_t from = 0;
  for (std::size_t nl; (nl = text.find('\n', from)) != std::string::npos; from = nl + 1) {
    out.append(text, from, nl + 1 - from);
    out.append(indent, ' ');
  }
  out.append(text, from, std::string::npos);
}

}  // namespace

CertificateText render_certificate(const Certificate& c, const std::vector<std::string>& files) {
  CertificateText out;
  std::size_t total = 0;
  for (const Assignment& a : c.base_cases) {
    out.base_cases.push_back(assignment_text(a));
    total += out.base_cases.back().size();
  }
  out.outline = to_json(c, files, [](std::size_t i) { return placeholder(i); });
  const std::string outline = json_text(out.outline);
  out.certificate.reserve(outline.size() + total + total / 4);
  std::size_t pos = 0;
  const std::string key = "\"assignment\": ";
  for (std::size_t i = 0; i < out.base_cases.size(); ++i) {
    // The key is part of the mark: inside a JSON string every quote is escaped, so only the
    // certificate's own structure matches, whatever the notes hold.
    const std::string value = nlohmann::json(placeholder(i)).dump();  // quoted and escaped
    const std::size_t at = outline.find(key + value, pos);
    if (at == std::string::npos) throw std::logic_error("render_certificate: base case " + std::to_string(i) + " not in the outline");
    const std::size_t line = outline.rfind('\n', at) + 1;  // the outline starts with '{', so a newline precedes
    out.certificate.append(outline, pos, at + key.size() - pos);
    const std::string_view text = out.base_cases[i];
    append_nested(out.certificate, text.substr(0, text.size() - 1), outline.find_first_not_of(' ', line) - line);
    pos = at + key.size() + value.size();
  }
  out.certificate.append(outline, pos, std::string::npos);
  return out;
}

}  // namespace blockcast
