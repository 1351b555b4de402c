// Exhaustive conjecture searches on binary fat trees (Dimakopoulos and Dimopoulos 1995): (a) total exchange on an
// EBFT (Sec. 5.1 conjectures n + 2 log n - 2 steps are optimal) and (b) multinode broadcast
// without queues (Sec. 4.1 / Sec. 6 ask for the minimum; [3] gives n + 2 log n - 2). Each run
// decides one step bound S: SOLVED with a witness that the simulator re-checks, IMPOSSIBLE
// when the complete search space was exhausted, UNKNOWN when a limit stopped it.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fattree/csp.hpp"
#include "fattree/schedule.hpp"
#include "fattree/simulator.hpp"
#include "limits.hpp"
#include <blockcast/verdict.hpp>

namespace blockcast::fattree {

enum class Problem { total_exchange, queue_free_mnb };
enum class Model {
  queue_free,  // total exchange: unicast packets that never wait
  multicast,   // multinode broadcast: any number of copies of its own message per leaf, each
               // to any destination set, replicated at routing nodes, never waiting
  flood,       // multinode broadcast: one injection per leaf, replicated onto every branch
};
Problem parse_problem(const std::string& s);  // InputError on unknown names
Model parse_model(const std::string& s);
std::string problem_name(Problem p);
std::string model_name(Model m);

struct SearchSpec {
  Problem problem = Problem::total_exchange;
  Model model = Model::queue_free;
  FatTree tree;
  int steps = 0;
  int threads = 0;  // 0 = all cores
  Limits limits;
  std::function<void(const std::string&)> progress;  // a line about every 10 s of a long search
};

struct SearchOutcome {
  Verdict verdict = Verdict::unknown;
  int steps = 0;
  Schedule witness;  // SOLVED only
  SimResult check;   // the simulator's queue-free replay of the witness
  CspStats stats;
  std::int64_t tasks = 0;  // subtrees searched in parallel
  double seconds = 0;
  std::string space;  // one line: what the search covered
};

SearchOutcome run_search(const SearchSpec& spec);

// Internal pieces (search.cpp, flood.cpp).
SearchOutcome run_flood_search(const SearchSpec& spec);
void recheck_witness(const SearchSpec& spec, SearchOutcome& out);

}  // namespace blockcast::fattree
