// The machinery of the one options table (see options.hpp): lookups, the start-up check,
// CLI11 registration with the table's kind, default, range, choices and help, and the
// parsers of lists, sizes and choices. The table itself is cli/options_table.cpp.
#include "options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <set>
#include <stdexcept>
#include <type_traits>

#include "checked.hpp"
#include "suggest.hpp"
#include "word.hpp"

namespace blockcast::cli {

namespace {
namespace fs = std::filesystem;
using K = OptionKind;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();


std::string kind_name(OptionKind k) {
  switch (k) {
    case K::int_: return "INT";
    case K::float_: return "FLOAT";
    case K::range: return "RANGE";
    case K::list: return "LIST";
    case K::flag: return "";
    case K::string: return "TEXT";
    case K::path: return "PATH";
    case K::size: return "SIZE";
  }
  return "";
}

std::int64_t parse_int(const std::string& option, const std::string& s, std::int64_t lo, std::int64_t hi,
                       const std::string& text) {
  auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected N, A..B or a comma-separated list with " +
                      std::to_string(lo) + " <= N <= " + std::to_string(hi));
  };
  if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) throw bad();
  std::int64_t v = 0;
  for (char c : s) {
    if (v > (kMax - (c - '0')) / 10) throw bad();
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) throw bad();
  return v;
}

