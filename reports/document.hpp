// A tiny document model (headings, paragraphs, tables of linked text, figures) rendered both
// as Markdown and as HTML, so a report (run_report.hpp, table_heatmap.hpp, fattree_plots.hpp) states its content
// once and the two files cannot drift apart. The HTML is well-formed XML (XHTML syntax).
// A figure is an SVG file next to the report: Markdown shows it as an image linking that
// file; HTML embeds the SVG text inline (so <title> hover texts work) and links the same
// file, or shows it as <img> (large pictures without hover text, e.g. reception tables).
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
  std::string svg;                      // figure: its text (write_pages writes it to src)
  bool embed = true;                    // figure: inline in HTML (else <img>)
};

struct Document {
  std::string title;
  std::vector<Block> blocks;
  void heading(int level, const std::string& text, const std::string& id = "");
  void paragraph(std::vector<Span> spans);
  void table(std::vector<std::string> header, std::vector<std::vector<DocCell>> rows);
  void figure(const std::string& src, const std::string& caption, const std::string& svg, bool embed = true);
};

// Both renderings stamp the blockcast version (engine/version.hpp) under the title and at
// the end, so a report says which build wrote it. A heading with an id gets that anchor in
// HTML (id attribute) and in Markdown (an <a id> line before it), so "#L3" links work in both.
std::string to_markdown(const Document& d);
std::string to_html(const Document& d);

// "blockcast 0.9.0": the stamp above.
std::string generator_stamp();

// Statistics nobody needs to read: removes the named columns whose every cell is blank
// ("", "-") or zero ("0", "0.000"), so a report shows no all-zero block.
void drop_blank_columns(std::vector<std::string>& header, std::vector<std::vector<DocCell>>& rows,
                        const std::vector<std::string>& columns);
// Whether a text is a number equal to zero ("0", "0.000", "-0").
bool is_zero_text(const std::string& s);

// Writes DIR/<stem>.md, DIR/<stem>.html and every figure's SVG text to DIR/<src> (creating
// directories). InputError if a file cannot be written.
struct WrittenPages {
  std::string markdown, html;
  std::vector<std::string> figures;
};
WrittenPages write_pages(const std::string& dir, const std::string& stem, const Document& d);

}  // namespace blockcast
