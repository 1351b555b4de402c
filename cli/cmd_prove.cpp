// `blockcast prove`: the second, independent prover (docs/prover.md, search/sat/prove.hpp).
// Exit codes (cli/exit_codes.hpp): 0 SOLVED (checked witness), 4 IMPOSSIBLE (DRAT proof
// checked by CaDiCaL and by the independent checker), 5 UNKNOWN (a limit), 2 bad input.
#include <iostream>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "options.hpp"
#include "prove.hpp"

namespace blockcast::cli {

namespace {
nlohmann::json prove_json(const Instance& I, const sat::ProveResult& r) {
  nlohmann::json j = r.witness ? to_json(*r.witness) : nlohmann::json::object();
  j["verdict"] = verdict_name(r.verdict);
  j["method"] = "sat";
  j["L"] = I.L;
  j["t"] = I.t;
  j["P"] = I.P;
  j["verification"] = r.verification;
  j["cnf"] = {{"vars", r.vars}, {"clauses", r.clauses}, {"literals", r.literals}, {"blocks", r.blocks},
              {"encode_seconds", r.encode_seconds}};
  j["solver"] = {{"status", sat::status_name(r.sat.status)}, {"learned", r.sat.stats.learned},
                 {"seconds", r.sat.stats.seconds}, {"stop_reason", r.sat.stop_reason}};
  if (r.sat.status == sat::SatStatus::unsat)
    j["proof"] = {{"bytes", r.proof_bytes},           {"lemmas", r.drat.lemmas},
                  {"rat_lemmas", r.drat.rat_lemmas},  {"deletions", r.drat.deletions},
                  {"ignored_deletions", r.drat.ignored_deletions}, {"check_seconds", r.drat.seconds},
                  {"checker", r.drat.message},        {"path", r.proof_path}};
  return j;
}

void print_text(const Instance& I, const sat::ProveResult& r) {
  std::cout << verdict_name(r.verdict) << "\n";
  std::cout << "L " << I.L << "  t " << I.t << "  P " << I.P << "  delay L+t " << I.delay()
            << "  method: SAT, independent encoding (docs/prover.md)\n";
  std::cout << "cnf: " << r.vars << " variables, " << r.clauses << " clauses, " << r.literals << " literals, "
            << r.blocks << " blocks\n";
  std::cout << "solver: " << sat::status_name(r.sat.status) << " in " << r.sat.stats.seconds << " s, "
            << r.sat.stats.learned << " learned clauses"
            << (r.sat.stop_reason.empty() ? "" : " (" + r.sat.stop_reason + ")") << "\n";
  if (r.sat.status == sat::SatStatus::unsat)
    std::cout << "proof: " << r.proof_bytes << " bytes, " << r.drat.lemmas << " lemmas (" << r.drat.rat_lemmas
              << " RAT), " << r.drat.deletions << " deletions, independent check " << r.drat.seconds << " s"
              << (r.proof_path.empty() ? "" : ", kept in " + r.proof_path) << "\n";
  if (r.witness) {
    for (const auto& b : r.witness->blocks)
      std::cout << "  block r=" << b.r << " u=" << b.u << " x" << b.count << "  word '" << word_string(b.word) << "'\n";
    std::cout << "  receive-only " << letter_name(r.witness->receive_only) << "\n";
  }
  std::cout << "verification: " << r.verification << "\n";
}
}  // namespace

void register_prove(CLI::App& app) {
  struct Args {
    int L = 3, t = 7;
    std::string receive_only, proof, dimacs;
    bool extendable = false, no_symmetry = false, json = false;
    double time_limit = 0;
    std::int64_t conflicts = 0;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "prove", "decide I(t) by an independent SAT encoding (CaDiCaL): SOLVED (checked), IMPOSSIBLE (checked DRAT proof) or UNKNOWN");
  add_int(sub, "L", a->L);
  add_int(sub, "t", a->t);
  add_string(sub, "receive-only", a->receive_only);
  add_flag(sub, "extendable", a->extendable);
  add_string(sub, "proof", a->proof);
  add_string(sub, "dimacs", a->dimacs);
  add_double(sub, "time-limit", a->time_limit);
  add_int(sub, "conflicts", a->conflicts);
  add_flag(sub, "no-symmetry", a->no_symmetry);
  add_flag(sub, "json", a->json);
  sub->callback([a] {
    Instance I = optimal_instance(a->L, a->t);
    sat::ProveOptions o;
    if (!a->receive_only.empty()) {
      o.encoding.receive_only = parse_letter(a->receive_only);
      if (*o.encoding.receive_only >= a->L)
        throw InputError("--receive-only " + a->receive_only + " is not a letter of L=" + std::to_string(a->L));
    }
    o.encoding.extendable = a->extendable;
    o.encoding.symmetry = !a->no_symmetry;
    o.limits.seconds = a->time_limit;
    o.limits.conflicts = a->conflicts;
    o.check_seconds = a->time_limit;
    o.proof_path = a->proof;
    o.dimacs_path = a->dimacs;
    sat::ProveResult r = sat::prove(I, o);
    if (a->json)
      std::cout << prove_json(I, r).dump(2) << "\n";
    else
      print_text(I, r);
    if (r.verdict != Verdict::solved) throw CLI::RuntimeError(exit_code(r.verdict));
  });
}

}  // namespace blockcast::cli
