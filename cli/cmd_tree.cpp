// `blockcast tree --L 6 --o 2 --g 4 --P 8`: the optimal single-item LogP broadcast tree and
// its completion time (SPEC Sec. 1; Karp et al. 1993 Sec. 2, Fig. 1). The time is counted for any
// P up to 2^62; the edges are listed only for small trees.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "logp_tree.hpp"
#include "options.hpp"

namespace blockcast::cli {

namespace {
constexpr i64 kPrintedTree = 64;  // larger trees: completion time only

// One tree as JSON: its completion time, and its nodes when it is small (kPrintedTree).
nlohmann::json tree_json(const LogP& m, i64 P) {
  nlohmann::json j{{"L", m.L}, {"o", m.o}, {"g", m.g}, {"P", P}, {"completion_time", broadcast_time(m, P)}};
  if (P > kPrintedTree) return j;
  const std::vector<TreeNode> tree = optimal_tree(m, P);
  nlohmann::json nodes = nlohmann::json::array();
  for (size_t id = 0; id < tree.size(); ++id)
    nodes.push_back({{"id", id}, {"parent", tree[id].parent}, {"label", tree[id].label}});
  j["nodes"] = nodes;
  return j;
}

// The same as text: edges parent->child with their labels.
void print_tree(const LogP& m, i64 P) {
  const i64 time = broadcast_time(m, P);
  std::vector<TreeNode> tree;
  if (P <= kPrintedTree) tree = optimal_tree(m, P);
  std::cout << "LogP L=" << m.L << " o=" << m.o << " g=" << m.g << "  P=" << P
            << "  completion time " << time << "\n";
  if (tree.empty()) {
    std::cout << "(edges listed only for P <= " << kPrintedTree << ")\n";
    return;
  }
  std::cout << "edges parent->child (label):\n";
  for (size_t id = 1; id < tree.size(); ++id) {
    const auto& n = tree[id];
    std::cout << "  " << n.parent << "(" << tree[static_cast<size_t>(n.parent)].label << ")->" << id
              << "(" << n.label << ")\n";
  }
}
}  // namespace

void register_tree(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, o = 0, g = 1;
    IntList P;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("tree", "optimal single-item LogP broadcast tree on P nodes and its completion time");
  add(sub, "L", args->L);
  add(sub, "o", args->o);
  add(sub, "g", args->g);
  add(sub, "P", args->P);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    const LogP m{args->L, args->o, args->g};
    const std::vector<i64> Ps = args->P.values("P", 100'000);
    if (!args->json) {
      for (const i64 P : Ps) print_tree(m, P);
    } else if (Ps.size() == 1) {
      print_json(inv, "blockcast-tree", tree_json(m, Ps.front()));
    } else {  // several P: one envelope, one entry per P
      nlohmann::json results = nlohmann::json::array();
      for (const i64 P : Ps) results.push_back(tree_json(m, P));
      print_json(inv, "blockcast-tree", {{"results", results}});
    }
  });
}

}  // namespace blockcast::cli
