# The Python module's pytest suite (python/tests), one ctest entry: the module from
# this build tree on PYTHONPATH. Only where the module is built (not in sanitizer builds).
if(TARGET blockcast_python)
  add_test(NAME python_api COMMAND ${PYTHON_EXECUTABLE} -m pytest -q -p no:cacheprovider ${PROJECT_SOURCE_DIR}/python/tests)
  set_tests_properties(python_api PROPERTIES ENVIRONMENT
    "PYTHONPATH=$<TARGET_FILE_DIR:blockcast_python>;BLOCKCAST_BIN=$<TARGET_FILE:blockcast>")
endif()
