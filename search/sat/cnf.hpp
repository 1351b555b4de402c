// CNF builder of the SAT back end (search/sat/solver.hpp describes the whole API). Variables
// are numbered 1..vars() and literals are DIMACS integers (+v true, -v false), so a formula
// can be handed to CaDiCaL, written as DIMACS and checked against a DRAT proof without any
// renaming. Clauses are stored flat, each terminated by 0, which is also the DIMACS order.
#pragma once
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace blockcast::sat {

using Lit = int;

// A CNF was not finished because its deadline passed (Cnf::set_deadline): the caller reports
// UNKNOWN, never a verdict.
struct EncodingStopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Cnf {
 public:
  int new_var() { return ++vars_; }
  // n fresh variables, returned as their positive literals.
  std::vector<Lit> new_vars(int n);
  int vars() const { return vars_; }
  std::int64_t clause_count() const { return clauses_; }
  std::int64_t literal_count() const { return static_cast<std::int64_t>(flat_.size()) - clauses_; }

  // std::logic_error on a literal 0 or a variable not created by new_var (a caller bug).
  void add_clause(std::span<const Lit> clause);
  void add_clause(std::initializer_list<Lit> clause) { add_clause(std::span<const Lit>(clause.begin(), clause.size())); }
  void add_unit(Lit l) { add_clause({l}); }
  // From now on add_clause throws EncodingStopped once this time has passed (polled every
  // 2^16 clauses: an encoding of 10^7 clauses takes seconds, much of it in one cardinality
  // constraint, so polling between blocks or letters is not enough).
  void set_deadline(std::chrono::steady_clock::time_point d) { deadline_ = d; }

  // All clauses, each terminated by 0, in the order added.
  const std::vector<Lit>& flat() const { return flat_; }
  template <class F>  // f(std::span<const Lit>) per clause
  void for_each_clause(F&& f) const {
    std::size_t begin = 0;
    for (std::size_t i = 0; i < flat_.size(); ++i)
      if (flat_[i] == 0) {
        f(std::span<const Lit>(flat_.data() + begin, i - begin));
        begin = i + 1;
      }
  }

  // "p cnf V C" and the clauses; optional comment lines first (each prefixed "c ").
  void write_dimacs(std::ostream& out, const std::vector<std::string>& comments = {}) const;

 private:
  int vars_ = 0;
  std::int64_t clauses_ = 0;
  std::vector<Lit> flat_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
};

}  // namespace blockcast::sat
