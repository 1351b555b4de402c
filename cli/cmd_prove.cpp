// `blockcast prove`: the second, independent prover (docs/prover.md; the run:
// search/sat/prove_run.hpp, the rendering: reports/prove_answer.hpp).
// --L --t: the optimal tree I(t); --P [--shape ties|pruned]: a trimmed tree for P processors.
// Exit codes (docs/exit-codes.md): 0 SOLVED (checked witness), 4 IMPOSSIBLE (DRAT proof
// checked by CaDiCaL and by the independent checker), 5 UNKNOWN (a limit), 2 bad input.
#include <iostream>
#include <limits>

#include "commands.hpp"
#include "decided_tree.hpp"
#include "memory_watch.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "prove_answer.hpp"
#include "render.hpp"

namespace blockcast::cli {

void register_prove(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0;  // required (the options table): no default
    std::int64_t P = 0;
    std::string receive_only, proof, dimacs, shape, encoding = "residue";
    bool extendable = false, no_symmetry = false, json = false;
    double time_limit = 0;
    std::int64_t conflicts = 0, max_memory = 0;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "prove", "decide I(t) by an independent SAT encoding (CaDiCaL): SOLVED (checked), IMPOSSIBLE (checked DRAT proof) or UNKNOWN");
  add(sub, "L", a->L);
  auto* t_opt = add(sub, "t", a->t);
  auto* P_opt = add(sub, "P", a->P);
  auto* shape_opt = add(sub, "shape", a->shape);
  add(sub, "receive-only", a->receive_only);
  add(sub, "extendable", a->extendable);
  add(sub, "encoding", a->encoding);
  add(sub, "proof", a->proof);
  add(sub, "dimacs", a->dimacs);
  add(sub, "time-limit", a->time_limit);
  add(sub, "conflicts", a->conflicts);
  add(sub, "no-symmetry", a->no_symmetry);
  add(sub, "json", a->json);
  add(sub, "max-memory", a->max_memory);
  sub->callback([a, t_opt, P_opt, shape_opt, &inv] {
    const sat::ProveRequest q{a->L,         t_opt->count() ? a->t : 0, P_opt->count() ? a->P : 0,
                              shape_opt->count() ? a->shape : "", a->receive_only, a->extendable, a->encoding,
                              !a->no_symmetry, a->time_limit, a->conflicts, a->proof, a->dimacs, {}};
    // Stops before the memory limit, printing UNKNOWN instead of being killed.
    const MemoryWatch memory(a->max_memory, unknown_answer(inv, "blockcast-prove", a->json));
    ProgressLine bar;  // stderr, only when it is a terminal
    const sat::ProveAnswer r = [&] {
      Ticker tick(bar, "prove L=" + std::to_string(q.L) + ": encoding, solving, checking", a->time_limit);
      return sat::run_prove(q);
    }();
    if (a->json)
      print_json(inv, "blockcast-prove", prove_json(r));
    else
      std::cout << prove_text(r, condition_phrase(q.receive_only, q.extendable));
    if (r.result.verdict != Verdict::solved) leave(r.result.verdict);
  });
}

}  // namespace blockcast::cli
