// Graphviz drawings (see drawings.hpp; Karp et al. 1993, Fig. 2). The tree is taken from
// engine/logp_tree.hpp with o = 0, g = 1 (the postal model), so a drawing always shows the
// same tree the engine counts with.
#include "drawings.hpp"

#include <unistd.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "checked.hpp"
#include "logp_tree.hpp"
#include "postal.hpp"
#include "word.hpp"
#include "word_automaton.hpp"

namespace blockcast {

namespace {

struct TreeVertex {
  i64 delay = 0;
  int children = 0;
};
using TreeGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, TreeVertex>;

}  // namespace

std::string tree_dot(int L, int t) {
  require_latency(L);
  if (t < 0 || t > max_depth(L)) throw InputError("tree depth t must be in 0.." + std::to_string(max_depth(L)));
  const i64 n = fib(L, t);
  if (n > kMaxDrawnTree)
    throw InputError("T_" + std::to_string(t) + " has " + std::to_string(n) + " nodes; drawings are limited to " +
                     std::to_string(kMaxDrawnTree));
  const auto nodes = optimal_tree(LogP{L, 0, 1}, n);
  TreeGraph g(nodes.size());
  for (size_t v = 0; v < nodes.size(); ++v) {
    g[v].delay = nodes[v].label;
    if (nodes[v].parent >= 0) {
      boost::add_edge(static_cast<size_t>(nodes[v].parent), v, g);
      ++g[static_cast<size_t>(nodes[v].parent)].children;
    }
  }
  std::ostringstream os;
  boost::write_graphviz(
      os, g,
      [&](std::ostream& o, size_t v) {
        // Relative name (SPEC Sec. 3): index u = t - delay; upper case with r children if internal.
        const auto& x = g[v];
        const auto letter = static_cast<Letter>(t - x.delay);
        const std::string name =
            x.children > 0 ? letter_name_upper(letter) + std::to_string(x.children) : letter_name(letter);
        o << "[label=\"" << x.delay << "\\n" << name << "\"" << (x.children > 0 ? ", shape=box" : "") << "]";
      },
      boost::default_writer(),
      [&](std::ostream& o) {
        o << "label=\"optimal broadcast tree T_" << t << ", L=" << L << ", " << n
          << " nodes (labels: delay, relative name)\";\nnode [shape=ellipse];\n";
      });
  return os.str();
}

std::string schedule_tree_dot(const Assignment* a, const Schedule& s, int item) {
  if (item < 0 || item >= s.items)
    throw InputError("--item " + std::to_string(item) + " is outside the expanded window 0.." +
                     std::to_string(s.items - 1));
  if (s.P > kMaxDrawnTree)
    throw InputError("the schedule has " + std::to_string(s.P) + " processors; drawings are limited to " +
                     std::to_string(kMaxDrawnTree));
  // Processor layout of engine/expand.hpp: source, then r processors per block in the
  // assignment's order (a BlockWord with count c is c blocks), the receive-only processor last.
  std::vector<std::string> role(static_cast<size_t>(s.P), "");
  role[0] = "source";
  if (a) {  // an explicit schedule (k items, periodic) has no blocks to name
    size_t q = 1;
    for (const BlockWord& b : a->blocks)
      for (i64 c = 0; c < b.count; ++c)
        for (int j = 0; j < b.r && q < role.size(); ++j, ++q)
          role[q] = "r=" + std::to_string(b.r) + " u=" + std::to_string(b.u) + " " + word_string(b.word);
    if (q < role.size()) role[q] = "receive-only " + letter_name(a->receive_only);
  }
  struct Node {
    i64 received = -1;  // receive step minus the item's creation step
  };
  struct Edge {
    i64 send_step = 0;
  };
  using G = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Node, Edge>;
  G g(static_cast<size_t>(s.P));
  g[0].received = 0;
  for (const Message& m : s.messages) {
    if (m.item != item) continue;
    boost::add_edge(static_cast<size_t>(m.sender), static_cast<size_t>(m.receiver), Edge{m.send_step}, g);
    g[static_cast<size_t>(m.receiver)].received = m.recv_step - item;
  }
  std::ostringstream os;
  boost::write_graphviz(
      os, g,
      [&](std::ostream& o, size_t v) {
        if (g[v].received < 0) {
          o << "[style=invis]";  // not part of this item's tree (cannot happen in a legal schedule)
          return;
        }
        o << "[label=\"P" << v << " @" << g[v].received << (role[v].empty() ? "" : "\\n" + role[v]) << "\"]";
      },
      [&](std::ostream& o, auto e) { o << "[label=\"" << g[e].send_step << "\"]"; },
      [&](std::ostream& o) {
        o << "label=\"item " << item << ": broadcast tree, L=" << s.L << ", P=" << s.P << ", delay "
          << s.expected_delay << (a ? " (node: processor @ steps after creation, block; edge: send step)"
               : " (node: processor @ steps after creation; edge: send step)")
          << "\";\n"
          << "node [shape=box];\n";
      });
  return os.str();
}

std::string automaton_dot(int L) {
  require_latency(L);
  if (L > 20) throw InputError("automaton drawings need L <= 20 (2^L states), got " + std::to_string(L));
  return WordAutomaton(L).dot();
}

std::optional<std::string> find_dot_program() {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/dot";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::string render_svg(const std::string& dot_text) {
  const auto dot = find_dot_program();
  if (!dot)
    throw InputError("--format svg needs the Graphviz 'dot' program on PATH (install graphviz), or use --format dot");
  char tmpl[] = "/tmp/blockcast-drawing-XXXXXX";
  const int fd = ::mkstemp(tmpl);
  if (fd < 0) throw InputError("cannot create a temporary file for dot");
  ::close(fd);
  const std::string tmp = tmpl;
  std::ofstream(tmp) << dot_text;
  std::string out;
  const std::string cmd = "'" + *dot + "' -Tsvg '" + tmp + "' 2>/dev/null";
  FILE* pipe = ::popen(cmd.c_str(), "r");
  int status = -1;
  if (pipe) {
    char buf[4096];
    for (size_t got; (got = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, got);
    status = ::pclose(pipe);
  }
  std::remove(tmp.c_str());
  if (status != 0 || out.empty())
    throw InputError("'" + *dot + " -Tsvg' failed (exit status " + std::to_string(status) + ")");
  return out;
}

}  // namespace blockcast
