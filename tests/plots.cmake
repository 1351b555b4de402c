# Plots in the reports (issue 17): the SVG plot writer, the plots of the run, every-P and
# fat-tree reports (libxml2), and the headless-Chromium rendering test (tests/browser/).
target_sources(blockcast_tests PRIVATE test_plots.cpp)

# The run report's verdict map shows the refuted t = 2L of even L (tests/bench/decide_sweep.sh:
# the only IMPOSSIBLE cells for L <= 20) and the base-case window of L = 4.
add_test(NAME cli_report_verdict_map COMMAND sh -c "rm -rf \"$1\" && \"$0\" conjecture --L 4 --out \"$1\" > /dev/null && grep -q 'L=4, t=8: IMPOSSIBLE' \"$1/plots/verdicts.svg\" && grep -q 'L=4: base-case window t=12..15' \"$1/plots/verdicts.svg\"" $<TARGET_FILE:blockcast> ${CMAKE_CURRENT_BINARY_DIR}/plots_verdict_map)

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

# The every-P and fat-tree report pages on real runs: the heat map's hover text says what the
# range table says (L=2, P=6: delay 7 = bound + 1 by a base case, L+t refuted), the fat-tree
# broadcast plot has 2 log n = 8 steps for n = 16, simulated and by the formula.
add_test(NAME cli_table_report_heatmap COMMAND sh -c "rm -rf \"$1\" && \"$0\" table --L 2..3 --P 2..40 --out \"$1\" > /dev/null 2>&1 && grep -q 'L=2, P=6 (t=4): D=7, lower bound 6 (D-LB 1), shape pruned, method L=2 construction; optimal' \"$1/plots/excess.svg\" && grep -q '<svg' \"$1/table.html\"" $<TARGET_FILE:blockcast> ${CMAKE_CURRENT_BINARY_DIR}/plots_table_report)
add_test(NAME cli_fattree_report_plots COMMAND sh -c "rm -rf \"$1\" && \"$0\" fattree table --n 4..16 --out \"$1\" > /dev/null 2>&1 && grep -q 'broadcast, cbft, n=16: simulated 8 steps, formula 8, paper LB 8; ok' \"$1/plots/fattree_broadcast.svg\"" $<TARGET_FILE:blockcast> ${CMAKE_CURRENT_BINARY_DIR}/plots_fattree_report)
