// Text and JSON of the `prove` run (search/sat/prove_run.hpp): the verdict as a sentence, the tree, the
// CNF's size, the solver's and the proof check's statistics, the witness when SOLVED. The
// JSON payload is what `prove --json` prints under its envelope and what the public
// library's ProveReport::to_json returns.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "prove_run.hpp"

namespace blockcast {

nlohmann::json prove_json(const sat::ProveAnswer& a);
// The first line is a sentence (decided_tree.hpp) with the verdict and its evidence; the
// detail lines follow. `condition`: condition_phrase of the request's receive-only letter.
std::string prove_text(const sat::ProveAnswer& a, const std::string& condition = "");

}  // namespace blockcast
