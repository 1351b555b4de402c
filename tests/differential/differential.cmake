# The same answer everywhere (tests/differential/differential.py): every request of
# catalogue.py through the CLI's --json, the C++ API (faces.cpp) and Python. Only where the
# Python module is built (not in sanitizer builds); labelled long (about 200 requests).
add_executable(blockcast_faces ${CMAKE_CURRENT_SOURCE_DIR}/differential/faces.cpp)
target_link_libraries(blockcast_faces PRIVATE blockcast_api nlohmann_json::nlohmann_json)
blockcast_warnings(blockcast_faces)
if(TARGET blockcast_python)
  add_test(NAME differential_faces
    COMMAND ${PYTHON_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/differential/differential.py
            $<TARGET_FILE:blockcast> $<TARGET_FILE:blockcast_faces>)
  set_tests_properties(differential_faces PROPERTIES ENVIRONMENT "PYTHONPATH=$<TARGET_FILE_DIR:blockcast_python>"
    LABELS long TIMEOUT 1800)
endif()
