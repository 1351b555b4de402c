// CLI conventions that need the whole command tree: "did you mean" for a misspelt command or
// option (edit distance to the known names), `blockcast help CMD`, and the command line as
// typed (stamped into every JSON envelope, engine/outcome.hpp).
#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace blockcast::cli {

// The closest of `names` to `word` if it is close enough to be a typo, else "".
std::string closest(const std::string& word, const std::vector<std::string>& names);
// An error line for a first word (or a word after a command that has subcommands) that is no
// command, with a suggestion; nullopt if argv names commands only.
std::optional<std::string> unknown_command(const CLI::App& app, int argc, char** argv);
// "; did you mean --X?" for the first option in argv that the selected command does not
// have, or "".
std::string suggest_options(const CLI::App& app, int argc, char** argv);

}  // namespace blockcast::cli
