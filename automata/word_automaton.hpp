// The word automaton of SPEC Sec. 5 (Karp et al. 1993, Sec. 3.2, Fig. 2, in general form).
// A state is the set S of offsets ahead of the current position whose items are already
// claimed, stored as a bitmask over {0..W-1}. Reading letter w claims offset w: it needs
// w not in S, S' = S u {w} must contain 0 (the current position is claimed by exactly one
// reception), and the next state is S' shifted down by one. |S| is invariant along a walk.
// A word w_1..w_{r-1} is legal for block (r, u) iff (u mod r, w_1, ..., w_{r-1}) is a closed
// walk of length r: the periodic reception sequence then claims every position once.
#pragma once
#include <boost/graph/adjacency_list.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "word.hpp"

namespace blockcast {

using State = std::uint64_t;

// One transition (SPEC Sec. 5); nullopt if w is not readable at s.
inline std::optional<State> automaton_step(State s, Letter w) {
  const State bit = State{1} << w;
  if (s & bit) return std::nullopt;
  const State s2 = s | bit;
  if (!(s2 & 1)) return std::nullopt;
  return s2 >> 1;
}

std::string state_name(State s, int W);  // "{0,2}"
int popcount(State s);

struct AutomatonVertex {
  State state = 0;
};
struct AutomatonEdge {
  Letter letter = 0;
};
using AutomatonGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS,
                                             AutomatonVertex, AutomatonEdge>;

// The automaton over letters 0..W-1 (W <= 20) as a Boost.Graph graph; vertex i is state i.
class WordAutomaton {
 public:
  explicit WordAutomaton(int W);
  int width() const { return W_; }
  const AutomatonGraph& graph() const { return g_; }
  // States reachable from `from` (vertex ids = state bitmasks).
  std::vector<State> reachable(State from) const;
  // Strongly connected component id of every state; states on closed walks are exactly
  // those in a component with an internal edge.
  std::vector<int> components(int* count = nullptr) const;
  // States that lie on some closed walk (the useful part of the automaton).
  std::vector<State> recurrent_states() const;
  // Graphviz DOT of the recurrent part (or of every state when all_states).
  std::string dot(bool all_states = false) const;

 private:
  static std::size_t state_count(int W);  // 2^W, InputError unless 1 <= W <= 20
  int W_;
  AutomatonGraph g_;
};

}  // namespace blockcast
