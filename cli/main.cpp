// blockcast: optimal continuous broadcast schedules in the postal model (see README.md).
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checked.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"blockcast: provably optimal broadcast schedules in the LogP / postal model"};
  app.require_subcommand(1);
  blockcast::cli::register_instance(app);
  blockcast::cli::register_words(app);
  blockcast::cli::register_automaton(app);
  blockcast::cli::register_fattree(app);
  blockcast::cli::register_solve(app);
  blockcast::cli::register_table(app);
  blockcast::cli::register_conjecture(app);
  blockcast::cli::register_verify_certificate(app);
  blockcast::cli::register_tree(app);
  blockcast::cli::register_check(app);
  blockcast::cli::register_simulate(app);
  blockcast::cli::register_reports(app);
  blockcast::cli::register_kbroadcast(app);
  blockcast::cli::register_prove(app);
#ifdef BLOCKCAST_HAVE_MPI
  blockcast::cli::register_mpi_run(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {  // a subcommand's own exit code (e.g. check: 1)
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    // One line naming the problem, exit code 2 like every other input error.
    std::cerr << "blockcast: error: " << e.what() << "\n";
    return 2;
  } catch (const blockcast::InputError& e) {
    std::cerr << "blockcast: error: " << e.what() << "\n";
    return 2;
  } catch (const blockcast::OverflowError& e) {
    std::cerr << "blockcast: error: " << e.what() << "\n";
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {  // e.g. an unwritable --out
    std::cerr << "blockcast: error: " << e.code().message() << ": '" << e.path1().string() << "'\n";
    return 2;
  } catch (const nlohmann::json::exception& e) {
    // The readers check every field they use (engine/json_fields.hpp); this only catches a
    // damaged file of ours read elsewhere (a --resume record), still bad input.
    std::cerr << "blockcast: error: malformed JSON data: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "blockcast: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
