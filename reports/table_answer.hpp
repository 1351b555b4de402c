// The `table` run as `blockcast table` reaches it (cli/ includes no header of search/): the run
// (search/everyp/table_run.hpp: request, validation, the rows of one L, the whole table) next
// to its renderings, the ranges of P (table_ranges.hpp) and the report page with the heat map
// (table_heatmap.hpp). Declares nothing of its own.
#pragma once
#include "everyp/table_run.hpp"
#include "table_heatmap.hpp"
#include "table_ranges.hpp"
