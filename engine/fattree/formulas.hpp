// The paper's closed forms and lower bounds (Dimakopoulos and Dimopoulos 1995): Table 1 lower bounds, Thm 1
// (scatter/gather n+1), Thm 2 (multinode broadcast n+1), eqs. (1)-(3) for total exchange and
// Lemma 3 (EBFT total exchange >= n + 2 log n - 2 log log n - 2), plus a branch-counting
// lower bound derived here (every value is a number of steps, steps numbered from 1).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "fattree/schedule.hpp"
#include "fattree/tree.hpp"

namespace blockcast::fattree {

struct PaperValues {
  std::optional<std::int64_t> formula;  // the paper's running time of its algorithm, if it states one
  std::int64_t lower_bound = 0;         // the paper's lower bound (Table 1, Lemma 3 on EBFTs)
  std::int64_t branch_bound = 0;        // counting bound below (valid for every schedule)
  std::optional<std::int64_t> expected;  // what our generator should take (analysis in algorithms.cpp)
  std::string source;                   // where the formula comes from
};

PaperValues paper_values(Op op, const FatTree& T);

// Every schedule of `op` needs at least this many steps: the branch above a level-j subtree
// (2^j leaves) carries K_j packets per direction at c_{j+1} per step, none can cross before
// step j+1 and each still needs j+1 hops afterwards, so T >= 2j + 1 + ceil(K_j / c_{j+1}).
std::int64_t branch_bound(Op op, const FatTree& T);

// Lemma 3 for EBFTs: ceil(n + 2 log n - 2 log log n - 2).
std::int64_t ebft_lemma3_bound(std::int64_t n);

}  // namespace blockcast::fattree
