# L = 2 decided in closed form (search/everyp/ltwo.hpp, docs/shapes.md "L = 2").
target_sources(blockcast_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/test_ltwo.cpp)
