# Plots in the reports: the SVG plot writer, the plots of the run, every-P and
# fat-tree reports (libxml2), and the headless-Chromium rendering test (tests/browser/).
target_sources(blockcast_tests PRIVATE test_plots.cpp)

# CLI cases on real runs (verdict map, every-P heat map, fat-tree plots): cli_report_verdict_map,
# cli_table_report_heatmap, cli_fattree_report_plots in tests/cli/cases.tsv.

# Headless Chromium (Debian `chromium`, .ci/install-deps). BLOCKCAST_BROWSER_TESTS=ON (the
# default, and what CI builds) makes a missing browser a failing test, so CI cannot pass
# without rendering the pages; a developer build without chromium sets it OFF to skip them.
option(BLOCKCAST_BROWSER_TESTS "render the HTML reports in headless Chromium (needs Debian chromium)" ON)
add_executable(blockcast_render_check browser/render_check.cpp)
target_link_libraries(blockcast_render_check PRIVATE nlohmann_json::nlohmann_json)
blockcast_warnings(blockcast_render_check)
find_program(BLOCKCAST_CHROMIUM NAMES chromium chromium-browser google-chrome)
set(BROWSER_OUT ${CMAKE_BINARY_DIR}/browser)
if(NOT BLOCKCAST_BROWSER_TESTS)
  message(STATUS "browser tests skipped: BLOCKCAST_BROWSER_TESTS=OFF")
elseif(NOT BLOCKCAST_CHROMIUM)
  add_test(NAME browser_chromium_missing COMMAND sh -c "echo 'chromium not found: install Debian chromium (.ci/install-deps) or configure with -DBLOCKCAST_BROWSER_TESTS=OFF'; exit 1")
else()
  foreach(kind run table fattree)
    add_test(NAME browser_${kind}_report COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/browser/report_pages.sh ${kind}
             $<TARGET_FILE:blockcast> $<TARGET_FILE:blockcast_render_check> ${BLOCKCAST_CHROMIUM} ${BROWSER_OUT})
    set_tests_properties(browser_${kind}_report PROPERTIES TIMEOUT 240)
  endforeach()
endif()
