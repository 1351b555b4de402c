// `blockcast tree --L 6 --o 2 --g 4 --P 8`: the optimal single-item LogP broadcast tree and
// its completion time (SPEC Sec. 1; paper 000 Sec. 2, Fig. 1). The time is counted for any
// P up to 2^62; the edges are listed only for small trees.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "logp_tree.hpp"
#include "options.hpp"

namespace blockcast::cli {

namespace {
constexpr i64 kPrintedTree = 64;  // larger trees: completion time only

// One tree: its completion time, and its edges when it is small (kPrintedTree).
void print_tree(const Invocation& inv, const LogP& m, i64 P, bool json) {
  const i64 time = broadcast_time(m, P);
  std::vector<TreeNode> tree;
  if (P <= kPrintedTree) tree = optimal_tree(m, P);
  if (json) {
    nlohmann::json j{{"L", m.L}, {"o", m.o}, {"g", m.g}, {"P", P}, {"completion_time", time}};
    if (!tree.empty()) {
      nlohmann::json nodes = nlohmann::json::array();
      for (size_t id = 0; id < tree.size(); ++id)
        nodes.push_back({{"id", id}, {"parent", tree[id].parent}, {"label", tree[id].label}});
      j["nodes"] = nodes;
    }
    print_json(inv, "blockcast-tree", j);
    return;
  }
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
    int L = 3, o = 0, g = 1;
    IntList P;
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("tree", "optimal single-item LogP broadcast tree on P nodes and its completion time");
  add(sub, "L", args->L);
  add(sub, "o", args->o);
  add(sub, "g", args->g);
  add(sub, "P", args->P)->required();
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    for (const i64 P : args->P.values("P", 100'000)) print_tree(inv, LogP{args->L, args->o, args->g}, P, args->json);
  });
}

}  // namespace blockcast::cli
