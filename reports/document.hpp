// A tiny document model (headings, paragraphs, tables of linked text) rendered both as
// Markdown and as HTML, so the run report (run_report.hpp) states its content once and the
// two files cannot drift apart. The HTML is well-formed XML (XHTML syntax).
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
using Cell = std::vector<Span>;

struct Block {
  enum class Kind { heading, paragraph, table } kind = Kind::paragraph;
  int level = 2;                        // heading level
  std::string id;                       // heading anchor (HTML)
  std::vector<Span> spans;              // heading / paragraph text
  std::vector<std::string> header;      // table
  std::vector<std::vector<Cell>> rows;  // table
};

struct Document {
  std::string title;
  std::vector<Block> blocks;
  void heading(int level, const std::string& text, const std::string& id = "");
  void paragraph(std::vector<Span> spans);
  void table(std::vector<std::string> header, std::vector<std::vector<Cell>> rows);
};

std::string to_markdown(const Document& d);
std::string to_html(const Document& d);

}  // namespace blockcast
