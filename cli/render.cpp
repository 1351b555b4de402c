// Printing outcomes, exit codes and "-" for stdout (render.hpp).
#include "render.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

#include "atomic_file.hpp"
#include "checked.hpp"

namespace blockcast::cli {

Invocation invocation(int argc, char** argv) {
  Invocation inv{"blockcast"};
  for (int i = 1; i < argc; ++i) {
    const std::string w = argv[i];
    const bool plain = !w.empty() && w.find_first_of(" \t\n'\"\\$`") == std::string::npos;
    if (plain) {
      inv.command_line += " " + w;
      continue;
    }
    std::string q = " '";
    for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    inv.command_line += q + "'";
  }
  return inv;
}

void print_json(const Invocation& inv, const Outcome& o) { std::cout << envelope_text(to_json(o, inv.command_line)) << "\n"; }

void print_json(const Invocation& inv, const std::string& format, const nlohmann::json& payload, Verdict verdict) {
  print_json(inv, outcome_from_json(format, payload, verdict));
}

void exit_with(Verdict s) {
  if (const int code = exit_code(s); code != 0) throw CLI::RuntimeError(code);
}

void leave(Verdict s) { throw CLI::RuntimeError(exit_code(s)); }

void write_output(const std::string& option, const std::string& path, const std::string& text) {
  if (path == "-") {
    std::cout << text;
    return;
  }
  try {
    write_file_atomic(path, text);  // never a half-written file
  } catch (const InputError& e) {
    throw InputError("--" + option + ": " + e.what());
  }
}

}  // namespace blockcast::cli
