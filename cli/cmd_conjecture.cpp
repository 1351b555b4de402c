// `blockcast conjecture`: certified runs per L (verify-certificate: cmd_verify_certificate.cpp)
// (Karp et al. 1993, Sec. 3.3; SPEC Sec. 7). With --shape pruned the same induction runs over
// pruned trees (SPEC Sec. 6; Karp et al. 1993, Thm 3.5; docs/induction.md) and a table of
// t = L..40 (L = 2; t0+2L-1 otherwise) compares delay L+t+1 (pruned, achieved) with L+t (optimal tree).
// The command parses its options into the run's request (search/conjecture_range.hpp), runs
// each L as a unit of cli/unit_runner.hpp (MPI ranks, --resume, --max-memory) under the
// request's one deadline, and writes what reports/conjecture_answer.hpp renders.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <mutex>

#include "commands.hpp"
#include "conjecture_answer.hpp"  // reports/: the run (search/conjecture_range.hpp) and its renderings
#include "memory_watch.hpp"
#include "output_lock.hpp"
#include "progress.hpp"
#include "report_hook.hpp"
#include "search_args.hpp"
#include "unit_runner.hpp"

namespace blockcast::cli {

namespace {

struct ConjectureArgs {
  IntList L;
  std::string out;
  std::string shape;
  std::string method;
  std::int64_t seed = 1;
  std::string resume;
  int t_max = 0;
  int settle_tries = 0;
  std::int64_t max_memory = 0;
  SearchArgs search;
};

ConjectureRequest conjecture_request(const ConjectureArgs& a) {
  ConjectureRequest q;
  for (const i64 L : a.L.values("L", kMaxConjectureL)) q.L.push_back(static_cast<int>(L));
  q.search = a.search.options();
  q.method = parse_method(a.method);
  q.seed = static_cast<std::uint64_t>(a.seed);
  q.t_max = a.t_max;
  q.settle_tries = a.settle_tries;
  q.shape = parse_shape(a.shape);
  check_conjecture_request(q);
  return q;
}

// What --max-memory prints when it stops the run: the L finished, then UNKNOWN.
std::string conjecture_stopped_output(const ConjectureArgs& a, const Invocation& inv, const std::string& reason,
                           const std::vector<nlohmann::json>& finished) {
  if (a.search.json)
    return envelope_text(to_json(Outcome{"blockcast-conjecture", Verdict::unknown, reason, std::nullopt,
                                         nlohmann::json(), {{"latencies", finished}}},
                                 inv.command_line)) + "\n";
  return "UNKNOWN: " + reason + (a.out.empty() ? "" : "; --resume " + a.out + " continues") + "\n";
}

// Certificates this process verified, for the report (MPI workers' and resumed units'
// certificates are read back and verified there instead); units run two at a time.
struct VerifiedInRun {
  std::shared_ptr<VerifiedCertificates> certificates = verified_certificates();
  std::mutex mutex;
};

// One unit: one L certified, its summary, its files (with --out) and its text.
void conjecture_unit(const ConjectureArgs& a, const ConjectureOptions& co, Method method, int L, VerifiedInRun& verified,
                     UnitOutput& unit_out) {
  LatencyResult lr = certify_latency(L, co);
  ConjectureResult& r = lr.result;
  add_certificate_extra(r, method);
  nlohmann::json summary = conjecture_summary(r);
  if (r.verdict == Verdict::solved && !a.out.empty()) {
    ConjectureFiles f = conjecture_files(r, a.out);
    {
      std::lock_guard<std::mutex> lock(verified.mutex);
      add_verified(*verified.certificates, f.outline, r.certificate.base_cases, "L" + std::to_string(L), f.certificate);
    }
    for (auto& file : f.files) unit_out.files.push_back(std::move(file));
    summary["certificate"] = f.certificate;
    if (!f.table.empty()) summary["table_file"] = f.table;
  }
  unit_out.summary = summary;
  // An L that ran into the deadline is printed, not recorded: --resume runs it again.
  unit_out.complete = lr.before_deadline;
  if (!a.search.json) unit_out.text << conjecture_text(r, a.search.stats);
}

// Rank 0 once every L is in: summary.json and the report (with --out), the envelope, the exit code.
void finish_conjecture(const ConjectureArgs& a, const Invocation& inv, const std::vector<nlohmann::json>& all, VerifiedInRun& verified) {
  if (!a.out.empty()) {
    write_json_file((std::filesystem::path(a.out) / "summary.json").string(), nlohmann::json(all));
    // A time limit can stop the run before any L is certified: then there is nothing to
    // report (the report reads certificates), and the exit code below says UNKNOWN.
    const bool any = std::any_of(all.begin(), all.end(),
                                 [](const nlohmann::json& s) { return s.value("verdict", std::string()) == "SOLVED"; });
    if (any) write_report(a.out, verified.certificates.get());
    if (!a.search.json)
      std::cout << (any ? "report: " + a.out + "/report.md, " + a.out + "/report.html\n"
                        : "no report: no L was certified (" + a.out + "/summary.json has the verdicts)\n");
  }
  // docs/exit-codes.md: the worst verdict over the L (UNKNOWN > IMPOSSIBLE > SOLVED).
  const Outcome o = conjecture_outcome(all);
  if (a.search.json) print_json(inv, o);
  exit_with(o.verdict);
}

void conjecture_command(ConjectureArgs& a, const CLI::App* sub, const Invocation& inv) {
  ConjectureRequest q = conjecture_request(a);
  auto progress = std::make_shared<ProgressLine>();  // stderr, only when it is a terminal
  q.control.progress = [progress](const Progress& p) {
    if (!p.what.empty() && p.total == 0) progress->update(p.what);  // the step's status line
  };
  const ConjectureOptions co = conjecture_options(q);  // the whole command's deadline starts here
  if (!a.resume.empty() && !a.out.empty() && a.out != a.resume)
    throw InputError("--resume " + a.resume + " and --out " + a.out + ": the run resumed writes where it started");
  if (!a.resume.empty()) a.out = a.resume;
  OutputLocks locks({a.out});  // one run per output folder
  // --max-memory: stops before the limit, printing the L finished (recorded
  // with --out, so --resume continues); cli/memory_watch.hpp.
  MemoryWatch memory(
      a.max_memory,
      [&](const std::string& reason, const std::vector<nlohmann::json>& finished) -> std::string {
        return conjecture_stopped_output(a, inv, reason, finished);
      },
      [&locks] { locks.release(); });
  // One unit per L (cli/unit_runner.hpp): spread over MPI ranks, recorded for --resume.
  std::vector<std::string> keys;
  for (const int L : q.L) keys.push_back("L" + std::to_string(L));
  VerifiedInRun verified;
  UnitRunOptions units{a.out, !a.resume.empty(),
                       option_fingerprint(sub, {"L", "out", "resume", "threads", "max-memory", "time-limit"}), &memory};
  units.parallel = q.search.threads == 1 ? 1 : 2;
  auto summaries = run_units(keys, units, [&](std::size_t unit, UnitOutput& unit_out) {
    conjecture_unit(a, co, q.method, q.L[unit], verified, unit_out);
  });
  progress->finish();
  if (!summaries) return;  // an MPI worker rank: rank 0 writes everything
  finish_conjecture(a, inv, *summaries, verified);
}

}  // namespace

void register_conjecture(CLI::App& app, const Invocation& inv) {
  auto a = std::make_shared<ConjectureArgs>();
  auto* sub = app.add_subcommand(
      "conjecture", "certify the conjecture of Karp et al. 1993 per L: L consecutive base cases + induction");
  add(sub, "L", a->L);
  add(sub, "out", a->out);
  add(sub, "shape", a->shape);
  add(sub, "method", a->method);
  add(sub, "seed", a->seed);
  add(sub, "t-max", a->t_max);
  add(sub, "settle-tries", a->settle_tries);
  add(sub, "resume", a->resume);
  add(sub, "max-memory", a->max_memory);
  a->search.add(sub);
  sub->callback([a, sub, &inv] { conjecture_command(*a, sub, inv); });
}

}  // namespace blockcast::cli
