// libFuzzer harness: the CLI's option values (cli/options.cpp): parse_list (range and list kinds) on arbitrary
// text and bounds, and the real command line parser of every subcommand (the options table,
// CLI11 conversions and range checks) on an argv made of the input's lines, stopped before
// any command runs. CLI::Error (parse errors, --help) is the parser's answer to bad input.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fuzz_common.hpp"
#include "options.hpp"

using namespace blockcast;

namespace {
struct Parsed {};  // thrown once every option is converted and range-checked

using Register = void (*)(CLI::App&, const cli::Invocation&);

// Which registration adds each subcommand, read once from the registrations themselves.
// Building one group's parser instead of all of them per input made the harness about
// ten times faster (every command's parser per input ran at 79 inputs per second).
const std::map<std::string, Register>& group_of_command() {
  static const std::map<std::string, Register> groups = [] {
    const Register all[] = {
        cli::register_instance, cli::register_words,          cli::register_automaton,
        cli::register_fattree,  cli::register_solve,          cli::register_table,
        cli::register_conjecture, cli::register_verify_certificate, cli::register_tree,
        cli::register_check,    cli::register_simulate,       cli::register_rank_program,
        cli::register_reports,  cli::register_kbroadcast,     cli::register_kbroadcast_baselines,
        cli::register_prove,
#ifdef BLOCKCAST_HAVE_MPI
        cli::register_mpi_run,
#endif
    };
    std::map<std::string, Register> m;
    const cli::Invocation inv{"blockcast"};
    for (Register r : all) {
      CLI::App app{"blockcast"};
      r(app, inv);
      for (const CLI::App* sub : app.get_subcommands({})) m.emplace(sub->get_name(), r);
    }
    return m;
  }();
  return groups;
}

// A fresh parser per input (no state carried between inputs), holding `help` and the
// registration group of the first argument that is not an option: parsing reads only the
// named subcommand's options (the top-level --help and `help CMD` print the other commands
// in their callbacks, which do not run here). The top-level parse_complete_callback runs
// after all options are checked and before any subcommand's callback (CLI11 2.1
// App::run_callback), so no command runs.
void parse_only(const std::vector<std::string>& args) {
  CLI::App app{"blockcast"};
  app.require_subcommand(1);
  const cli::Invocation inv{"blockcast"};
  const auto& groups = group_of_command();
  const auto name = std::find_if(args.rbegin(), args.rend(), [](const std::string& a) { return !a.starts_with('-'); });
  if (name != args.rend())
    if (const auto group = groups.find(*name); group != groups.end()) group->second(app, inv);
  cli::register_help(app);
  app.parse_complete_callback([] { throw Parsed{}; });
  std::vector<std::string> argv = args;
  try {
    app.parse(argv);
  } catch (const Parsed&) {
    return;
  } catch (const CLI::Error&) {  // CallForHelp, ParseError: the parser's answers
    return;
  }
  __builtin_trap();  // a subcommand callback ran or parsing ended without the callback
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // An input whose first line is "lo hi" tests parse_list on its second line; any other
  // input is an argv, one argument per line.
  std::vector<std::string> lines(1);
  for (char c : text) {
    if (c == '\n')
      lines.emplace_back();
    else
      lines.back().push_back(c);
  }
  long long lo = 0, hi = 0;
  if (lines.size() >= 2 && std::sscanf(lines[0].c_str(), "%lld %lld", &lo, &hi) == 2) {
    if (lo < 0 || lo > hi || hi > INT32_MAX) return 0;
    fuzz::expect_input_errors([&] {
      const cli::IntList r = cli::parse_list("L", lines[1], lo, hi, true);  // the range kind: one item
      const auto [a, b] = r.parts.front();
      if (r.parts.size() != 1 || a < lo || b > hi || a > b) __builtin_trap();  // accepted a range outside the bounds
    });
    fuzz::expect_input_errors([&] {  // the list kind: every part inside the bounds, ascending, disjoint
      const cli::IntList l = cli::parse_list("P", lines[1], lo, hi);
      for (std::size_t i = 0; i < l.parts.size(); ++i) {
        const auto [a, b] = l.parts[i];
        if (a < lo || b > hi || a > b) __builtin_trap();
        for (std::size_t j = 0; j < i; ++j)
          if (a <= l.parts[j].second && l.parts[j].first <= b) __builtin_trap();
      }
    });
    return 0;
  }
  fuzz::expect_input_errors([&] { parse_only({lines.rbegin(), lines.rend()}); });  // CLI11: argv reversed, the command last
  return 0;
}
