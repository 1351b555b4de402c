// Text, JSON and SVG of the `kbroadcast-baselines` run (search/kitem/baselines_table.hpp;
// Item 4): per (L, P, k) the simulated time of every MPI baseline, blockcast's own
// schedule and the lower bound, each with its ratio to the bound. Rendering only: nothing
// here builds or simulates a schedule.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kitem/baselines_run.hpp"
#include "kitem/baselines_table.hpp"
#include "outcome.hpp"

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

// The `kbroadcast-baselines` run (search/kitem/baselines_run.hpp): the footer and the line of
// rows not reached (the header and rows are printed as they finish); the outcome
// "blockcast-kbroadcast-baselines" with the run's verdict ("not_reached" when some rows were).
std::string baselines_closing_text(const BaselinesResult& r);
Outcome baselines_outcome(const BaselinesResult& r);

}  // namespace blockcast
