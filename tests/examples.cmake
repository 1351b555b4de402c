# examples/ built against the installed package: tests/examples/run.sh installs
# this build into a temporary prefix and builds each example there with find_package. Not in
# sanitizer builds (the examples are plain builds and cannot link a sanitized library).
if(NOT (BLOCKCAST_SANITIZE OR BLOCKCAST_FUZZ))
  set(run ${CMAKE_CURRENT_SOURCE_DIR}/examples/run.sh)
  add_test(NAME example_consumer COMMAND bash ${run} ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
           ${CMAKE_CURRENT_BINARY_DIR}/example-consumer consumer)
  set_tests_properties(example_consumer PROPERTIES
    PASS_REGULAR_EXPRESSION "L=5 P=1000 SOLVED, delay [0-9]+.*8 items: time")
  if(TARGET blockcast_mpi)
    add_test(NAME mpi_example_bcast COMMAND bash ${run} ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR}
             ${CMAKE_CURRENT_BINARY_DIR}/example-mpi mpi)
    set_tests_properties(mpi_example_bcast PROPERTIES PASS_REGULAR_EXPRESSION "verified: every rank got every byte")
  endif()
endif()
