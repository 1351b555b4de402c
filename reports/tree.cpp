// Text and JSON of the `tree` run (see tree.hpp; Karp et al. 1993, Sec. 2, Fig. 1).
#include "tree.hpp"

#include <sstream>

namespace blockcast {

namespace {

// One tree as JSON: its completion time, and its nodes when they were listed.
nlohmann::json tree_json(const LogP& m, const TreeAnswer& t) {
  nlohmann::json j{{"L", m.L}, {"o", m.o}, {"g", m.g}, {"P", t.P}, {"completion_time", t.completion_time}};
  if (t.P > kListedTree) return j;
  nlohmann::json nodes = nlohmann::json::array();
  for (std::size_t id = 0; id < t.nodes.size(); ++id)
    nodes.push_back({{"id", id}, {"parent", t.nodes[id].parent}, {"label", t.nodes[id].label}});
  j["nodes"] = nodes;
  return j;
}

}  // namespace

Outcome tree_outcome(const TreeResult& r) {
  nlohmann::json payload;
  if (r.trees.size() == 1) {
    payload = tree_json(r.model, r.trees.front());
  } else {  // several P: one envelope, one entry per P
    nlohmann::json results = nlohmann::json::array();
    for (const auto& t : r.trees) results.push_back(tree_json(r.model, t));
    payload = {{"results", results}};
  }
  return outcome_from_json("blockcast-tree", payload, r.verdict);
}

std::string tree_text(const TreeResult& r) {
  std::ostringstream out;
  const LogP& m = r.model;
  for (const auto& t : r.trees) {
    out << "LogP L=" << m.L << " o=" << m.o << " g=" << m.g << "  P=" << t.P << "  completion time "
        << t.completion_time << "\n";
    if (t.nodes.empty()) {
      out << "(edges listed only for P <= " << kListedTree << ")\n";
      continue;
    }
    out << "edges parent->child (label):\n";
    for (std::size_t id = 1; id < t.nodes.size(); ++id) {
      const auto& n = t.nodes[id];
      out << "  " << n.parent << "(" << t.nodes[static_cast<std::size_t>(n.parent)].label << ")->" << id << "("
          << n.label << ")\n";
    }
  }
  return out.str();
}

}  // namespace blockcast
