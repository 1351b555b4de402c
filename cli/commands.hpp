// Subcommand registration. Each cmd_*.cpp adds one subcommand (its options from the
// options table, a callback that runs a library call and prints text or the --json outcome
// envelope, cli/render.hpp). Errors are thrown as InputError and turned into one line and
// exit code 2 by main.
#pragma once
#include <CLI/CLI.hpp>

#include "render.hpp"

namespace blockcast::cli {

// Every command, in the order `blockcast --help` lists them (main and the options fuzzer).
// `inv` must outlive the parse: callbacks stamp its command line into their JSON.
void register_all(CLI::App& app, const Invocation& inv);

void register_instance(CLI::App& app, const Invocation& inv);
void register_words(CLI::App& app, const Invocation& inv);
void register_automaton(CLI::App& app, const Invocation& inv);
void register_fattree(CLI::App& app, const Invocation& inv);
// `fattree plot` (cmd_fattree_plot.cpp), registered by register_fattree.
void register_fattree_plot(CLI::App* fattree, const Invocation& inv);
void register_solve(CLI::App& app, const Invocation& inv);
void register_table(CLI::App& app, const Invocation& inv);  // best delay per (L, P)
void register_conjecture(CLI::App& app, const Invocation& inv);
void register_verify_certificate(CLI::App& app, const Invocation& inv);
void register_tree(CLI::App& app, const Invocation& inv);
void register_check(CLI::App& app, const Invocation& inv);
void register_simulate(CLI::App& app, const Invocation& inv);
void register_rank_program(CLI::App& app, const Invocation& inv);  // one rank's program
void register_reports(CLI::App& app, const Invocation& inv);  // reception, draw, report, export, traffic
void register_kbroadcast(CLI::App& app, const Invocation& inv);  // kbroadcast, kbroadcast-table, continuous-search, simple-schedule, latency
void register_kbroadcast_baselines(CLI::App& app, const Invocation& inv);  // MPI baselines vs blockcast
void register_plan(CLI::App& app, const Invocation& inv);     // from a machine (LogGP) to the postal model
void register_prove(CLI::App& app, const Invocation& inv);    // independent SAT prover, docs/prover.md
void register_mpi_run(CLI::App& app, const Invocation& inv);  // only in builds with MPI (BLOCKCAST_HAVE_MPI)
void register_help(CLI::App& app);                            // help CMD (cli/suggest.cpp)

}  // namespace blockcast::cli
