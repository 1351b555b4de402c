# Issue 15 (k-item broadcast, periodic schedules, simple schedule, varying latency).
target_sources(blockcast_tests PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_exact.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/test_kbroadcast_schedules.cpp)
target_link_libraries(blockcast_tests PRIVATE blockcast_kitem)
# CLI: one line of a multi-line output, with blockcast's own exit code (no pipe from blockcast).
set(KB_LINE "out=$(\"$0\" $1 2>&1); c=$?; printf '%s\\n' \"$out\" | grep -m1 -- \"$2\"; exit $c")
set(KB_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
add_test(NAME cli_kbroadcast_fig2 COMMAND ${KB_EXPECT} 0 "time 15 (= lower bound)" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "kbroadcast --k 8 --assignment ${CMAKE_CURRENT_SOURCE_DIR}/data/L3_t7.json" "alternated+endgame:")
add_test(NAME cli_kbroadcast_fig2_plain_endgame COMMAND ${KB_EXPECT} 0 "verified by the independent checker" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "kbroadcast --L 3 --P 10 --k 8" "endgame at time 15: impossible")
add_test(NAME cli_kbroadcast_export COMMAND ${KB_EXPECT} 0 "num_ranks 10" sh -c "\"$0\" kbroadcast --L 3 --P 10 --k 8 --out \"$1\" > /dev/null && grep -m1 num_ranks \"$1/alternated+endgame.goal\"" $<TARGET_FILE:blockcast> ${CMAKE_CURRENT_BINARY_DIR}/kb_export)
add_test(NAME cli_kbroadcast_no_P COMMAND ${KB_EXPECT} 2 "--P is required" $<TARGET_FILE:blockcast> kbroadcast --k 8)
add_test(NAME cli_kbroadcast_table COMMAND ${KB_EXPECT} 0 "UNKNOWN 0" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "kbroadcast-table --L 2 --P 2..5 --k 1..3" "rows:")
add_test(NAME cli_kbroadcast_table_P_too_big COMMAND ${KB_EXPECT} 2 "--P" $<TARGET_FILE:blockcast> kbroadcast-table --P 2..13)
add_test(NAME cli_continuous_search_L4_t8_small_periods COMMAND ${KB_EXPECT} 4 "IMPOSSIBLE" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "continuous-search --L 4 --t 8 --period 1..3" "period 3:")
add_test(NAME cli_simple_schedule COMMAND ${KB_EXPECT} 0 "12" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "simple-schedule --L 3 --P 2..30" "^   3     10 ")
add_test(NAME cli_latency_svg COMMAND ${KB_EXPECT} 0 "wrote" sh -c "${KB_LINE}" $<TARGET_FILE:blockcast> "latency --L 3 --P 10 --d 0..1 --samples 3 --svg ${CMAKE_CURRENT_BINARY_DIR}/kb_latency.svg" "wrote")
