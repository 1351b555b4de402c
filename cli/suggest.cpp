// "Did you mean", `help CMD` (suggest.hpp). A name equal to the word but for case comes first
// (`--p` is `--P`, not `--k`, though both are one edit away); then names are compared by
// Levenshtein distance: a name within a third of the word's length (at least 2, at most 3
// edits) is offered, and a word that is a prefix of exactly one name is completed.
#include "suggest.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "checked.hpp"
#include "options.hpp"

namespace blockcast::cli {

namespace {

std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* s : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(s->get_name());
  return names;
}

// The command the words of argv select (the deepest subcommand named in order).
const CLI::App* selected(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cur = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string w = argv[i];
    if (w.empty() || w[0] == '-') continue;
    const CLI::App* next = nullptr;
    for (const CLI::App* s : cur->get_subcommands([](const CLI::App*) { return true; }))
      if (s->get_name() == w) next = s;
    if (next) cur = next;
  }
  return cur;
}

std::vector<std::string> option_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* a = app; a; a = a->get_parent())
    for (const CLI::Option* o : a->get_options())
      if (!o->get_group().empty())  // hidden old spellings are not suggested
        for (const auto& n : o->get_lnames()) names.push_back("--" + n);
  return names;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string closest(const std::string& word, const std::vector<std::string>& names) {
  for (const auto& n : names)
    if (lower(n) == lower(word)) return n;
  std::string best;
  std::size_t best_d = std::min<std::size_t>(3, std::max<std::size_t>(2, word.size() / 3)) + 1;
  for (const auto& n : names) {
    const std::size_t d = distance(word, n);
    if (d < best_d) best_d = d, best = n;
  }
  if (!best.empty()) return best;
  std::vector<std::string> prefixed;
  for (const auto& n : names)
    if (word.size() >= 2 && n.rfind(word, 0) == 0) prefixed.push_back(n);
  return prefixed.size() == 1 ? prefixed.front() : "";
}

std::optional<std::string> unknown_command(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cur = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string w = argv[i];
    if (w.empty() || w[0] == '-') return std::nullopt;  // options follow; CLI11 checks them
    const auto names = command_names(*cur);
    if (names.empty()) return std::nullopt;  // cur takes positional arguments (a file)
    if (std::find(names.begin(), names.end(), w) == names.end()) {
      if (cur == &app && w == "help") return std::nullopt;
      const std::string where = cur == &app ? "blockcast" : "blockcast " + command_path(cur);
      const std::string guess = closest(w, names);
      return "unknown command '" + w + "' for " + where + (guess.empty() ? "" : "; did you mean '" + guess + "'?") +
             " (`" + where + " --help` lists the commands)";
    }
    for (const CLI::App* s : cur->get_subcommands([](const CLI::App*) { return true; }))
      if (s->get_name() == w) cur = s;
  }
  return std::nullopt;
}

std::string suggest_options(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cmd = selected(app, argc, argv);
  const auto names = option_names(cmd);
  for (int i = 1; i < argc; ++i) {
    std::string w = argv[i];
    if (w.size() < 2 || w[0] != '-' || w == "-") continue;
    if (const auto eq = w.find('='); eq != std::string::npos) w.resize(eq);
    if (w[1] != '-') w = "-" + w;  // -Lx is compared as --Lx
    if (std::find(names.begin(), names.end(), w) != names.end()) continue;
    const std::string guess = closest(w, names);
    if (!guess.empty()) return "; did you mean " + guess + "?";
  }
  return "";
}

void register_help(CLI::App& app) {
  auto words = std::make_shared<std::vector<std::string>>();
  auto* sub = app.add_subcommand("help", "show the options of a command: help CMD [SUB]");
  sub->add_option("command", *words, "the command (and subcommand) to explain");
  sub->callback([&app, words] {
    const CLI::App* cur = &app;
    for (const auto& w : *words) {
      const CLI::App* next = nullptr;
      for (const CLI::App* s : cur->get_subcommands([](const CLI::App*) { return true; }))
        if (s->get_name() == w) next = s;
      if (!next) {
        const std::string guess = closest(w, command_names(*cur));
        throw InputError("help: unknown command '" + w + "'" + (guess.empty() ? "" : "; did you mean '" + guess + "'?"));
      }
      cur = next;
    }
    // app.help() would show the selected subcommand (help itself): format the top level directly.
    if (cur == &app) return void(std::cout << app.get_formatter()->make_help(&app, "blockcast", CLI::AppFormatMode::Normal));
    // CLI11 names a subcommand's usage after the prefix it is given: "blockcast fattree".
    const std::string parents = command_path(cur->get_parent());
    std::cout << cur->help(parents.empty() ? "blockcast" : "blockcast " + parents);
  });
}

}  // namespace blockcast::cli
