// The list of commands (commands.hpp): one place, shared by main and the options fuzzer.
#include "commands.hpp"

namespace blockcast::cli {

void register_all(CLI::App& app, const Invocation& inv) {
  register_instance(app, inv);
  register_words(app, inv);
  register_automaton(app, inv);
  register_fattree(app, inv);
  register_solve(app, inv);
  register_table(app, inv);
  register_conjecture(app, inv);
  register_verify_certificate(app, inv);
  register_tree(app, inv);
  register_check(app, inv);
  register_simulate(app, inv);
  register_rank_program(app, inv);
  register_reports(app, inv);
  register_kbroadcast(app, inv);
  register_kbroadcast_baselines(app, inv);
  register_plan(app, inv);
  register_prove(app, inv);
#ifdef BLOCKCAST_HAVE_MPI
  register_mpi_run(app, inv);
#endif
  register_help(app);
}

}  // namespace blockcast::cli
