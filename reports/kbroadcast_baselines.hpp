// Text, JSON and SVG of the `kbroadcast-baselines` run (search/kitem/baselines_table.hpp;
// Item 4): per (L, P, k) the simulated time of every MPI baseline, blockcast's own
// schedule and the lower bound, each with its ratio to the bound. Rendering only: nothing
// here builds or simulates a schedule.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/baselines_table.hpp"

namespace blockcast {

std::string baselines_header();                    // the column line of the text table
std::string baselines_row_text(const BaselineRow& r);  // one line per row
std::string baselines_footer(const BaselineTable& t);  // what the columns mean, failures
nlohmann::json baselines_json(const BaselineTable& t);

// SVG plots (reports/svg_plot.hpp) of the rows with the first L. The x axis is k when the
// table has several k (rows of its first P), else P (rows of its first k); one series per
// baseline, blockcast's schedule and the lower bound. ratio: time / lower bound instead of
// the time. InputError if the table has a single (P, k).
std::string baselines_svg(const BaselineTable& t, bool ratio);

}  // namespace blockcast
