# Scale (issue 11): the linear-time simulator against a brute-force reference, and
# verify-certificate saying how many base cases the simulator replayed (--sim-events).
target_sources(blockcast_tests PRIVATE test_replay.cpp)

set(SCALE_RUN ${CMAKE_CURRENT_BINARY_DIR}/scale_run)
add_test(NAME cli_scale_conjecture_L5 COMMAND sh -c "rm -rf \"$1\" && \"$0\" conjecture --L 5 --out \"$1\" > /dev/null" $<TARGET_FILE:blockcast> ${SCALE_RUN})
set_tests_properties(cli_scale_conjecture_L5 PROPERTIES FIXTURES_SETUP scale_run)
add_test(NAME cli_scale_verify_simulated COMMAND sh -c "out=$(\"$0\" verify-certificate \"$1/L5/certificate.json\"); c=$?; printf '%s\\n' \"$out\" | grep -q 'simulated 5 of 5 base cases' || c=1; exit $c" $<TARGET_FILE:blockcast> ${SCALE_RUN})
add_test(NAME cli_scale_verify_symbolic_only COMMAND sh -c "out=$(\"$0\" verify-certificate --sim-events 0 \"$1/L5/certificate.json\"); c=$?; printf '%s\\n' \"$out\" | grep -q 'simulated 0 of 5 base cases .* the others symbolic only' || c=1; exit $c" $<TARGET_FILE:blockcast> ${SCALE_RUN})
set_tests_properties(cli_scale_verify_simulated cli_scale_verify_symbolic_only PROPERTIES FIXTURES_REQUIRED scale_run)
