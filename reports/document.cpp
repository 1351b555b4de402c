// Markdown and HTML rendering of the report document model (see document.hpp).
#include "document.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "atomic_file.hpp"
#include "checked.hpp"
#include "version.hpp"
#include "xml.hpp"

namespace blockcast {

void Document::heading(int level, const std::string& text, const std::string& id) {
  Block b;
  b.kind = Block::Kind::heading;
  b.level = level;
  b.id = id;
  b.spans = {Span{text, "", false}};
  blocks.push_back(std::move(b));
}

void Document::paragraph(std::vector<Span> spans) {
  Block b;
  b.kind = Block::Kind::paragraph;
  b.spans = std::move(spans);
  blocks.push_back(std::move(b));
}

void Document::table(std::vector<std::string> header, std::vector<std::vector<DocCell>> rows) {
  Block b;
  b.kind = Block::Kind::table;
  b.header = std::move(header);
  b.rows = std::move(rows);
  blocks.push_back(std::move(b));
}

void Document::figure(const std::string& src, const std::string& caption, const std::string& svg, bool embed) {
  Block b;
  b.kind = Block::Kind::figure;
  b.src = src;
  b.spans = {Span{caption}};
  b.svg = svg;
  b.embed = embed;
  blocks.push_back(std::move(b));
}

std::string generator_stamp() { return std::string("blockcast ") + version(); }

bool is_zero_text(const std::string& s) {
  if (s.empty()) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  return end == s.c_str() + s.size() && v == 0;
}

void drop_blank_columns(std::vector<std::string>& header, std::vector<std::vector<DocCell>>& rows,
                        const std::vector<std::string>& columns) {
  for (size_t c = header.size(); c-- > 0;) {
    if (std::find(columns.begin(), columns.end(), header[c]) == columns.end()) continue;
    const bool blank = std::all_of(rows.begin(), rows.end(), [c](const std::vector<DocCell>& row) {
      if (c >= row.size()) return true;
      std::string t;
      for (const auto& span : row[c]) t += span.text;
      return t.empty() || t == "-" || is_zero_text(t);
    });
    if (!blank) continue;
    header.erase(header.begin() + static_cast<std::ptrdiff_t>(c));
    for (auto& row : rows)
      if (c < row.size()) row.erase(row.begin() + static_cast<std::ptrdiff_t>(c));
  }
}

namespace {

// An SVG file's text without its XML declaration, to sit inside the XHTML body.
std::string svg_element(const std::string& svg) {
  const auto start = svg.find("<svg");
  return start == std::string::npos ? std::string() : svg.substr(start);
}

std::string plain_text(const std::vector<Span>& spans) {
  std::string out;
  for (const auto& s : spans) out += s.text;
  return out;
}

// Inside a table cell a '|' would end the cell.
std::string md_text(const std::string& s, bool in_table) {
  if (!in_table) return s;
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string md_spans(const std::vector<Span>& spans, bool in_table) {
  std::string out;
  for (const auto& s : spans) {
    std::string t = md_text(s.text, in_table);
    if (s.code) t = "`" + t + "`";
    out += s.href.empty() ? t : "[" + t + "](" + s.href + ")";
  }
  return out;
}

std::string html_spans(const std::vector<Span>& spans) {
  std::string out;
  for (const auto& s : spans) {
    std::string t = xml_escape(s.text);
    if (s.code) t = "<code>" + t + "</code>";
    out += s.href.empty() ? t : "<a href=\"" + xml_escape(s.href) + "\">" + t + "</a>";
  }
  return out;
}

}  // namespace

std::string to_markdown(const Document& d) {
  std::ostringstream o;
  o << "# " << d.title << "\n\nWritten by " << generator_stamp() << ".\n";
  for (const auto& b : d.blocks) {
    o << "\n";
    switch (b.kind) {
      case Block::Kind::heading:
        if (!b.id.empty()) o << "<a id=\"" << xml_escape(b.id) << "\"></a>\n\n";
        o << std::string(static_cast<size_t>(b.level), '#') << " " << md_spans(b.spans, false) << "\n";
        break;
      case Block::Kind::paragraph:
        o << md_spans(b.spans, false) << "\n";
        break;
      case Block::Kind::table:
        o << "|";
        for (const auto& h : b.header) o << " " << md_text(h, true) << " |";
        o << "\n|";
        for (size_t i = 0; i < b.header.size(); ++i) o << "---|";
        o << "\n";
        for (const auto& row : b.rows) {
          o << "|";
          for (const auto& cell : row) o << " " << md_spans(cell, true) << " |";
          o << "\n";
        }
        break;
      case Block::Kind::figure:
        // The picture links its own SVG file (full size, hover texts in a browser).
        o << "[![" << b.src << "](" << b.src << ")](" << b.src << ")\n\n" << md_spans(b.spans, false) << "\n";
        break;
    }
  }
  o << "\n---\n\n" << generator_stamp() << "\n";
  return o.str();
}

std::string to_html(const Document& d) {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
    << "<meta charset=\"utf-8\"/>\n<title>" << xml_escape(d.title) << "</title>\n"
    << "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
       "table{border-collapse:collapse;margin:0.5em 0}th,td{border:1px solid #bbb;padding:0.2em 0.6em;"
       "text-align:left}th{background:#eee}code{font-size:95%}"
       "figure{margin:1em 0;overflow-x:auto}figure svg,figure img{max-width:none;display:block}"
       "figcaption{font-size:90%;color:#444}.stamp{color:#555;font-size:90%}</style>\n"
    << "</head>\n<body>\n<h1>" << xml_escape(d.title) << "</h1>\n"
    << "<p class=\"stamp\">Written by " << xml_escape(generator_stamp()) << ".</p>\n";
  for (const auto& b : d.blocks) {
    switch (b.kind) {
      case Block::Kind::heading:
        o << "<h" << b.level << (b.id.empty() ? "" : " id=\"" + xml_escape(b.id) + "\"") << ">" << html_spans(b.spans)
          << "</h" << b.level << ">\n";
        break;
      case Block::Kind::paragraph:
        o << "<p>" << html_spans(b.spans) << "</p>\n";
        break;
      case Block::Kind::table:
        o << "<table>\n<tr>";
        for (const auto& h : b.header) o << "<th>" << xml_escape(h) << "</th>";
        o << "</tr>\n";
        for (const auto& row : b.rows) {
          o << "<tr>";
          for (const auto& cell : row) o << "<td>" << html_spans(cell) << "</td>";
          o << "</tr>\n";
        }
        o << "</table>\n";
        break;
      case Block::Kind::figure: {
        const std::string inline_svg = b.embed ? svg_element(b.svg) : std::string();
        o << "<figure>\n"
          << (inline_svg.empty() ? "<img src=\"" + xml_escape(b.src) + "\" alt=\"" + xml_escape(plain_text(b.spans)) + "\"/>\n"
                                 : inline_svg)
          << "<figcaption>" << html_spans(b.spans) << " (<a href=\"" << xml_escape(b.src) << "\">SVG</a>)</figcaption>\n</figure>\n";
        break;
      }
    }
  }
  o << "<hr/>\n<p class=\"stamp\">" << xml_escape(generator_stamp()) << "</p>\n</body>\n</html>\n";
  return o.str();
}

WrittenPages write_pages(const std::string& dir, const std::string& stem, const Document& d) {
  namespace fs = std::filesystem;
  auto write = [](const fs::path& path, const std::string& text) { write_file_atomic(path.string(), text); };
  WrittenPages w{(fs::path(dir) / (stem + ".md")).string(), (fs::path(dir) / (stem + ".html")).string(), {}};
  for (const auto& b : d.blocks)
    if (b.kind == Block::Kind::figure && !b.svg.empty()) {
      w.figures.push_back((fs::path(dir) / b.src).string());
      write(w.figures.back(), b.svg);
    }
  write(w.markdown, to_markdown(d));
  write(w.html, to_html(d));
  return w;
}

}  // namespace blockcast
