# Robust long runs: crash-safe outputs and resume after SIGKILL, a few seeded kills
# of small runs and runs stopped by --time-limit (tests/bench/kill_outputs.sh runs >= 50); the lock and --max-memory cases are
# in tests/cli/cases.tsv.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME robust_kill_outputs
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/bench/kill_outputs.py $<TARGET_FILE:blockcast>
                   ${PROJECT_BINARY_DIR}/tests/robust_kill --kills 3 --deadlines 2 --seed 1 --small)
  set_tests_properties(robust_kill_outputs PROPERTIES TIMEOUT 300)
endif()
