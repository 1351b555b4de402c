// `blockcast check FILE` (symbolic legality of a block-cyclic assignment, SPEC Sec. 4; an
// explicit schedule is replayed instead) and `blockcast simulate FILE --k K` (symbolic
// check, expansion into explicit messages and an independent postal-model replay, SPEC
// Sec. 1-2). FILE is any schedule blockcast writes (engine/schedule_json.hpp), "-" = stdin.
// The run is search/check/schedule_check.hpp's, the one the public library calls too; the
// rendering reports/check.hpp's.
// Exit codes: 0 accepted, 1 rejected (the one-line reason is printed), 2 malformed input.
#include <iostream>

#include "check.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "render.hpp"

namespace blockcast::cli {

namespace {

struct FileArgs {
  std::string file;
  i64 k = 0;
  bool json = false;
};

void run(const Invocation& inv, const FileArgs& args, CheckMode mode) {
  // check takes a circulant file too large to list (rebuilt and checked structurally);
  // simulate replays messages, so it reads only what can be listed.
  const bool implicit_ok = mode == CheckMode::check;
  ScheduleCheckRequest q{read_schedule_input(args.file, mode == CheckMode::check ? "check" : "simulate", implicit_ok),
                         args.k, mode, args.file};
  const ScheduleCheck c = run_schedule_check(q);
  if (args.json)
    print_json(inv, check_outcome(c, mode));
  else
    std::cout << check_text(c);
  exit_with(c.verdict);
}

}  // namespace

void register_check(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand("check", "check a schedule: an assignment symbolically (word legality, blocks, letter conservation), an explicit schedule by replay");
  add_schedule_file(sub, args->file);
  add(sub, "k", args->k);  // > 0: an assignment is also replayed for k items (as the library's check(json, k))
  add(sub, "json", args->json);
  sub->callback([args, &inv] { run(inv, *args, CheckMode::check); });
}

void register_simulate(CLI::App& app, const Invocation& inv) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand(
      "simulate", "replay a schedule in the postal model (an assignment is checked and expanded to k items first)");
  add_schedule_file(sub, args->file);
  add_alias(sub, "items", add(sub, "k", args->k));
  add(sub, "json", args->json);
  sub->callback([args, &inv] { run(inv, *args, CheckMode::simulate); });
}

}  // namespace blockcast::cli
