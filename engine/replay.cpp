// Streamed replay of an assignment (see replay.hpp; SPEC Sec. 1-2).
#include "replay.hpp"

#include <optional>

#include "expand.hpp"

namespace blockcast {

SimulationResult simulate_assignment(const Assignment& a, i64 k) {
  Schedule header;  // P, L, items, expected_delay; outlives the simulator that reads it
  std::optional<Simulator> sim;
  expand_assignment_batches(a, k, header, [&](const std::vector<Message>& batch) {
    if (!sim) sim.emplace(header);
    return sim->feed(batch);
  });
  if (!sim) sim.emplace(header);  // no message at all
  if (auto r = sim->finish()) return *r;
  return simulate(expand_assignment(a, k), ReplayPath::general);
}

}  // namespace blockcast
