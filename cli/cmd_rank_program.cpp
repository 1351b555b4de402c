// `blockcast rank-program FILE --rank R [--k K | --step-range A..B]`:
// what one rank does in a schedule: each step's send (to whom, which item) and receive (from
// whom, which item). FILE is any schedule blockcast writes (engine/schedule_json.hpp). The run
// (search/kitem/rank_program_run.hpp) checks the schedule first (SPEC Sec. 4) and computes the
// one rank's program (engine/per_rank.hpp); reports/rank_program.hpp renders it. --json prints
// the program (format blockcast-rank-program, docs/library.md) inside the envelope.
// Exit codes: 0, 1 (the schedule is rejected), 2 (bad input).
#include <iostream>

#include "commands.hpp"
#include "options.hpp"
#include "rank_program.hpp"  // reports/: the run (search/kitem/rank_program_run.hpp), its text and JSON
#include "render.hpp"

namespace blockcast::cli {

namespace {

struct Args {
  std::string file;
  i64 rank = 0, k = 0;
  IntList steps;
  bool json = false;
};

}  // namespace

void register_rank_program(CLI::App& app, const Invocation& inv) {
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand("rank-program", "what one rank sends and receives in a schedule, step by step");
  sub->add_option("file", a->file, "schedule JSON (assignment, solve --json, kbroadcast --out ...; - = stdin)")->required();
  add(sub, "rank", a->rank);
  add(sub, "k", a->k);
  add(sub, "step-range", a->steps);
  add(sub, "json", a->json);
  sub->callback([a, &inv] {
    RankProgramRequest q{a->file, a->rank, a->k, std::nullopt};
    if (!a->steps.parts.empty()) q.steps = std::pair<i64, i64>(a->steps.min(), a->steps.max());
    const RankProgramResult r = run_rank_program(q);
    if (a->json)
      print_json(inv, rank_program_outcome(r));
    else
      std::cout << rank_program_text(r);
    exit_with(r.verdict);
  });
}

}  // namespace blockcast::cli
