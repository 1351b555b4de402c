# Every P (issue 12, search/every_p.hpp, docs/shapes.md): what `table --cells --json` and
# `solve --P --json` print for a cell is an assignment file that check, simulate, export,
# traffic, reception and draw schedule read as it is; table --json ranges are monotone in P.
set(EVERYP_OUT ${CMAKE_CURRENT_BINARY_DIR}/everyp_cli)
file(MAKE_DIRECTORY ${EVERYP_OUT})
# $0 blockcast, $1 output file, $2 the producing command; every consumer must exit 0.
set(EVERYP_CONSUMERS "$0 $2 > \"$1\" || exit 9; for c in 'check' 'simulate --items 12' 'export --format csv --items 12' 'traffic --items 12' 'reception --items 12' 'draw schedule --item 3'; do \"$0\" $c \"$1\" > /dev/null 2>&1 || { echo \"$c rejects $1\"; exit 1; }; done; echo 'accepted by check, simulate, export, traffic, reception, draw'")
add_test(NAME cli_everyp_table_cell_is_assignment COMMAND ${BLOCKCAST_EXPECT} 0 "accepted by check" sh -c "${EVERYP_CONSUMERS}" $<TARGET_FILE:blockcast> ${EVERYP_OUT}/table_L3_P91.json "table --L 3 --P 91 --cells --json")
add_test(NAME cli_everyp_table_pruned_cell_is_assignment COMMAND ${BLOCKCAST_EXPECT} 0 "accepted by check" sh -c "${EVERYP_CONSUMERS}" $<TARGET_FILE:blockcast> ${EVERYP_OUT}/table_L4_P8.json "table --L 4 --P 8 --cells --json")
add_test(NAME cli_everyp_solve_P_is_assignment COMMAND ${BLOCKCAST_EXPECT} 0 "accepted by check" sh -c "${EVERYP_CONSUMERS}" $<TARGET_FILE:blockcast> ${EVERYP_OUT}/solve_L4_P8.json "solve --L 4 --P 8 --json")
# Ranges of one L never get faster when P grows (jq-free: the delays in P order, per L).
add_test(NAME cli_everyp_table_json_monotone COMMAND ${BLOCKCAST_EXPECT} 0 "monotone" sh -c "out=$(\"$0\" table --L 2..6 --P 2..400 --json) || exit 9; printf '%s\\n' \"$out\" | awk '/\"L\":/{gsub(/[^0-9]/,\"\");L=$0} /\"delay\":/{gsub(/[^0-9]/,\"\");if(L==pl && $0+0<pd+0){print \"break at L=\" L; bad=1} pl=L; pd=$0} END{if(!bad) print \"monotone\"; exit bad}'" $<TARGET_FILE:blockcast>)
# `cmake --build DIR --target bench_everyp`: tests/bench/everyp.sh (L 2..8 x P 2..500, the whole
# L 2..16 x P 2..10000 with CPU time and a monotonicity check, per L the largest P within 10 min).
add_custom_target(bench_everyp COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bench/everyp.sh $<TARGET_FILE:blockcast> DEPENDS blockcast USES_TERMINAL)
