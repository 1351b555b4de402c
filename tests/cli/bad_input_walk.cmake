# The bad-input walk (tests/cli/bad_input_walk.cpp): every command x every
# option that takes a value, with malformed and out-of-range values from the options table,
# must exit 2 with one line. The walker builds the CLI's parser itself (from blockcast_cli,
# as fuzz_options does) and runs the real executable. 457 processes: 8-13 s in Release at load 6-12, labelled long so the ASan pass
# skips it (fuzz_options covers the parser under the sanitizers).
add_executable(bad_input_walk ${CMAKE_CURRENT_LIST_DIR}/bad_input_walk.cpp)
target_link_libraries(bad_input_walk PRIVATE blockcast_cli)
blockcast_warnings(bad_input_walk)
add_test(NAME cli_bad_input_walk
         COMMAND bad_input_walk $<TARGET_FILE:blockcast> ${PROJECT_SOURCE_DIR}/tests ${CMAKE_CURRENT_BINARY_DIR}/cli/bad_input_walk)
set_tests_properties(cli_bad_input_walk PROPERTIES LABELS long TIMEOUT 600)
