// Subcommand registration. Each cmd_*.cpp adds one subcommand (its options from the
// options table, a callback that prints text or --json). Errors are thrown as InputError
// and turned into one line and exit code 2 by main.
#pragma once
#include <CLI/CLI.hpp>

namespace blockcast::cli {

void register_instance(CLI::App& app);
void register_words(CLI::App& app);
void register_automaton(CLI::App& app);
void register_fattree(CLI::App& app);
void register_solve(CLI::App& app);
void register_table(CLI::App& app);  // best delay per (L, P), issue 4
void register_conjecture(CLI::App& app);
void register_verify_certificate(CLI::App& app);
void register_tree(CLI::App& app);
void register_check(CLI::App& app);
void register_simulate(CLI::App& app);
void register_reports(CLI::App& app);  // reception, draw, report, export, traffic
void register_kbroadcast(CLI::App& app);  // kbroadcast, kbroadcast-table, continuous-search, latency (issue 15)
void register_prove(CLI::App& app);    // independent SAT prover, docs/prover.md
void register_mpi_run(CLI::App& app);  // issue 13; only in builds with MPI (BLOCKCAST_HAVE_MPI)

}  // namespace blockcast::cli
