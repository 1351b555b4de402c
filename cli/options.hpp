// The one options table of the blockcast CLI (CaDiCaL's options.hpp habit): every option of
// every command, with its kind, default, range and help, lives in cli/options.cpp. A
// command registers an option by name; the table gives CLI11 its type check, default and
// help, so `--help`, the range checks and docs agree. An entry is either shared ("*": the
// same meaning in every command that takes it) or belongs to one command (its default or
// help differs there, e.g. `table --max-nodes`). `check_options_table` validates the table
// at start-up (unique names, defaults parse and lie in range, a required option has no
// default, a word option's default is one of its words). The table: cli/options_table.cpp. The parameters that define a command's question (L, P, k, t) are required, never
// defaulted: a forgotten --L must be refused, not answered for some other L.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "word.hpp"

namespace blockcast::cli {

// int: one integer; float: one real; range: N or A..B; list: comma-separated N or A..B
// items (so `--P 10,100,1000` and `--P 2..500` both work); flag: no value; string: a word
// from a fixed set or free text; path: a file or directory name ("-" = stdin/stdout where
// the command reads or writes one file); size: bytes, N or N with K, M, G, T (powers of 1024).
enum class OptionKind { int_, float_, range, list, flag, string, path, size };

// Whether a command may run without the option. A required option has no default; `unless`
// names (comma-separated) options that stand in for it where the command takes them: --t or
// --P both define solve's instance, and kbroadcast --assignment brings its own L and P. A
// missing one is refused when the command's options are read: one line naming it, exit 2.
struct Need {
  bool required = false;
  const char* unless = "";
};
inline constexpr Need kRequired{true, ""};
constexpr Need required_unless(const char* others) { return Need{true, others}; }

struct OptionSpec {
  const char* command;  // "*" = every command that registers it; else e.g. "table", "fattree search"
  const char* name;     // long name without dashes
  OptionKind kind;
  const char* deflt;    // default as text ("" = required or unset)
  std::int64_t lo, hi;  // inclusive range of every number in the value (int, float, range, list)
  const char* help;
  Need need{};          // required (no default), possibly unless another option is given
  // string: the words it takes, comma-separated ("" = free text such as a letter or a list).
  // Checked when the option is read ("--format 'png': expected dot or svg", with the closest
  // word offered), shown in --help as {a,b,c}; the default must be one of them.
  const char* choices = "";
};

// The entry for `name` in `command` (its own entry, else the shared one); std::logic_error
// if there is none (a programming error, caught by the start-up check and the tests).
const OptionSpec& option_spec(const std::string& command, const std::string& name);
// Every entry, for the start-up check, `help` and the tests.
const std::vector<OptionSpec>& options_table();
// Throws std::logic_error naming the first problem: duplicate (command, name), a default
// that does not parse as its kind or lies outside its range, lo > hi.
void check_options_table();

// A parsed range or list value: inclusive intervals in the order given.
struct IntList {
  std::vector<std::pair<std::int64_t, std::int64_t>> parts;
  std::int64_t front() const { return parts.front().first; }
  std::int64_t min() const;
  std::int64_t max() const;
  std::int64_t size() const;  // number of values (intervals may not overlap)
  bool single() const { return size() == 1; }
  // Every value in order; InputError naming --option if there are more than `most` (a
  // range such as --P 2..10^18 is a bad request for a command that answers per value).
  std::vector<std::int64_t> values(const std::string& option, std::int64_t most) const;
};
// "7", "3..10", "10,100,1000", "2..5,9": InputError naming --option if malformed, out of
// [lo, hi], descending or overlapping. A range-kind option takes exactly one item.
IntList parse_list(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi,
                   bool one_item = false);

// "512M", "2G", "1048576": bytes (K, M, G, T = powers of 1024, either case, an optional
// trailing B or iB); InputError naming --option if malformed or outside [lo, hi].
std::int64_t parse_size(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi);

// receive_only_letter (the value of --receive-only): engine/word.hpp, shared with the runs.

// Register --name (and -X for one-letter names) on `app` with the table entry for app's
// command path. Defaults are applied to the variable; a required entry is marked in --help
// and checked when the command's options have been read. The variable's type must fit the
// kind: int_ -> int/int64, size -> int64, float_ -> double, range/list -> IntList, flag -> bool,
// string/path -> std::string.
CLI::Option* add(CLI::App* app, const std::string& name, int& var);
CLI::Option* add(CLI::App* app, const std::string& name, std::int64_t& var);
CLI::Option* add(CLI::App* app, const std::string& name, double& var);
CLI::Option* add(CLI::App* app, const std::string& name, IntList& var);
CLI::Option* add(CLI::App* app, const std::string& name, std::string& var);
CLI::Option* add(CLI::App* app, const std::string& name, bool& var);
// An old spelling kept working but hidden from --help (e.g. `--items` for `--k`).
void add_alias(CLI::App* app, const std::string& alias, CLI::Option* target);

// The positional schedule file of the commands that read one (check, simulate, export, draw,
// traffic, ...): required, "-" reads standard input.
CLI::Option* add_schedule_file(CLI::App* app, std::string& file);

// "fattree search" for the subcommand search of fattree (the key of per-command entries).
std::string command_path(const CLI::App* app);

}  // namespace blockcast::cli
