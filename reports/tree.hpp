// Rendering the `tree` run (search/tree_run.hpp; Karp et al. 1993, Sec. 2, Fig. 1) for
// `blockcast tree`: the JSON payload (one tree, or "results" with one entry per P) and the
// text (completion time, then the edges parent->child with their labels). Renders only.
#pragma once
#include <string>

#include "outcome.hpp"
#include "tree_run.hpp"  // the run, reached by the CLI through this header

namespace blockcast {

// "blockcast-tree": one tree's fields for a single P, {"results": [...]} for several.
Outcome tree_outcome(const TreeResult& r);
std::string tree_text(const TreeResult& r);

}  // namespace blockcast
