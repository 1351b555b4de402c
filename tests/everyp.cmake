# Every P (search/everyp/every_p.hpp, docs/shapes.md): the benchmark target. The CLI cases
# (table/solve cell JSON read by every assignment reader, monotone ranges) are cli_everyp_* in
# tests/cli/cases.tsv.
# `cmake --build DIR --target bench_everyp`: tests/bench/everyp.sh (L 2..8 x P 2..500, the whole
# L 2..16 x P 2..10000 with CPU time and a monotonicity check, per L the largest P within 10 min).
add_custom_target(bench_everyp COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/bench/everyp.sh $<TARGET_FILE:blockcast> DEPENDS blockcast USES_TERMINAL)
