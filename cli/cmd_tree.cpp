// `blockcast tree --L 6 --o 2 --g 4 --P 8`: the optimal single-item LogP broadcast tree and
// its completion time (SPEC Sec. 1; Karp et al. 1993 Sec. 2, Fig. 1): parses the request, calls the
// run (search/tree_run.hpp) and prints its rendering (reports/tree.hpp).
#include <iostream>

#include "commands.hpp"
#include "options.hpp"
#include "tree.hpp"  // reports/: the run (search/tree_run.hpp), its text and JSON

namespace blockcast::cli {

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
    const TreeResult r = run_tree({LogP{args->L, args->o, args->g}, args->P.values("P", 100'000)});
    if (args->json)
      print_json(inv, tree_outcome(r));
    else
      std::cout << tree_text(r);
  });
}

}  // namespace blockcast::cli
