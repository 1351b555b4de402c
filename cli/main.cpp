// blockcast: provably optimal broadcast schedules in the postal model (see README.md).
// main only assembles the commands, applies the CLI conventions (usage without a command,
// `help CMD`, `--version`, "did you mean" for misspelt commands and options) and maps
// errors to the exit codes of docs/exit-codes.md.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checked.hpp"
#include "commands.hpp"
#include "options.hpp"
#include "suggest.hpp"
#include "version.hpp"

namespace {

using namespace blockcast::cli;

int error(const std::string& what) {
  std::cerr << "blockcast: error: " << what << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    check_options_table();
  } catch (const std::exception& e) {
    std::cerr << "blockcast: internal error: " << e.what() << "\n";
    return 3;
  }
  const Invocation inv = invocation(argc, argv);
  CLI::App app{"blockcast: provably optimal broadcast schedules in the LogP / postal model", "blockcast"};
  app.set_version_flag("--version", std::string("blockcast ") + blockcast::version());
  app.require_subcommand(1);
  app.footer("`blockcast help CMD` or `blockcast CMD --help` shows a command's options; "
             "exit codes: 0 ok, 1 rejected, 2 bad input, 3 internal error, 4 IMPOSSIBLE, 5 UNKNOWN.");
  register_all(app, inv);
  if (argc == 1) {  // bare `blockcast`: the usage, not an error
    std::cout << app.help();
    return 0;
  }
  try {
    if (auto why = unknown_command(app, argc, argv)) return error(*why);
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {  // a command's own exit code (e.g. check: 1)
    return e.get_exit_code();
  } catch (const CLI::ExtrasError& e) {
    return error(std::string(e.what()) + suggest_options(app, argc, argv));
  } catch (const CLI::ParseError& e) {
    return error(e.what());  // one line naming the problem, exit 2 like every input error
  } catch (const blockcast::InputError& e) {
    return error(e.what());
  } catch (const blockcast::OverflowError& e) {
    return error(e.what());
  } catch (const std::filesystem::filesystem_error& e) {  // e.g. an unwritable --out
    return error(e.code().message() + ": '" + e.path1().string() + "'");
  } catch (const nlohmann::json::exception& e) {
    // The readers check every field they use (engine/json_fields.hpp); this only catches a
    // damaged file of ours read elsewhere (a --resume record), still bad input.
    return error(std::string("malformed JSON data: ") + e.what());
  } catch (const std::exception& e) {
    std::cerr << "blockcast: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
