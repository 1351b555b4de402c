# The bad-input walk (issue 28 item 4, tests/cli/bad_input_walk.cpp): every command x every
# option that takes a value, with malformed and out-of-range values from the options table,
# must exit 2 with one line. The walker builds the CLI's parser itself (the blockcast sources
# except main.cpp, as tests/fuzz/CMakeLists.txt does for fuzz_options) and runs the real
# executable. 457 processes: 8-13 s in Release at load 6-12, labelled long so the ASan pass
# skips it (fuzz_options covers the parser under the sanitizers).
get_target_property(walk_cli_sources blockcast SOURCES)
list(FILTER walk_cli_sources EXCLUDE REGEX "main[.]cpp$")
list(TRANSFORM walk_cli_sources PREPEND ${PROJECT_SOURCE_DIR}/cli/)
add_executable(bad_input_walk ${CMAKE_CURRENT_LIST_DIR}/bad_input_walk.cpp ${walk_cli_sources})
target_include_directories(bad_input_walk PRIVATE ${PROJECT_SOURCE_DIR}/cli)
target_link_libraries(bad_input_walk PRIVATE $<TARGET_PROPERTY:blockcast,LINK_LIBRARIES>)
target_compile_definitions(bad_input_walk PRIVATE $<TARGET_PROPERTY:blockcast,COMPILE_DEFINITIONS>)
blockcast_warnings(bad_input_walk)
add_test(NAME cli_bad_input_walk
         COMMAND bad_input_walk $<TARGET_FILE:blockcast> ${PROJECT_SOURCE_DIR}/tests ${CMAKE_CURRENT_BINARY_DIR}/cli/bad_input_walk)
set_tests_properties(cli_bad_input_walk PROPERTIES LABELS long TIMEOUT 600)
