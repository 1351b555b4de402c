# Ground-state (x-extendable root) search: brute-force cross-checks (automata/ground_search.hpp).
target_sources(blockcast_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_ground.cpp)
