// Printing an outcome (engine/outcome.hpp) the one way every command does: the JSON envelope
// with the command line, and the exit code of its verdict (docs/exit-codes.md). Also the
// "-" convention for files a command writes (stdout) and the command line as typed.
#pragma once
#include <string>

#include "outcome.hpp"

namespace blockcast::cli {

struct Invocation {
  std::string command_line;  // "blockcast solve --L 4 --P 8 --json", arguments quoted where needed
};
Invocation invocation(int argc, char** argv);

// The outcome's envelope, indented, on stdout.
void print_json(const Invocation& inv, const Outcome& o);
// The same for a payload with envelope fields of its own (outcome_from_json).
void print_json(const Invocation& inv, const std::string& format, const nlohmann::json& payload,
                Verdict verdict = Verdict::done);
// Leave the command with the exit code of `s` if it is not 0 (main returns it, printing
// nothing more); return otherwise.
void exit_with(Verdict s);
[[noreturn]] void leave(Verdict s);
// Write `text` to the file `path` atomically (engine/atomic_file.hpp), or to stdout for "-";
// InputError naming --option if the file cannot be written.
void write_output(const std::string& option, const std::string& path, const std::string& text);

}  // namespace blockcast::cli
