// Text, JSON and SVG of the simple-schedule comparison and the varying-latency study
// (search/kitem/latency_study.hpp; Subramonian and Venkatasubramanian 1993, Sec. 6-7). Rendering only: nothing here
// searches or replays.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kitem/latency_run.hpp"
#include "kitem/latency_study.hpp"
#include "kitem/simple_schedule_run.hpp"
#include "outcome.hpp"

namespace blockcast {

std::string simple_rows_text(const std::vector<SimpleRow>& rows);
nlohmann::json simple_rows_json(const std::vector<SimpleRow>& rows);
std::string latency_study_text(const LatencyStudy& s);
nlohmann::json latency_study_json(const LatencyStudy& s);
// SVG plot (reports/svg_plot.hpp): largest item delay against d, per schedule the heuristic
// adversary (solid) and the mean of the random draws (dashed).
std::string latency_svg(const LatencyStudy& s);

// The `simple-schedule` run (search/kitem/simple_schedule_run.hpp): the rows, then the line of
// a run the deadline cut short; the outcome "blockcast-simple-schedule" (verdict OK or
// UNKNOWN: a failed simple schedule shows in its row and in the exit code).
std::string simple_schedule_text(const SimpleScheduleResult& r);
Outcome simple_schedule_outcome(const SimpleScheduleResult& r);
// The `latency` run (search/kitem/latency_run.hpp): the study, "wrote PLOT" when the SVG went
// to the file `plot` ("" = none), the line of P not reached; the outcome "blockcast-latency"
// (verdict OK or UNKNOWN, "not_reached" when some P were).
std::string latency_text(const LatencyResult& r, const std::string& plot);
Outcome latency_outcome(const LatencyResult& r);

}  // namespace blockcast
