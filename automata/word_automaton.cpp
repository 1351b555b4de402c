#include "word_automaton.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/graph/strong_components.hpp>
#include <functional>
#include <sstream>

#include "checked.hpp"

namespace blockcast {

std::string state_name(State s, int W) {
  std::string out = "{";
  bool first = true;
  for (int i = 0; i < W; ++i)
    if (s >> i & 1) {
      out += (first ? "" : ",") + std::to_string(i);
      first = false;
    }
  return out + "}";
}

int popcount(State s) { return __builtin_popcountll(s); }

// The number of states 2^W, validated before the graph is sized (the member initialiser
// runs before the constructor body: --L 30 allocated 2^30 states, --L 64 shifted by 64).
std::size_t WordAutomaton::state_count(int W) {
  if (W < 1 || W > 20)
    throw InputError("automaton alphabet must have 1..20 letters, got " + std::to_string(W));
  return std::size_t{1} << W;
}

WordAutomaton::WordAutomaton(int W) : W_(W), g_(state_count(W)) {
  for (State s = 0; s < (State{1} << W); ++s) {
    g_[s].state = s;
    for (Letter w = 0; w < W; ++w)
      if (auto n = automaton_step(s, w)) boost::add_edge(s, *n, AutomatonEdge{w}, g_);
  }
}

std::vector<State> WordAutomaton::reachable(State from) const {
  std::vector<boost::default_color_type> color(boost::num_vertices(g_));
  auto cmap = boost::make_iterator_property_map(color.begin(), boost::get(boost::vertex_index, g_));
  boost::breadth_first_search(g_, from, boost::color_map(cmap));
  std::vector<State> out;
  for (State s = 0; s < color.size(); ++s)
    if (color[s] != boost::white_color) out.push_back(s);
  return out;
}

std::vector<int> WordAutomaton::components(int* count) const {
  std::vector<int> comp(boost::num_vertices(g_));
  int n = boost::strong_components(
      g_, boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, g_)));
  if (count) *count = n;
  return comp;
}

std::vector<State> WordAutomaton::recurrent_states() const {
  auto comp = components();
  std::vector<char> cyclic(comp.size(), 0);
  for (auto [e, end] = boost::edges(g_); e != end; ++e) {
    auto a = boost::source(*e, g_), b = boost::target(*e, g_);
    if (comp[a] == comp[b]) cyclic[comp[a]] = 1;
  }
  std::vector<State> out;
  for (State s = 0; s < comp.size(); ++s)
    if (cyclic[comp[s]]) out.push_back(s);
  return out;
}

std::string WordAutomaton::dot(bool all_states) const {
  std::vector<char> keep(boost::num_vertices(g_), all_states ? 1 : 0);
  if (!all_states)
    for (State s : recurrent_states()) keep[s] = 1;
  // write_graphviz on the filtered view; labels name states as offset sets and edges by letter.
  auto fg = boost::make_filtered_graph(
      g_,
      std::function<bool(AutomatonGraph::edge_descriptor)>([&](auto e) {
        return keep[boost::source(e, g_)] && keep[boost::target(e, g_)];
      }),
      std::function<bool(std::size_t)>([&](std::size_t v) { return keep[v] != 0; }));
  std::ostringstream os;
  const int W = W_;
  const AutomatonGraph& g = g_;
  boost::write_graphviz(
      os, fg,
      [&](std::ostream& o, std::size_t v) { o << "[label=\"" << state_name(g[v].state, W) << "\"]"; },
      [&](std::ostream& o, const auto& e) { o << "[label=\"" << letter_name(g[e].letter) << "\"]"; },
      [](std::ostream& o) { o << "rankdir=LR;\nnode [shape=ellipse];\n"; });
  return os.str();
}

}  // namespace blockcast
