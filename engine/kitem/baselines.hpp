// The k-item broadcast algorithms MPI libraries run today, as explicit postal-model schedules
// (SPEC Sec. 1): the list of baselines and one entry point. Each generator
// lives in its own file (engine/kitem/baseline_<name>.cpp, header comment: algorithm, source,
// and where our postal-model version departs from the library's); all of them place their
// messages with the greedy builder of baseline_builder.hpp. The schedules are meant to be
// replayed by the independent simulator (engine/simulator.hpp) before any time is reported
// (search/kitem/baselines_table.hpp does so).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "schedule.hpp"

namespace blockcast {

enum class BaselineKind { chain, binomial, split_binary, scatter_allgather, two_tree };

struct BaselineInfo {
  BaselineKind kind;
  const char* name;    // kebab-case, as printed and in JSON
  const char* source;  // who runs it / where it is described
};

// Every baseline, in the order tables print them.
const std::vector<BaselineInfo>& baselines();

// The schedule of one baseline for (L, P, k): P >= 2, k >= 1, L >= 1 (InputError otherwise).
Schedule baseline_schedule(BaselineKind kind, int L, std::int64_t P, std::int64_t k);

// The generators (one file each).
Schedule chain_pipeline(int L, std::int64_t P, std::int64_t k);           // baseline_chain.cpp
Schedule binomial_pipeline(int L, std::int64_t P, std::int64_t k);        // baseline_binomial.cpp
Schedule split_binary_tree(int L, std::int64_t P, std::int64_t k);        // baseline_split_binary.cpp
Schedule scatter_allgather(int L, std::int64_t P, std::int64_t k);        // baseline_scatter_allgather.cpp
Schedule two_tree(int L, std::int64_t P, std::int64_t k);                 // baseline_two_tree.cpp

}  // namespace blockcast
