// libxml2 helpers for the plot tests: parse an SVG/XHTML string without DTDs or
// network, report the first error, and count elements by name (markers, cells, <title>s).
#pragma once
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <string>

namespace blockcast::testing {

// "" when `s` is well-formed XML, else libxml2's first error with its line.
inline std::string xml_problem(const std::string& s) {
  std::string problem;
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (ctxt == nullptr) return "libxml2: no parser context";
  xmlDocPtr doc = xmlCtxtReadMemory(ctxt, s.data(), static_cast<int>(s.size()), "output.xml", nullptr,
                                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == nullptr || !ctxt->wellFormed) {
    const xmlError* e = xmlCtxtGetLastError(ctxt);
    problem = e && e->message ? "line " + std::to_string(e->line) + ": " + e->message : "not well-formed";
    while (!problem.empty() && problem.back() == '\n') problem.pop_back();
  }
  xmlFreeDoc(doc);
  xmlFreeParserCtxt(ctxt);
  return problem;
}

namespace detail {
inline int count_in(xmlNodePtr n, const std::string& name) {
  int c = 0;
  for (; n; n = n->next) {
    if (n->type == XML_ELEMENT_NODE && name == reinterpret_cast<const char*>(n->name)) ++c;
    c += count_in(n->children, name);
  }
  return c;
}
}  // namespace detail

// Number of elements with local name `name` in the parsed document (-1 if it does not parse).
inline int xml_count(const std::string& s, const std::string& name) {
  xmlDocPtr doc = xmlReadMemory(s.data(), static_cast<int>(s.size()), "output.xml", nullptr,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == nullptr) return -1;
  const int c = detail::count_in(xmlDocGetRootElement(doc), name);
  xmlFreeDoc(doc);
  return c;
}

}  // namespace blockcast::testing
