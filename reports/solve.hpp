// Rendering the `solve` run (search/everyp/solve_run.hpp; SPEC Sec. 2 and 6) as text for
// `blockcast solve`: the best delay of any form on the first line (scripts grep for it), then
// the block-cyclic answer and its proof, every delay tried, the witness and its checks, and
// the periodic search. The JSON is solve_run.hpp's (one serializer). Renders only: never searches.
#pragma once
#include <string>

#include "everyp/solve_run.hpp"

namespace blockcast {

// "delay 12 (periodic, period 5)", "delay 14 (block-cyclic)" or "delay none".
std::string solve_headline(const SolveAnswer& a);
// `solve --P`'s text for one P; stats adds each attempt's counters.
std::string solve_text(const SolveAnswer& a, bool stats);
// `solve --t`'s text: the verdict first, then the instance, what was searched and the witness.
std::string instance_text(const InstanceAnswer& a, bool stats);

}  // namespace blockcast
