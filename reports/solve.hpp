// Rendering the `solve` run (search/everyp/solve_run.hpp; SPEC Sec. 2 and 6) as text for
// `blockcast solve`: the best delay of any form on the first line (scripts grep for "^Best delay
// N"), then the block-cyclic answer and its proof, every delay tried (each line a sentence,
// reports/decided_tree.hpp, then the verdict and what was searched), the witness and its
// checks, and the periodic search. The JSON is solve_run.hpp's (one serializer). Renders only: never searches.
#pragma once
#include <string>

#include "everyp/solve_run.hpp"

namespace blockcast {

// "Best delay 12 for L = 4, P = 8: a periodic schedule of period 5, at the lower bound L+t, so
// no schedule is faster." or "No schedule found for L = 4, P = 8."
std::string solve_headline(const SolveAnswer& a);
// `solve --P`'s text for one P; stats adds each attempt's counters; `condition` is
// condition_phrase (decided_tree.hpp) of the request's --receive-only / --extendable.
std::string solve_text(const SolveAnswer& a, bool stats, const std::string& condition = "");
// `solve --t`'s text: the verdict sentence first, then the instance and the witness.
std::string instance_text(const InstanceAnswer& a, bool stats, const std::string& condition = "");
// A block-cyclic assignment's blocks, one a line ("  block r=3 u=9 x1  word 'da'"), and its
// receive-only letter: the form `solve`, `prove` and `instance` print blocks in.
std::string assignment_lines(const Assignment& a);
// `instance`'s text: L, t, P, the lower bound, the block types in the same form ("r=9 u=12
// x1") and the letter counts ("a x7").
std::string instance_blocks_text(const Instance& I);

}  // namespace blockcast
