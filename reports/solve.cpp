// Text rendering of the `solve` run (solve.hpp).
#include "solve.hpp"

#include <sstream>

#include "decided_tree.hpp"

namespace blockcast {

std::string assignment_lines(const Assignment& a) {
  std::string s;
  for (const auto& b : a.blocks)
    s += "  block r=" + std::to_string(b.r) + " u=" + std::to_string(b.u) + " x" + std::to_string(b.count) +
         "  word '" + word_string(b.word) + "'\n";
  return s + "  receive-only " + letter_name(a.receive_only) + "\n";
}

std::string instance_blocks_text(const Instance& I) {
  std::ostringstream out;
  out << "L " << I.L << "  t " << I.t << "  P " << I.P << "  lower bound L+t " << I.delay()
      << "\nblock types (r children, index u, x count):";
  for (const auto& b : I.blocks) out << "  r=" << b.r << " u=" << b.u << " x" << b.count;
  out << "\nletters:";
  for (int j = 0; j < I.alphabet(); ++j)
    if (I.letters[j]) out << " " << letter_name(j) << " x" << I.letters[j];
  return out.str() + "\n";
}

namespace {

// The second line: the block-cyclic delay and how far it is proved.
std::string block_cyclic_line(const SolveAnswer& a) {
  const BestSchedule& b = a.block_cyclic;
  if (!b.delay) return "Block-cyclic schedules: none found.";
  std::string s =
      "Block-cyclic schedules: best delay " + std::to_string(*b.delay) + " (" + shape_name(*b.shape) + " tree), ";
  if (b.optimal()) return s + "at the lower bound.";
  return s + (a.block_cyclic_optimal ? "proved optimal among block-cyclic schedules (delay " +
                                           std::to_string(b.lower_bound) + " impossible)."
                                     : "not proved optimal.");
}

// Every delay tried: a sentence (decided_tree.hpp), its verdict and what it covered.
void print_attempts(std::ostream& out, const BestSchedule& b, bool stats, const std::string& condition) {
  if (!b.at_lower_bound()) out << "Delay " << b.lower_bound << " (the lower bound L+t) was not searched.\n";
  for (const auto& a : b.attempts) {
    const DecidedTree d{b.L, b.P, b.t, a.T, a.shape, a.removed};
    out << decided_sentence(a.verdict, d, condition) << ": " << to_string(a.verdict) << ", " << a.covered << "\n";
    if (stats) out << "  stats " << a.stats.json().dump() << "\n";
  }
}

}  // namespace

std::string solve_headline(const SolveAnswer& a) {
  const BestSchedule& b = a.block_cyclic;
  const std::string where = " for L = " + std::to_string(b.L) + ", P = " + std::to_string(b.P);
  if (!a.delay) return "No schedule found" + where + ".";
  const std::string form =
      a.form == "periodic" ? "a periodic schedule of period " + std::to_string(a.period) : "a " + a.form + " schedule";
  const std::string proof = a.at_lower_bound ? "at the lower bound L+t, so no schedule is faster"
                            : a.optimal      ? "proved optimal among " + a.form + " schedules"
                                             : "above the lower bound L+t = " + std::to_string(b.lower_bound);
  return "Best delay " + std::to_string(*a.delay) + where + ": " + form + ", " + proof + ".";
}

std::string solve_text(const SolveAnswer& a, bool stats, const std::string& condition) {
  const BestSchedule& b = a.block_cyclic;
  std::ostringstream out;
  out << solve_headline(a) << "\n" << block_cyclic_line(a) << "\n";
  out << "L " << b.L << "  P " << b.P << "  t " << b.t << "  lower bound L+t = " << b.lower_bound << "\n";
  print_attempts(out, b, stats, condition);
  if (!b.reason.empty()) out << "reason: " << b.reason << "\n";
  if (a.verdict == Verdict::unknown && a.delay && !a.optimal)
    out << "time limit reached: delay " << *a.delay << " is the best found, not proved optimal\n";
  if (b.witness) out << assignment_lines(*b.witness) << "verification: " << b.verification << "\n";
  if (a.periodic) {
    const PeriodScan& p = *a.periodic;
    out << "periodic schedules at delay " << p.D << " (periods " << p.first << ".." << p.last << "): " << p.summary()
        << "\n";
    if (const PeriodicOutcome* f = p.found()) out << "  verification: " << f->detail << "\n";
  }
  return out.str();
}

std::string instance_text(const InstanceAnswer& a, bool stats, const std::string& condition) {
  const Instance& I = a.instance;
  const SearchResult& r = a.result;
  std::ostringstream out;
  out << decided_sentence(r.verdict, {I.L, I.P, I.t, I.T, I.shape, 0}, condition) << ": " << to_string(r.verdict)
      << ", " << r.covered << "\n";
  out << "L " << I.L << "  t " << I.t << "  P " << I.P << "  delay L+t " << I.delay() << "  mode " << r.mode << "\n";
  if (r.witness) out << assignment_lines(*r.witness) << "verification: " << a.verification << "\n";
  if (stats) out << "stats " << r.stats.json().dump() << "\n";
  return out.str();
}

}  // namespace blockcast
