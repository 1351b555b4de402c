# Plots in the reports (issue 17): the SVG plot writer, the plots of the run, every-P and
# fat-tree reports (libxml2), and the headless-Chromium rendering test (tests/browser/).
target_sources(blockcast_tests PRIVATE test_plots.cpp)
