# Replay speed (issue 11): tests/test_replay.cpp (compiled into blockcast_tests by
# tests/scale.cmake) holds the template expansion and single-pass simulator tests against
# their references; here the CLI end of the witness replay.
# solve replays its witness with the simulator (items = 3(L+T)+1 = 58, search/witness.cpp).
add_test(NAME cli_replay_solve_simulated COMMAND ${BLOCKCAST_EXPECT} 0 "simulated 58 items" sh -c "out=$(\"$0\" solve --L 3 --t 16 --json); c=$?; printf '%s\\n' \"$out\" | grep -o 'simulated 58 items'; exit $c" $<TARGET_FILE:blockcast>)
