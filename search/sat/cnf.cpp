#include "cnf.hpp"

#include "checked.hpp"

#include <cstdlib>
#include <ostream>
#include <stdexcept>

namespace blockcast::sat {

std::vector<Lit> Cnf::new_vars(int n) {
  std::vector<Lit> v(n > 0 ? n : 0);
  for (auto& l : v) l = new_var();
  return v;
}

void Cnf::add_clause(std::span<const Lit> clause) {
  for (Lit l : clause)
    if (l == 0 || std::abs(l) > vars_)
      throw std::logic_error("CNF clause with literal " + std::to_string(l) + " (variables 1.." +
                             std::to_string(vars_) + ")");
  flat_.append(clause.data(), clause.size());
  flat_.push_back(0);
  if ((++clauses_ & 0xFFFF) == 0 && ((cancel_ && cancel_->load(std::memory_order_relaxed)) ||
                                     (deadline_ != std::chrono::steady_clock::time_point::max() &&
                                      std::chrono::steady_clock::now() >= deadline_)))
    throw EncodingStopped("time limit reached while encoding (" + std::to_string(clauses_) + " clauses built)");
}

void Cnf::write_dimacs(std::ostream& out, const std::vector<std::string>& comments) const {
  for (const auto& c : comments) out << "c " << c << "\n";
  out << "p cnf " << vars_ << " " << clauses_ << "\n";
  for (Lit l : flat_) out << l << (l == 0 ? "\n" : " ");
}

}  // namespace blockcast::sat
