// `blockcast check FILE.json` (symbolic legality, SPEC Sec. 4) and
// `blockcast simulate FILE.json --items K` (symbolic check, then expansion into explicit
// messages and an independent postal-model replay, SPEC Sec. 1-2). Exit codes: 0 legal,
// 1 the schedule breaks a rule (the one-line reason is printed), 2 malformed input.
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "expand.hpp"
#include "options.hpp"
#include "simulator.hpp"

namespace blockcast::cli {

namespace {

struct FileArgs {
  std::string file;
  i64 items = 0;
  bool json = false;
};

// The positional FILE is not a --option, so it is declared here rather than in the table.
void add_file(CLI::App* sub, std::string& file) {
  sub->add_option("file", file, "assignment JSON file (docs/assignment-format.md)")->required();
}

std::string summary(const Assignment& a) {
  std::ostringstream s;
  s << "L=" << a.L << " shape=" << shape_name(a.shape) << " t=" << a.t << " T=" << a.T << " P=" << a.P
    << " delay L+T=" << a.delay() << "; blocks";
  const size_t shown = 12;
  for (size_t n = 0; n < a.blocks.size() && n < shown; ++n) {
    const auto& b = a.blocks[n];
    s << " (r=" << b.r << ",u=" << b.u << ")" << (b.word.empty() ? "-" : word_string(b.word));
    if (b.count != 1) s << "x" << b.count;
  }
  if (a.blocks.size() > shown) s << " ... (" << a.blocks.size() << " entries)";
  s << "; receive-only " << letter_name(a.receive_only);
  return s.str();
}

// Prints the failure (text or JSON) and leaves with exit code 1 via CLI11's RuntimeError,
// which main turns into the return code without printing anything else.
[[noreturn]] void fail(bool json, const std::string& rule, const std::string& why) {
  if (json)
    std::cout << nlohmann::json{{"ok", false}, {"rule", rule}, {"error", why}}.dump(2) << "\n";
  else
    std::cout << "FAIL: " << why << "\n";
  throw CLI::RuntimeError(1);
}

// Symbolic check shared by both subcommands; returns the assignment when it is legal.
Assignment checked_assignment(const FileArgs& args) {
  Assignment a = read_assignment_file(args.file);
  if (auto err = check_assignment(claimed_instance(a), a)) fail(args.json, "symbolic", *err);
  return a;
}

}  // namespace

void register_check(CLI::App& app) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand("check", "check an assignment symbolically (word legality, blocks, letter conservation)");
  add_file(sub, args->file);
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    Assignment a = checked_assignment(*args);
    if (args->json) {
      std::cout << nlohmann::json{{"ok", true}, {"L", a.L}, {"shape", shape_name(a.shape)}, {"t", a.t},
                                  {"T", a.T}, {"P", a.P}, {"delay", a.delay()},
                                  {"receive_only", letter_name(a.receive_only)}}
                       .dump(2)
                << "\n";
      return;
    }
    std::cout << "OK  " << summary(a) << "\n";
  });
}

void register_simulate(CLI::App& app) {
  auto args = std::make_shared<FileArgs>();
  auto* sub = app.add_subcommand(
      "simulate", "check an assignment, expand K items into explicit messages and replay them in the postal model");
  add_file(sub, args->file);
  add_int(sub, "items", args->items)->required();
  add_flag(sub, "json", args->json);
  sub->callback([args] {
    Assignment a = checked_assignment(*args);
    Schedule s = expand_assignment(a, args->items);
    SimulationResult r = simulate(s);
    if (!r.ok) fail(args->json, rule_name(r.violation.rule), r.violation.text);
    const bool exact = r.every_delay_expected();
    if (args->json) {
      std::cout << nlohmann::json{{"ok", exact}, {"items", s.items}, {"P", s.P}, {"messages", r.messages},
                                  {"max_delay", r.max_delay}, {"expected_delay", s.expected_delay},
                                  {"every_delay_expected", exact}}
                       .dump(2)
                << "\n";
    } else {
      std::cout << "simulated " << s.items << " items on P=" << s.P << " processors: " << r.messages
                << " messages, max delay " << r.max_delay << "; every item's delay = L+T = "
                << s.expected_delay << ": " << (exact ? "yes" : "no") << "\n";
    }
    if (!exact) throw CLI::RuntimeError(1);  // legal but misses the delay it claims
  });
}

}  // namespace blockcast::cli
