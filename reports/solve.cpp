// Text rendering of the `solve` run (solve.hpp).
#include "solve.hpp"

#include <sstream>

namespace blockcast {

namespace {

void print_assignment(std::ostream& out, const Assignment& a) {
  for (const auto& b : a.blocks)
    out << "  block r=" << b.r << " u=" << b.u << " x" << b.count << "  word '" << word_string(b.word) << "'\n";
  out << "  receive-only " << letter_name(a.receive_only) << "\n";
}

// The second line: the block-cyclic delay and how far it is proved.
std::string block_cyclic_line(const SolveAnswer& a) {
  const BestSchedule& b = a.block_cyclic;
  if (!b.delay) return "block-cyclic: none";
  std::string s = "block-cyclic: delay " + std::to_string(*b.delay) + ", shape " + shape_name(*b.shape) + ", ";
  if (b.optimal()) return s + "at the lower bound";
  return s + (a.block_cyclic_optimal ? "proved optimal among block-cyclic schedules (delay " +
                                           std::to_string(b.lower_bound) + " impossible)"
                                     : "not proved optimal");
}

// Every delay tried, with its verdict and what it covered.
void print_attempts(std::ostream& out, const BestSchedule& b, bool stats) {
  if (!b.at_lower_bound()) out << "optimal delay " << b.lower_bound << ": not searched\n";
  for (const auto& a : b.attempts) {
    out << (a.delay == b.lower_bound ? "optimal delay " : "delay ") << a.delay << " (" << shape_name(a.shape) << ", "
        << a.removed << " leaves removed from T_" << a.T << "): " << verdict_name(a.verdict) << "  " << a.covered
        << "\n";
    if (stats) out << "  stats " << a.stats.json().dump() << "\n";
  }
}

}  // namespace

std::string solve_headline(const SolveAnswer& a) {
  if (!a.delay) return "delay none";
  const std::string form = a.form == "periodic" ? "periodic, period " + std::to_string(a.period) : a.form;
  return "delay " + std::to_string(*a.delay) + " (" + form + ")";
}

std::string solve_text(const SolveAnswer& a, bool stats) {
  const BestSchedule& b = a.block_cyclic;
  std::ostringstream out;
  out << solve_headline(a) << "\n" << block_cyclic_line(a) << "\n";
  out << "L " << b.L << "  P " << b.P << "  t " << b.t << "  lower bound L+t = " << b.lower_bound << "\n";
  print_attempts(out, b, stats);
  if (!b.reason.empty()) out << "reason: " << b.reason << "\n";
  if (a.verdict == Status::unknown && a.delay && !a.optimal)
    out << "time limit reached: delay " << *a.delay << " is the best found, not proved optimal\n";
  if (b.witness) {
    print_assignment(out, *b.witness);
    out << "verification: " << b.verification << "\n";
  }
  if (a.periodic) {
    const PeriodScan& p = *a.periodic;
    out << "periodic schedules at delay " << p.D << " (periods " << p.first << ".." << p.last << "): " << p.summary()
        << "\n";
    if (const PeriodicOutcome* f = p.found()) out << "  verification: " << f->detail << "\n";
  }
  return out.str();
}

std::string instance_text(const InstanceAnswer& a, bool stats) {
  const Instance& I = a.instance;
  const SearchResult& r = a.result;
  std::ostringstream out;
  out << verdict_name(r.verdict) << "\n";
  out << "L " << I.L << "  t " << I.t << "  P " << I.P << "  delay L+t " << I.delay() << "  mode " << r.mode << "\n"
      << r.covered << "\n";
  if (r.witness) {
    print_assignment(out, *r.witness);
    out << "verification: " << a.verification << "\n";
  }
  if (stats) out << "stats " << r.stats.json().dump() << "\n";
  return out.str();
}

}  // namespace blockcast
