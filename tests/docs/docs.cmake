# Tested documentation (tests/docs/run_doc_examples.py): every `$ blockcast ...` example of
# README.md and docs/tutorial.md is run with the built binary and its output compared with
# the text shown (timings, dates and the version masked), and every relative link checked.
# One entry per document; the examples are chosen to take a few seconds in all.
find_program(blockcast_docs_python NAMES python3)
if(blockcast_docs_python)
  set(blockcast_docs_python_path "")
  if(TARGET blockcast_python AND NOT (BLOCKCAST_SANITIZE OR BLOCKCAST_FUZZ))
    set(blockcast_docs_python_path --python-path $<TARGET_FILE_DIR:blockcast_python>)
  endif()
  foreach(doc README tutorial)
    if(doc STREQUAL "README")
      set(file README.md)
    else()
      set(file docs/${doc}.md)
    endif()
    add_test(NAME doc_examples_${doc}
             COMMAND ${blockcast_docs_python} ${CMAKE_CURRENT_LIST_DIR}/run_doc_examples.py
                     --blockcast $<TARGET_FILE:blockcast> --root ${PROJECT_SOURCE_DIR}
                     ${blockcast_docs_python_path} ${file})
    set_tests_properties(doc_examples_${doc} PROPERTIES TIMEOUT 300 LABELS docs)
  endforeach()
endif()
# The file map of docs/architecture.md lists every source file and only existing ones
# (tests/docs/check_architecture.py).
if(blockcast_docs_python)
  add_test(NAME architecture_map COMMAND ${blockcast_docs_python} ${CMAKE_CURRENT_LIST_DIR}/check_architecture.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(architecture_map PROPERTIES LABELS docs)
endif()
# docs/python.md's session, run by Python's doctest with the module of this build (not in
# sanitizer builds, where the module is not built).
if(TARGET blockcast_python)
  add_test(NAME doc_python
           COMMAND ${PYTHON_EXECUTABLE} -m doctest -o ELLIPSIS -o NORMALIZE_WHITESPACE ${PROJECT_SOURCE_DIR}/docs/python.md
           WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(doc_python PROPERTIES LABELS docs TIMEOUT 300 ENVIRONMENT
    "PYTHONPATH=$<TARGET_FILE_DIR:blockcast_python>;BLOCKCAST_BIN=$<TARGET_FILE:blockcast>")
endif()
# The README stays a page for users: at most 250 lines, its two set-up commands first.
add_test(NAME readme_shape COMMAND sh -c "n=$(wc -l < README.md); test \"$n\" -le 250 || { echo \"README.md has $n lines, at most 250\"; exit 1; }; sed -n 3,5p README.md | grep -q 'install-deps' && sed -n 6,8p README.md | grep -q '.ci/run' || { echo 'README.md: the two set-up commands are not first'; exit 1; }"
         WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(readme_shape PROPERTIES LABELS docs)
