// Trimmed-tree search (see trim_search.hpp). WIP: only the untrimmed case so far.
#include "trim_search.hpp"

namespace blockcast {

SearchResult solve_shape(const TreeSpec& spec, const SearchOptions& opt) {
  if (spec.removed == 0) {
    Instance I = optimal_instance(spec.L, spec.T);
    return solve_exact(I, opt);
  }
  SearchResult r;
  r.covered = "trimmed search not implemented yet";
  return r;
}

}  // namespace blockcast
