// CNF builder of the SAT back end (search/sat/solver.hpp describes the whole API). Variables
// are numbered 1..vars() and literals are DIMACS integers (+v true, -v false), so a formula
// can be handed to CaDiCaL, written as DIMACS and checked against a DRAT proof without any
// renaming. Clauses are stored flat, each terminated by 0, which is also the DIMACS order.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <algorithm>
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

// The clause literals: one block grown with realloc. glibc moves a large block with mremap,
// without copying it or faulting its pages in again; std::vector's doubling copied 100 MB at
// 6 * 10^6 clauses, 0.12 s that no deadline poll could interrupt, with both copies resident.
class LitArray {
 public:
  LitArray() = default;
  LitArray(const LitArray& o) { append(o.data_, o.size_); }
  LitArray(LitArray&& o) noexcept { swap(o); }
  LitArray& operator=(LitArray o) noexcept {
    swap(o);
    return *this;
  }
  ~LitArray() { std::free(data_); }
  void swap(LitArray& o) noexcept {
    std::swap(data_, o.data_), std::swap(size_, o.size_), std::swap(cap_, o.cap_);
  }
  void append(const Lit* p, std::size_t n) {
    if (n == 0) return;
    reserve(size_ + n);
    std::memcpy(data_ + size_, p, n * sizeof(Lit));
    size_ += n;
  }
  void push_back(Lit l) {
    if (size_ == cap_) reserve(size_ + 1);
    data_[size_++] = l;
  }
  std::size_t size() const { return size_; }
  const Lit* begin() const { return data_; }
  const Lit* end() const { return data_ + size_; }
  Lit operator[](std::size_t i) const { return data_[i]; }

 private:
  void reserve(std::size_t n) {
    if (n <= cap_) return;
    const std::size_t c = std::max({n, 2 * cap_, std::size_t{1024}});
    void* p = std::realloc(data_, c * sizeof(Lit));
    if (!p) throw std::bad_alloc();
    data_ = static_cast<Lit*>(p);
    cap_ = c;
  }
  Lit* data_ = nullptr;
  std::size_t size_ = 0, cap_ = 0;
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
  // A caller's cancel flag (RunControl) stops it the same way.
  void set_deadline(std::chrono::steady_clock::time_point d, const std::atomic<bool>* cancel = nullptr) {
    deadline_ = d, cancel_ = cancel;
  }

  // All clauses, each terminated by 0, in the order added.
  std::span<const Lit> flat() const { return {flat_.begin(), flat_.size()}; }
  template <class F>  // f(std::span<const Lit>) per clause
  void for_each_clause(F&& f) const {
    std::size_t begin = 0;
    for (std::size_t i = 0; i < flat_.size(); ++i)
      if (flat_[i] == 0) {
        f(std::span<const Lit>(flat_.begin() + begin, i - begin));
        begin = i + 1;
      }
  }

  // "p cnf V C" and the clauses; optional comment lines first (each prefixed "c ").
  void write_dimacs(std::ostream& out, const std::vector<std::string>& comments = {}) const;

 private:
  int vars_ = 0;
  std::int64_t clauses_ = 0;
  LitArray flat_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace blockcast::sat
