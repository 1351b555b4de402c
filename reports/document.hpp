// A tiny document model (headings, paragraphs, tables of linked text, figures) rendered both
// as Markdown and as HTML, so a report (run_report.hpp, report_pages.hpp) states its content
// once and the two files cannot drift apart. The HTML is well-formed XML (XHTML syntax).
// A figure is an SVG file next to the report: Markdown shows it as an image linking that
// file; HTML embeds the SVG text inline when given (so <title> hover texts work) and links
// the same file, or shows it as <img> otherwise.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace blockcast {

struct Span {
  Span(std::string t, std::string link = "", bool mono = false)
      : text(std::move(t)), href(std::move(link)), code(mono) {}
  Span(const char* t) : text(t) {}
  std::string text;
  std::string href;   // relative link target, or "" for plain text
  bool code = false;  // monospace (words, file names)
};
using DocCell = std::vector<Span>;  // not `Cell`: every_p.hpp has a Cell too

struct Block {
  enum class Kind { heading, paragraph, table, figure } kind = Kind::paragraph;
  int level = 2;                        // heading level
  std::string id;                       // heading anchor (HTML)
  std::vector<Span> spans;              // heading / paragraph text
  std::vector<std::string> header;      // table
  std::vector<std::vector<DocCell>> rows;  // table
  std::string src;                      // figure: SVG file, relative to the report
  std::string svg;                      // figure: its text to embed in HTML ("" = <img>)
};

struct Document {
  std::string title;
  std::vector<Block> blocks;
  void heading(int level, const std::string& text, const std::string& id = "");
  void paragraph(std::vector<Span> spans);
  void table(std::vector<std::string> header, std::vector<std::vector<DocCell>> rows);
  void figure(const std::string& src, const std::string& caption, const std::string& inline_svg = "");
};

std::string to_markdown(const Document& d);
std::string to_html(const Document& d);

}  // namespace blockcast