std::vector<std::string> words(const char* choices) {
  std::vector<std::string> out;
  const std::string c = choices;
  for (std::size_t pos = 0; pos < c.size();) {
    const std::size_t comma = std::min(c.find(',', pos), c.size());
    out.push_back(c.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

// "" if `value` is one of the entry's words; else the one line that says which it takes
// ("'png': expected dot or svg; did you mean 'svg'?").
std::string choice_error(const OptionSpec& s, const std::string& value) {
  const auto w = words(s.choices);
  if (std::find(w.begin(), w.end(), value) != w.end()) return "";
  std::string list;
  for (std::size_t i = 0; i < w.size(); ++i) list += (i == 0 ? "" : i + 1 == w.size() ? " or " : ", ") + w[i];
  const std::string guess = closest(value, w);
  return "'" + value + "': expected " + list + (guess.empty() ? "" : "; did you mean '" + guess + "'?");
}

void check_default(const OptionSpec& s) {
  const std::string where = std::string(s.command) + " --" + s.name;
  if (s.lo > s.hi) throw std::logic_error("options table: " + where + " has lo > hi");
  if (*s.choices && s.kind != K::string) throw std::logic_error("options table: " + where + " has choices but is not a string");
  if (s.need.required && (*s.deflt || s.kind == K::flag))
    throw std::logic_error("options table: " + where + " is required but has a default or is a flag");
  if (!*s.deflt) return;
  try {
    switch (s.kind) {
      case K::int_: parse_list(s.name, s.deflt, s.lo, s.hi, true); break;
      case K::float_: {
        const double v = std::stod(s.deflt);
        if (v < static_cast<double>(s.lo) || v > static_cast<double>(s.hi)) throw InputError("out of range");
        break;
      }
      case K::range: parse_list(s.name, s.deflt, s.lo, s.hi, true); break;
      case K::list: parse_list(s.name, s.deflt, s.lo, s.hi); break;
      case K::size: parse_size(s.name, s.deflt, s.lo, s.hi); break;
      case K::flag: throw InputError("a flag has no default");
      case K::string:
        if (*s.choices && !choice_error(s, s.deflt).empty()) throw InputError(std::string("not one of ") + s.choices);
        break;
      case K::path: break;
    }
  } catch (const std::exception& e) {
    throw std::logic_error("options table: default of " + where + " '" + s.deflt + "': " + e.what());
  }
}

// The entry for `name` in `command`, or nullptr (a hidden alias of add_alias has none).
const OptionSpec* find_spec(const std::string& command, const std::string& name) {
  const OptionSpec* shared = nullptr;
  for (const auto& o : options_table()) {
    if (name != o.name) continue;
    if (command == o.command) return &o;
    if (std::string("*") == o.command) shared = &o;
  }
  return shared;
}

// The options of `app` that stand in for a required `s` (its `unless` names that app takes).
std::vector<const CLI::Option*> stand_ins(const CLI::App* app, const OptionSpec& s) {
  std::vector<const CLI::Option*> out;
  const std::string unless = s.need.unless;
  for (std::size_t pos = 0; pos < unless.size();) {
    const std::size_t comma = std::min(unless.find(',', pos), unless.size());
    const std::string other = unless.substr(pos, comma - pos);
    for (const CLI::Option* o : app->get_options())
      if (!o->get_lnames().empty() && o->get_lnames().front() == other) out.push_back(o);
    pos = comma + 1;
  }
  return out;
}

// The required entries of `app` as the options registered so far make them: plain required
// (CLI11 checks it and --help says REQUIRED) when nothing registered stands in for one,
// else "required unless --P is given" in --help and checked by check_needs. Re-run at each
// registration, since --t may be registered before the --P that stands in for it.
void mark_needs(CLI::App* app) {
  for (CLI::Option* opt : app->get_options()) {
    if (opt->get_lnames().empty()) continue;
    const OptionSpec* s = find_spec(command_path(app), opt->get_lnames().front());
    if (!s || !s->need.required) continue;
    const auto others = stand_ins(app, *s);
    std::string text = s->help;
    for (std::size_t i = 0; i < others.size(); ++i)
      text += (i == 0 ? " (required unless " : " or ") + others[i]->get_name() + (i + 1 == others.size() ? " is given)" : "");
    opt->required(others.empty());
    opt->description(text);
  }
}

// Run when app's options have been read, before its callback: a required option with stand-ins
// must be given or one of them must ("--t or --P is required", exit 2 like CLI11's own).
void check_needs(const CLI::App* app) {
  for (const CLI::Option* opt : app->get_options()) {
    if (opt->get_lnames().empty() || opt->count() > 0) continue;
    const OptionSpec* s = find_spec(command_path(app), opt->get_lnames().front());
    if (!s || !s->need.required) continue;
    std::string names = opt->get_name();
    bool given = false;
    for (const CLI::Option* o : stand_ins(app, *s)) given = given || o->count() > 0, names += " or " + o->get_name();
    if (!given) throw CLI::RequiredError(names);
  }
}

// CLI11 help: the default and the kind, then the help text; a required entry is marked and
// checked (mark_needs, check_needs).
CLI::Option* finish(CLI::App* app, CLI::Option* opt, const OptionSpec& s) {
  if (*s.deflt) opt->default_str(s.deflt);
  const std::string k = kind_name(s.kind);
  if (!k.empty()) opt->type_name(k);
  mark_needs(app);
  if (s.need.required) app->parse_complete_callback([app] { check_needs(app); });
  return opt;
}

std::string option_names(const std::string& name) {
  // One-letter names also take one dash (-L 5), as users of other tools type them.
  return name.size() == 1 ? "-" + name + ",--" + name : "--" + name;
}

// A list-kind option (--L, --P, --n) registered on a command that takes one value: the same
// syntax is accepted, and anything but one value is refused with a clear line.
template <class T>
CLI::Option* add_one_of_list(CLI::App* app, const OptionSpec& s, T& var) {
  const std::string name = s.name, command = command_path(app);
  const std::int64_t lo = s.lo, hi = s.hi;
  if (*s.deflt) var = static_cast<T>(parse_list(name, s.deflt, lo, hi).front());
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, command, lo, hi](const std::string& text) {
        try {
          const IntList l = parse_list(name, text, lo, hi);
          if (!l.single()) throw InputError("--" + name + " '" + text + "': " + command + " takes one value");
          var = static_cast<T>(l.front());
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

// The text of a number, checked before CLI11 converts it: CLI11 reads an integer beyond int64
// (9223372036854775808) as INT64_MAX, and "nan" passes every range check (a comparison with
// NaN is false), so both would reach a command as a value nobody typed.
template <class T>
std::string number_text(std::string& text) {
  const char* end = text.data() + text.size();
  if constexpr (std::is_integral_v<T>) {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || p != end) return "'" + text + "' is not an integer within 64 bits";
  } else {
    char* p = nullptr;
    const double v = std::strtod(text.c_str(), &p);
    if (text.empty() || p != end || !std::isfinite(v)) return "'" + text + "' is not a finite number";
  }
  return "";
}

template <class T>
CLI::Option* add_number(CLI::App* app, const std::string& name, T& var, OptionKind want) {
  const auto& s = option_spec(command_path(app), name);
  if (want == K::int_ && (s.kind == K::list || s.kind == K::range)) return add_one_of_list(app, s, var);
  if (s.kind != want) throw std::logic_error("--" + name + " is not of kind " + kind_name(want) + " in the options table");
  auto* opt = app->add_option(option_names(name), var, s.help);
  if (*s.deflt) var = static_cast<T>(std::stod(s.deflt));
  // The table's bounds clamped to the variable's type: an int option whose table range ends
  // at INT64_MAX (--delay) would otherwise get the range 1..-1 and refuse every value.
  const auto clamp = [](std::int64_t v) {
    if constexpr (std::is_integral_v<T>)
      return static_cast<T>(std::clamp<std::int64_t>(v, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    else
      return static_cast<T>(v);
  };
  opt->check(CLI::Validator(number_text<T>, ""));  // empty description: --help unchanged
  opt->check(CLI::Range(clamp(s.lo), clamp(s.hi)));
  return finish(app, opt, s);
}

// A path option's value names a file or directory below existing directories: a path below
// a file ("/dev/null/x", "summary.json/out") can never be opened or created, so it is refused
// while the options are read, before a command computes anything or prints a line.
std::string path_text(std::string& text) {
  if (text.empty()) return "expected a file or directory name, got an empty one";
  std::error_code ec;
  for (fs::path q = fs::path(text).parent_path(); !q.empty(); q = q.parent_path()) {
    if (fs::exists(q, ec)) {
      if (!fs::is_directory(q, ec)) return "'" + text + "': '" + q.string() + "' is not a directory";
      break;
    }
    if (q == q.parent_path()) break;
  }
  return "";
}
}  // namespace


const OptionSpec& option_spec(const std::string& command, const std::string& name) {
  if (const OptionSpec* s = find_spec(command, name)) return *s;
  throw std::logic_error("option '" + name + "' of '" + command + "' missing from the options table");
}

void check_options_table() {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& s : options_table()) {
    if (!seen.insert({s.command, s.name}).second)
      throw std::logic_error(std::string("options table: ") + s.command + " --" + s.name + " defined twice");
    check_default(s);
  }
  // Every per-command entry refines a shared one, so `--name` means one thing everywhere.
  for (const auto& s : options_table())
    if (std::string("*") != s.command) {
      const auto& shared = option_spec("*", s.name);
      if (shared.kind != s.kind && !(shared.kind == K::int_ && (s.kind == K::list || s.kind == K::size)))
        throw std::logic_error(std::string("options table: ") + s.command + " --" + s.name + " changes its kind");
    }
}

std::int64_t IntList::min() const {
  std::int64_t m = parts.front().first;
  for (const auto& [a, b] : parts) m = std::min(m, a);
  return m;
}
std::int64_t IntList::max() const {
  std::int64_t m = parts.front().second;
  for (const auto& [a, b] : parts) m = std::max(m, b);
  return m;
}
std::int64_t IntList::size() const {
  std::int64_t n = 0;
  for (const auto& [a, b] : parts) n = checked_add(n, checked_add(b - a, std::int64_t{1}));
  return n;
}
std::vector<std::int64_t> IntList::values(const std::string& option, std::int64_t most) const {
  if (size() > most)
    throw InputError("--" + option + ": " + std::to_string(size()) + " values, this command takes at most " +
                     std::to_string(most));
  std::vector<std::int64_t> v;
  for (const auto& [a, b] : parts)
    for (std::int64_t x = a;; ++x) {  // not `x <= b`: b may be INT64_MAX (--P 9223372036854775807)
      v.push_back(x);
      if (x == b) break;
    }
  return v;
}

IntList parse_list(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi, bool one_item) {
  IntList out;
  std::size_t pos = 0;
  while (true) {
    const std::size_t comma = text.find(',', pos);
    const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    const std::size_t dots = item.find("..");
    std::int64_t a, b;
    if (dots == std::string::npos) {
      a = b = parse_int(option, item, lo, hi, text);
    } else {
      a = parse_int(option, item.substr(0, dots), lo, hi, text);
      b = parse_int(option, item.substr(dots + 2), lo, hi, text);
    }
    if (a > b) throw InputError("--" + option + " '" + text + "': range " + item + " is descending");
    for (const auto& [c, d] : out.parts)
      if (a <= d && c <= b) throw InputError("--" + option + " '" + text + "': " + item + " overlaps an earlier item");
    out.parts.emplace_back(a, b);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if (one_item && out.parts.size() != 1)
    throw InputError("--" + option + " '" + text + "': expected N or A..B (one range, no list)");
  return out;
}

std::string command_path(const CLI::App* app) {
  std::string path;
  for (const CLI::App* a = app; a && a->get_parent(); a = a->get_parent())
    path = path.empty() ? a->get_name() : a->get_name() + " " + path;
  return path;
}

CLI::Option* add(CLI::App* app, const std::string& name, int& var) { return add_number(app, name, var, K::int_); }
CLI::Option* add(CLI::App* app, const std::string& name, std::int64_t& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::size) return add_number(app, name, var, K::int_);
  const std::int64_t lo = s.lo, hi = s.hi;
  if (*s.deflt) var = parse_size(name, s.deflt, lo, hi);
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, lo, hi](const std::string& text) {
        try {
          var = parse_size(name, text, lo, hi);
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

std::int64_t parse_size(const std::string& option, const std::string& text, std::int64_t lo, std::int64_t hi) {
  auto human = [](std::int64_t b) {
    for (const char* u : {"T", "G", "M", "K"}) {
      const int shift = u[0] == 'T' ? 40 : u[0] == 'G' ? 30 : u[0] == 'M' ? 20 : 10;
      if (b >= (std::int64_t{1} << shift) && b % (std::int64_t{1} << shift) == 0)
        return std::to_string(b >> shift) + u;
    }
    return std::to_string(b);
  };
  auto bad = [&] {
    return InputError("--" + option + " '" + text + "': expected a size such as 512M or 2G (K, M, G, T: powers of 1024) from " +
                      human(lo) + " to " + human(hi));
  };
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 13) throw bad();
  std::string unit = text.substr(digits);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.size() == 3 && unit.compare(1, 2, "IB") == 0) unit.resize(1);  // KiB
  else if (unit.size() == 2 && unit.back() == 'B') unit.pop_back();           // KB
  int shift = 0;
  if (unit == "K") shift = 10;
  else if (unit == "M") shift = 20;
  else if (unit == "G") shift = 30;
  else if (unit == "T") shift = 40;
  else if (!unit.empty() && unit != "B") throw bad();
  const std::int64_t n = std::stoll(text.substr(0, digits));
  if (n > (kMax >> shift)) throw bad();
  const std::int64_t v = n << shift;
  if (v < lo || v > hi) throw bad();
  return v;
}
CLI::Option* add(CLI::App* app, const std::string& name, double& var) { return add_number(app, name, var, K::float_); }

CLI::Option* add(CLI::App* app, const std::string& name, IntList& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::list && s.kind != K::range)
    throw std::logic_error("--" + name + " is not a range or list in the options table");
  const bool one = s.kind == K::range;
  if (*s.deflt) var = parse_list(name, s.deflt, s.lo, s.hi, one);
  const std::int64_t lo = s.lo, hi = s.hi;
  auto* opt = app->add_option_function<std::string>(
      option_names(name),
      [&var, name, lo, hi, one](const std::string& text) {
        try {
          var = parse_list(name, text, lo, hi, one);
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
      },
      s.help);
  return finish(app, opt, s);
}

CLI::Option* add_schedule_file(CLI::App* app, std::string& file) {
  return app->add_option("file", file, "schedule JSON (assignment, solve --json, kbroadcast --out ...; - = stdin)")
      ->required();
}

CLI::Option* add(CLI::App* app, const std::string& name, std::string& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::string && s.kind != K::path)
    throw std::logic_error("--" + name + " is not a string or path in the options table");
  auto* opt = app->add_option(option_names(name), var, s.help);
  if (*s.deflt) var = s.deflt;
  if (s.kind == K::path) opt->check(CLI::Validator(path_text, ""));
  if (*s.choices) {
    opt->check(CLI::Validator([&s](std::string& v) { return choice_error(s, v); }, ""));
    finish(app, opt, s);
    opt->type_name("{" + std::string(s.choices) + "}");  // --help: --format {text,markdown}
    return opt;
  }
  return finish(app, opt, s);
}

CLI::Option* add(CLI::App* app, const std::string& name, bool& var) {
  const auto& s = option_spec(command_path(app), name);
  if (s.kind != K::flag) throw std::logic_error("--" + name + " is not a flag in the options table");
  return app->add_flag(option_names(name), var, s.help);
}

void add_alias(CLI::App* app, const std::string& alias, CLI::Option* target) {
  auto* opt = app->add_option_function<std::string>(
      "--" + alias, [target](const std::string& v) { target->add_result(v); target->run_callback(); },
      "same as " + target->get_name());
  opt->group("");  // hidden: one spelling per concept in --help
}

}  // namespace blockcast::cli
