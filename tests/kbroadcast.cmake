# Issue 15 (k-item broadcast, periodic schedules, simple schedule, varying latency).
target_sources(blockcast_tests PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_exact.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_schedules.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_circulant.cpp)
target_link_libraries(blockcast_tests PRIVATE blockcast_kitem)
# CLI cases: cli_kbroadcast_*, cli_continuous_search_*, cli_simple_schedule, cli_latency_svg in
# tests/cli/cases.tsv.
