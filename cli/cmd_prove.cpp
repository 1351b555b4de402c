// `blockcast prove`: the second, independent prover (docs/prover.md, search/sat/prove.hpp).
// --L --t: the optimal tree I(t); --P [--shape ties|pruned]: a trimmed tree for P processors.
// Exit codes (docs/exit-codes.md): 0 SOLVED (checked witness), 4 IMPOSSIBLE (DRAT proof
// checked by CaDiCaL and by the independent checker), 5 UNKNOWN (a limit), 2 bad input.
#include <iostream>
#include <limits>

#include "assignment_json.hpp"
#include "commands.hpp"
#include "limits.hpp"
#include "memory_watch.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "prove.hpp"

namespace blockcast::cli {

namespace {
nlohmann::json prove_json(const TreeSpec& s, const sat::ProveResult& r) {
  nlohmann::json j = nlohmann::json::object();
  if (r.witness) j["schedule"] = to_json(*r.witness);  // an assignment file of its own
  j["verdict"] = verdict_name(r.verdict);
  j["method"] = "sat";
  j["encoding"] = sat::cnf_form_name(r.form);
  j["L"] = s.L;
  j["t"] = s.t;
  j["T"] = s.T;
  j["P"] = s.P;
  j["shape"] = shape_name(s.shape);
  j["removed"] = s.removed;
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

void print_text(const TreeSpec& s, const sat::ProveResult& r) {
  std::cout << verdict_name(r.verdict) << "\n";
  std::cout << "L " << s.L << "  t " << s.t << "  P " << s.P << "  shape " << shape_name(s.shape) << "  delay "
            << s.delay() << "  leaves removed " << s.removed << "  method: SAT, "
            << (r.form == sat::CnfForm::counts ? "counts encoding (sum condition, Hall's theorem)" : "independent residue encoding")
            << " (docs/prover.md)\n";
  if (r.vars == 0) {  // the deadline stopped the encoding: nothing was solved
    std::cout << "cnf: not finished after " << r.encode_seconds << " s\n";
  } else {
    std::cout << "cnf: " << r.vars << " variables, " << r.clauses << " clauses, " << r.literals << " literals, "
              << r.blocks << " blocks\n";
    std::cout << "solver: " << sat::status_name(r.sat.status) << " in " << r.sat.stats.seconds << " s, "
              << r.sat.stats.learned << " learned clauses"
              << (r.sat.stop_reason.empty() ? "" : " (" + r.sat.stop_reason + ")") << "\n";
  }
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

void register_prove(CLI::App& app, const Invocation& inv) {
  struct Args {
    int L = 0, t = 0;  // required (the options table): no default
    std::int64_t P = 0;
    std::string receive_only, proof, dimacs, shape, encoding = "residue";
    bool extendable = false, no_symmetry = false, json = false;
    double time_limit = 0;
    std::int64_t conflicts = 0, max_memory = 0;
  };
  auto a = std::make_shared<Args>();
  auto* sub = app.add_subcommand(
      "prove", "decide I(t) by an independent SAT encoding (CaDiCaL): SOLVED (checked), IMPOSSIBLE (checked DRAT proof) or UNKNOWN");
  add(sub, "L", a->L);
  auto* t_opt = add(sub, "t", a->t);
  auto* P_opt = add(sub, "P", a->P);
  auto* shape_opt = add(sub, "shape", a->shape);
  add(sub, "receive-only", a->receive_only);
  add(sub, "extendable", a->extendable);
  add(sub, "encoding", a->encoding);
  add(sub, "proof", a->proof);
  add(sub, "dimacs", a->dimacs);
  add(sub, "time-limit", a->time_limit);
  add(sub, "conflicts", a->conflicts);
  add(sub, "no-symmetry", a->no_symmetry);
  add(sub, "json", a->json);
  add(sub, "max-memory", a->max_memory);
  sub->callback([a, t_opt, P_opt, shape_opt, &inv] {
    if (P_opt->count() && t_opt->count())
      throw InputError("--P and --t both given: --t means P-1 = f_t, use one of them");
    if (shape_opt->count() && !P_opt->count()) throw InputError("--shape needs --P (--t always means the optimal tree)");
    // --P alone asks for the lower bound L+t: the ties tree (the optimal tree if P-1 = f_t).
    const TreeSpec spec = P_opt->count() ? tree_spec(a->L, a->P, shape_opt->count() ? parse_shape(a->shape) : Shape::ties)
                                         : tree_spec_for_t(a->L, a->t, Shape::optimal);
    sat::ProveOptions o;
    // A ties or pruned tree may use letters beyond L; the encoding checks those against its
    // own alphabet (search/sat/instance_cnf.cpp).
    if (!a->receive_only.empty())
      o.encoding.receive_only =
          receive_only_letter(a->receive_only, a->L, spec.shape == Shape::optimal ? a->L : std::numeric_limits<int>::max());
    o.form = sat::parse_cnf_form(a->encoding);
    o.encoding.extendable = a->extendable;
    o.encoding.symmetry = !a->no_symmetry;
    o.limits.time_limit = a->time_limit;
    o.limits = with_deadline_in(o.limits, a->time_limit);  // the whole command's deadline
    o.limits.conflicts = a->conflicts;
    o.check_seconds = a->time_limit;
    o.proof_path = a->proof;
    o.dimacs_path = a->dimacs;
    // Stops before the memory limit, printing UNKNOWN instead of being killed.
    const MemoryWatch memory(a->max_memory, unknown_answer(inv, "blockcast-prove", a->json));
    Progress bar;  // stderr, only when it is a terminal
    sat::ProveResult r = [&] {
      Ticker tick(bar, "prove L=" + std::to_string(spec.L) + " P=" + std::to_string(spec.P) + ": encoding, solving, checking",
                  a->time_limit);
      return sat::prove(spec, o);
    }();
    if (a->json)
      print_json(inv, "blockcast-prove", prove_json(spec, r));
    else
      print_text(spec, r);
    if (r.verdict != Verdict::solved) leave(status_of(r.verdict));
  });
}

}  // namespace blockcast::cli
