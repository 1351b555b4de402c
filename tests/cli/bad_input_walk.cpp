// Bad input on every path (docs/exit-codes.md): every command x every option
// that takes a value, given a malformed or out-of-range value, must answer exit code 2 with
// exactly one line on stderr and nothing on stdout (no schedule printed before the error).
// The commands and their options come from the CLI itself (register_all: the parser every
// run uses) and each option's kind and range from the one options table (cli/options.cpp),
// so a new option or command is walked without editing this file; a new command only needs
// a cheap valid command line in kBase (the walk fails naming it until it has one).
// Every base line is run first and must not be refused, so each refusal is the bad value's.
// Usage: bad_input_walk BLOCKCAST_EXECUTABLE TESTS_SOURCE_DIR SCRATCH_DIR
//
// Deliberately not walked: flags (they take no value), the help flag, the hidden aliases of
// add_alias (they forward to a walked option), `help CMD` (its positionals are command
// names), and values a kind cannot refuse: a free-text --format with no fixed set is still
// walked (every --format has one), but a path is only refused when it cannot be opened or
// created, so paths get "/dev/null/x" (no directory can be made below a device).
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"

namespace fs = std::filesystem;
using namespace blockcast::cli;

namespace {

using Argv = std::vector<std::string>;

// A cheap valid command line per command path (@DATA@ = tests/data, @SRC@ = tests/,
// @TMP@ = a scratch directory). Commands taking --receive-only run with --L 3, so "d" (the
// letter L) is out of range for them.
const std::map<std::string, Argv> kBase = {
    {"instance", {"--L", "3", "--t", "5"}},
    {"words", {"--L", "3", "--r", "2", "--count"}},
    {"automaton", {"--L", "3"}},
    {"fattree simulate", {"--n", "8", "--op", "broadcast"}},
    {"fattree table", {"--n", "4..8", "--capacities", "cbft"}},
    {"fattree search", {"--n", "4", "--op", "broadcast", "--model", "queue-free"}},
    {"fattree plot", {"@SRC@/fattree/data/search_te_ebft8_queue_free_11.json"}},
    {"solve", {"--L", "3", "--P", "10"}},
    {"table", {"--L", "2", "--P", "2..10"}},
    {"conjecture", {"--L", "3"}},
    {"verify-certificate", {"@SRC@/fuzz/corpus/fuzz_certificate/L3_certificate_minimality.json", "--skip-minimality"}},
    {"tree", {"--L", "3", "--P", "10"}},
    {"check", {"@DATA@/L3_t7.json"}},
    {"simulate", {"@DATA@/L3_t7.json", "--k", "3"}},
    {"rank-program", {"@DATA@/L3_t7.json", "--rank", "1"}},
    {"reception", {"@DATA@/L3_t7.json", "--k", "3"}},
    {"draw tree", {"--L", "3", "--t", "5"}},
    {"draw automaton", {"--L", "2"}},
    {"draw schedule", {"@DATA@/L3_t7.json"}},
    {"report", {"@TMP@/run"}},
    {"export", {"@DATA@/L3_t7.json", "--k", "3", "--format", "csv"}},
    {"traffic", {"@DATA@/L3_t7.json", "--k", "3"}},
    {"kbroadcast", {"--L", "1", "--P", "6", "--k", "4"}},
    {"kbroadcast-table", {"--L", "1", "--P", "2..3", "--k", "1..2"}},
    {"continuous-search", {"--L", "2", "--P", "5", "--period", "1..1"}},
    {"simple-schedule", {"--L", "2", "--P", "2..5", "--k", "4"}},
    {"latency", {"--L", "2", "--P", "5", "--k", "4", "--samples", "2"}},
    {"kbroadcast-baselines", {"--L", "1", "--P", "4", "--k", "2"}},
    {"prove", {"--L", "3", "--t", "4"}},
    {"plan", {"--P", "16", "--bytes", "64K", "--latency", "1us", "--gap-per-byte", "1e-10", "--time-limit", "0.5"}},
    // mpi-run outside mpirun is one process (P = 1): the schedule's P does not match, which
    // is a refusal after the options are read; values are walked, the base is not run.
    {"mpi-run", {"@DATA@/L3_t7.json", "--k", "2"}},
};
const char* const kBaseNotRun[] = {"mpi-run"};

struct Run {
  int exit = -1;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The executable with `args`, stdout and stderr in files, killed after 60 s (a value not
// refused runs the command: the base lines are cheap, but a bad value might not be).
Run run(const std::string& exe, const Argv& args, const std::string& tmp) {
  const std::string out = tmp + "/stdout", err = tmp + "/stderr";
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = open("/dev/null", O_RDONLY);
    if (o < 0 || e < 0 || in < 0 || chdir(tmp.c_str()) != 0) _exit(127);
    dup2(in, 0), dup2(o, 1), dup2(e, 2);
    std::vector<char*> argv{const_cast<char*>(exe.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    alarm(60);
    execv(exe.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out), r.err = slurp(err);
  return r;
}

std::string join(const Argv& a) {
  std::string s;
  for (const auto& x : a) s += (s.empty() ? "" : " ") + x;
  return s;
}

// Values the option's kind and range refuse (from its table entry).
std::vector<std::string> bad_values(const OptionSpec& s) {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  std::vector<std::string> v;
  switch (s.kind) {
    case OptionKind::int_:
    case OptionKind::range:
    case OptionKind::list:
      v = {"x", "1.5", s.lo > 0 ? std::to_string(s.lo - 1) : "-1",
           s.hi < kMax ? std::to_string(s.hi + 1) : "9223372036854775808"};
      if (s.kind != OptionKind::int_) v.push_back(std::to_string(s.lo) + "..x");
      break;
    case OptionKind::float_:
      v = {"x", "-1", "nan", "inf", std::to_string(s.hi + 1)};
      break;
    case OptionKind::string:
      v = {"bogus"};
      if (std::string(s.name) == "receive-only") v.push_back("d");  // the letter L = 3
      break;
    case OptionKind::path: v = {"/dev/null/x"}; break;
    case OptionKind::size:  // below 16M, above 1T (--max-memory); plan --bytes takes any size >= 0
      v = {"x", "2X", "-1M"};
      if (s.lo > (std::int64_t{1} << 20)) v.push_back("1M");
      if (s.hi < (std::int64_t{2} << 40)) v.push_back("2T");
      break;
    case OptionKind::flag: break;
  }
  return v;
}

// The base line with every occurrence of --name VALUE / -X VALUE removed.
Argv without(Argv a, const std::string& name) {
  for (std::size_t i = 0; i < a.size();) {
    if ((a[i] == "--" + name || (name.size() == 1 && a[i] == "-" + name)) && i + 1 < a.size())
      a.erase(a.begin() + static_cast<std::ptrdiff_t>(i), a.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    else
      ++i;
  }
  return a;
}

void collect(CLI::App* app, std::vector<CLI::App*>& leaves) {
  const auto subs = app->get_subcommands({});
  if (subs.empty() && app->get_parent()) leaves.push_back(app);
  for (CLI::App* s : subs) collect(s, leaves);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: bad_input_walk BLOCKCAST TESTS_SOURCE_DIR SCRATCH_DIR\n";
    return 2;
  }
  const std::string exe = fs::absolute(argv[1]).string(), src = fs::absolute(argv[2]).string(),
                    tmp = fs::absolute(argv[3]).string();
  fs::remove_all(tmp);
  fs::create_directories(tmp + "/run/L3");
  fs::copy_file(src + "/fuzz/corpus/fuzz_certificate/L3_certificate_minimality.json", tmp + "/run/L3/certificate.json");
  auto expand = [&](Argv a) {
    for (auto& x : a)
      for (const auto& [key, value] : {std::pair<std::string, std::string>{"@DATA@", src + "/data"}, {"@SRC@", src}, {"@TMP@", tmp}})
        if (x.rfind(key, 0) == 0) x = value + x.substr(key.size());
    return a;
  };

  CLI::App app{"blockcast"};
  const Invocation inv{"blockcast"};
  register_all(app, inv);
  std::vector<CLI::App*> leaves;
  collect(&app, leaves);

  int failures = 0, runs = 0;
  auto fail = [&](const std::string& what) {
    std::cerr << "FAIL " << what << "\n";
    ++failures;
  };
  for (CLI::App* sub : leaves) {
    const std::string path = command_path(sub);
    if (path == "help") continue;
    const auto it = kBase.find(path);
    if (it == kBase.end()) {
      fail(path + ": no base command line in kBase (tests/cli/bad_input_walk.cpp): add a cheap valid one");
      continue;
    }
    Argv cmd;
    std::istringstream words(path);
    for (std::string w; words >> w;) cmd.push_back(w);
    const Argv base = expand(it->second);
    if (std::find(std::begin(kBaseNotRun), std::end(kBaseNotRun), path) == std::end(kBaseNotRun)) {
      Argv full = cmd;
      full.insert(full.end(), base.begin(), base.end());
      const Run r = run(exe, full, tmp);
      ++runs;
      if (r.exit == 2 || r.exit == 3 || r.exit >= 128)
        fail(join(full) + ": the base line itself exits " + std::to_string(r.exit) + ": " + r.err);
    }
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->get_lnames().empty() || opt->get_expected_max() == 0) continue;  // positionals, flags, --help
      const std::string name = opt->get_lnames().front();
      const OptionSpec* spec = nullptr;
      try {
        spec = &option_spec(path, name);
      } catch (const std::logic_error&) {
        if (opt->get_group().empty()) continue;  // a hidden alias (add_alias): its target is walked
        fail(path + " --" + name + ": not in the options table");
        continue;
      }
      for (const std::string& value : bad_values(*spec)) {
        Argv full = cmd;
        const Argv rest = without(base, name);
        full.insert(full.end(), rest.begin(), rest.end());
        full.push_back("--" + name + "=" + value);
        const Run r = run(exe, full, tmp);
        ++runs;
        const auto lines = std::count(r.err.begin(), r.err.end(), '\n');
        if (r.exit != 2 || lines != 1 || r.err.back() != '\n' || !r.out.empty())
          fail(join(full) + ": exit " + std::to_string(r.exit) + ", " + std::to_string(lines) + " stderr line(s), " +
               std::to_string(r.out.size()) + " stdout bytes; stderr: " + r.err.substr(0, 300));
      }
    }
  }
  std::cout << runs << " runs, " << failures << " failures\n";
  return failures ? 1 : 0;
}
