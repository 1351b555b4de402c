# k-item broadcast, periodic schedules, simple schedule, varying latency.
target_sources(blockcast_tests PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_exact.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_schedules.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_circulant.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_colored.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_balanced.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_routed.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_endgame_tree.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_squeaky.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_periodic_schedule.cpp)
target_link_libraries(blockcast_tests PRIVATE blockcast_kitem blockcast_check)
# CLI cases: cli_kbroadcast_*, cli_continuous_search_*, cli_simple_schedule, cli_latency_svg in
# tests/cli/cases.tsv.
# L = 1 circulant at scale: unit tests of the implicit form, the structural check,
# the streaming simulator and the per-rank program.
target_sources(blockcast_tests PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_circulant_scale.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_circulant_rank.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_circulant_logp.cpp)
# The streaming-replay bench and the full sweep (every P <= 2000, k <= 64, ~4*10^9 message
# events): tests/bench/circulant_stream.sh, docs/benchmarks.md. The sweep is a ctest entry
# with LABEL long (minutes; keep it out of the ASan run).
add_executable(circulant_stream ${CMAKE_CURRENT_SOURCE_DIR}/bench/circulant_stream.cpp)
target_link_libraries(circulant_stream PRIVATE blockcast_engine)
blockcast_warnings(circulant_stream)
add_test(NAME kbroadcast_circulant_sweep_long COMMAND circulant_stream sweep 2000 64)
set_tests_properties(kbroadcast_circulant_sweep_long PROPERTIES LABELS long)
# One rank's circulant program, O(log P) against the former window-rule counting, at
# P = 2^10, 2^20, 2^31 - 1 (docs/benchmarks.md "Circulant rank program in O(log P)").
add_executable(circulant_rank_bench ${CMAKE_CURRENT_SOURCE_DIR}/bench/circulant_rank_bench.cpp)
target_link_libraries(circulant_rank_bench PRIVATE blockcast_engine)
blockcast_warnings(circulant_rank_bench)
# The MPI baselines (chain, binomial, split binary, scatter + allgather,
# two-tree), simulated for every P <= 40, k <= 12, L = 1..4, and their closed forms.
target_sources(blockcast_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_baselines.cpp)
# Beyond block-cyclic, the period scan of solve --P, table --period and
# continuous-search; CLI cases cli_solve_P_periodic_*, cli_table_period_*.
target_sources(blockcast_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_periodic_scan.cpp)
# The k-item lower bound is at least Bar-Noy and Kipnis' (k - 1) + f_L(P) in every table cell.
target_sources(blockcast_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_kitem_bound_sanity.cpp)
