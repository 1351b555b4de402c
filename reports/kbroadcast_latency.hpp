// Text, JSON and SVG of the simple-schedule comparison and the varying-latency study
// (search/kitem/latency_study.hpp; Subramonian and Venkatasubramanian 1993, Sec. 6-7). Rendering only: nothing here
// searches or replays.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "kitem/latency_study.hpp"

namespace blockcast {

std::string simple_rows_text(const std::vector<SimpleRow>& rows);
nlohmann::json simple_rows_json(const std::vector<SimpleRow>& rows);
std::string latency_study_text(const LatencyStudy& s);
nlohmann::json latency_study_json(const LatencyStudy& s);
// SVG plot (reports/svg_plot.hpp): largest item delay against d, per schedule the heuristic
// adversary (solid) and the mean of the random draws (dashed).
std::string latency_svg(const LatencyStudy& s);

}  // namespace blockcast
