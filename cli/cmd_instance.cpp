// `blockcast instance --L 3 --t 7`: the block types and letters of I(t) (SPEC Sec. 3, 6); the
// text is reports/solve.hpp's instance_blocks_text.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "instance.hpp"
#include "options.hpp"
#include "solve.hpp"
#include "word.hpp"

namespace blockcast::cli {

void register_instance(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0;  // required (the options table): no default
    bool json = false;
  };
  auto args = std::make_shared<Args>();
  auto* sub = app.add_subcommand("instance", "block types, letter counts, P and the lower bound L+t of I(t)");
  add(sub, "L", args->L);
  add(sub, "t", args->t);
  add(sub, "json", args->json);
  sub->callback([args, &inv] {
    Instance I = optimal_instance(args->L, args->t);
    if (args->json) {
      nlohmann::json blocks = nlohmann::json::array(), letters = nlohmann::json::object();
      for (const auto& b : I.blocks) blocks.push_back({{"r", b.r}, {"u", b.u}, {"count", b.count}});
      for (int j = 0; j < I.alphabet(); ++j) letters[letter_name(j)] = I.letters[j];
      print_json(inv, "blockcast-instance", nlohmann::json{{"L", I.L}, {"t", I.t}, {"T", I.T}, {"shape", shape_name(I.shape)},
                                  {"P", I.P}, {"lower_bound", I.delay()}, {"blocks", blocks},
                                  {"letters", letters}});
      return;
    }
    std::cout << instance_blocks_text(I);
  });
}

}  // namespace blockcast::cli
