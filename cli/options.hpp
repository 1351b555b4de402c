// The one options table of the blockcast CLI (name, default, range, help). Every
// subcommand takes its options from here, so `--help` and the range checks come from a
// single place (CaDiCaL's options.hpp habit).
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

namespace blockcast::cli {

struct OptionSpec {
  const char* name;     // long name without dashes
  const char* deflt;    // default as text ("" = required or unset)
  std::int64_t lo, hi;  // inclusive range for integer options
  const char* help;
};

const OptionSpec& option_spec(const std::string& name);

// Add --name to a subcommand, typed by the variable, default and range from the table.
CLI::Option* add_int(CLI::App* app, const std::string& name, int& var);
CLI::Option* add_int(CLI::App* app, const std::string& name, std::int64_t& var);
CLI::Option* add_double(CLI::App* app, const std::string& name, double& var);
CLI::Option* add_string(CLI::App* app, const std::string& name, std::string& var);
CLI::Option* add_flag(CLI::App* app, const std::string& name, bool& var);

// "3..10" or "7" -> [lo, hi]; InputError naming the option if malformed or outside range.
std::pair<int, int> parse_range(const std::string& option, const std::string& text, int lo, int hi);

}  // namespace blockcast::cli
