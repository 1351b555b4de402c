// Forward DRAT checker of drat_check.hpp: clause database with two watched literals,
// top-level trail kept between lemmas, RUP then RAT per lemma, honoured deletions.
#include "drat_check.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <vector>

namespace blockcast::sat {

namespace {

using Clock = std::chrono::steady_clock;

class Checker {
 public:
  explicit Checker(int vars) { grow(vars); }

  bool inconsistent() const { return inconsistent_; }

  // Add a clause (original or checked lemma) to the active set; sorts c in place.
  void add(std::vector<Lit>& c) {
    normalise(c);
    if (tautology(c)) return;  // always satisfied: never needed, never looked up
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back({static_cast<std::int64_t>(arena_.size()), key(c), static_cast<int>(c.size()), -1, false});
    arena_.insert(arena_.end(), c.begin(), c.end());
    link(id);
    attach(id);
  }

  // Returns false if the clause was not found or the deletion is ignored (unit / reason).
  bool remove(std::vector<Lit>& c) {  // sorts c in place
    normalise(c);
    if (heads_.empty()) return false;
    const std::uint64_t h = key(c);
    for (int* at = &heads_[h & (heads_.size() - 1)]; *at >= 0; at = &clauses_[*at].next) {
      const int id = *at;
      if (clauses_[id].hash != h || !same(id, c)) continue;
      if (clauses_[id].size <= 1 || is_reason(id)) return false;
      clauses_[id].deleted = true;  // watch lists drop it lazily
      *at = clauses_[id].next;      // out of its hash chain
      return true;
    }
    return false;
  }

  bool rup(const std::vector<Lit>& lemma) {
    if (inconsistent_) return true;
    const std::size_t mark = trail_.size();
    bool conflict = false;
    for (Lit l : lemma) {
      int v = value(l);
      if (v > 0) {  // lemma satisfied at top level: its negation conflicts at once
        conflict = true;
        break;
      }
      if (v == 0) assign(-l, -1);
    }
    if (!conflict) conflict = propagate();
    backtrack(mark);
    return conflict;
  }

  bool rat(const std::vector<Lit>& lemma) {
    if (lemma.empty()) return false;
    const Lit pivot = lemma[0];
    for (std::size_t id = 0; id < clauses_.size(); ++id) {
      const auto& cl = clauses_[id];
      if (cl.deleted) continue;
      const Lit* d = arena_.data() + cl.begin;  // an empty clause may sit at the end of the arena
      if (std::find(d, d + cl.size, -pivot) == d + cl.size) continue;
      std::vector<Lit> resolvent = lemma;
      for (int i = 0; i < cl.size; ++i)
        if (d[i] != -pivot) resolvent.push_back(d[i]);
      normalise(resolvent);
      if (!tautology(resolvent) && !rup(resolvent)) return false;
    }
    return true;
  }

  void grow(int vars) {
    if (vars < static_cast<int>(val_.size()) - 1) return;
    val_.resize(vars + 1, 0);
    reason_.resize(vars + 1, -1);
    watches_.resize(2 * (static_cast<std::size_t>(vars) + 1));
  }

 private:
  // Clauses live in one arena and their hash index is chained through `next`: no
  // allocation per clause, so loading 10^6 clauses and freeing them both stay cheap (a
  // node-based map made freeing alone take 0.3 s, past the command's deadline).
  struct Clause {
    std::int64_t begin;
    std::uint64_t hash;
    int size;
    int next;  // next clause in the same hash bucket, -1 at the end
    bool deleted;
  };

  // Put clause `id` at the head of its bucket; the table doubles at load factor 1.
  void link(int id) {
    if (clauses_.size() > heads_.size()) {
      heads_.assign(std::max<std::size_t>(1024, 2 * heads_.size()), -1);
      for (int j = 0; j < id; ++j)
        if (!clauses_[j].deleted) push_front(j);
    }
    push_front(id);
  }
  void push_front(int id) {
    int& head = heads_[clauses_[id].hash & (heads_.size() - 1)];
    clauses_[id].next = head;
    head = id;
  }

  static std::size_t code(Lit l) { return 2 * static_cast<std::size_t>(std::abs(l)) + (l < 0); }
  int value(Lit l) const { return l > 0 ? val_[l] : -val_[-l]; }
  static void normalise(std::vector<Lit>& c) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
  }
  static bool tautology(const std::vector<Lit>& sorted) {
    for (Lit l : sorted)
      if (l > 0 && std::binary_search(sorted.begin(), sorted.end(), -l)) return true;
    return false;
  }
  static std::uint64_t key(const std::vector<Lit>& sorted) {
    std::uint64_t h = 1469598103934665603ull;
    for (Lit l : sorted) h = (h ^ static_cast<std::uint32_t>(l)) * 1099511628211ull;
    return h;
  }
  bool same(int id, const std::vector<Lit>& sorted) const {
    const auto& cl = clauses_[id];
    if (cl.size != static_cast<int>(sorted.size()) || cl.deleted) return false;
    std::vector<Lit> c(arena_.begin() + cl.begin, arena_.begin() + cl.begin + cl.size);
    std::sort(c.begin(), c.end());
    return c == sorted;
  }
  bool is_reason(int id) const {
    const auto& cl = clauses_[id];
    for (int i = 0; i < cl.size; ++i)
      if (reason_[std::abs(arena_[cl.begin + i])] == id) return true;
    return false;
  }

  void assign(Lit l, int reason) {
    val_[std::abs(l)] = l > 0 ? 1 : -1;
    reason_[std::abs(l)] = reason;
    trail_.push_back(l);
  }
  void backtrack(std::size_t mark) {
    while (trail_.size() > mark) {
      const int v = std::abs(trail_.back());
      val_[v] = 0;
      reason_[v] = -1;
      trail_.pop_back();
    }
    head_ = std::min(head_, mark);
  }

  // Watch two non-false literals if possible; a unit or falsified clause acts at top level
  // (attach is only called at top level, between lemma checks).
  void attach(int id) {
    auto& cl = clauses_[id];
    if (cl.size == 0) {  // the empty clause (an encoding that is unsatisfiable as built): no literal to index
      inconsistent_ = true;
      return;
    }
    Lit* c = &arena_[cl.begin];
    std::stable_partition(c, c + cl.size, [&](Lit l) { return value(l) >= 0; });
    if (cl.size >= 2) {
      // A true literal first keeps a satisfied clause quiet.
      if (value(c[1]) > 0) std::swap(c[0], c[1]);
      watches_[code(c[0])].push_back(id);
      watches_[code(c[1])].push_back(id);
    }
    if (value(c[0]) < 0) {
      inconsistent_ = true;
    } else if (value(c[0]) == 0 && (cl.size == 1 || value(c[1]) < 0)) {
      assign(c[0], id);
      if (propagate()) inconsistent_ = true;
    }
  }

  // Unit propagation from head_; true on conflict.
  bool propagate() {
    while (head_ < trail_.size()) {
      const Lit falsified = -trail_[head_++];
      auto& ws = watches_[code(falsified)];
      std::size_t keep = 0;
      bool conflict = false;
      for (std::size_t i = 0; i < ws.size(); ++i) {
        const int id = ws[i];
        auto& cl = clauses_[id];
        if (cl.deleted) continue;  // lazy detach
        if (conflict) {
          ws[keep++] = id;
          continue;
        }
        Lit* c = &arena_[cl.begin];
        if (c[0] == falsified) std::swap(c[0], c[1]);
        if (value(c[0]) > 0) {
          ws[keep++] = id;
          continue;
        }
        int k = 2;
        while (k < cl.size && value(c[k]) < 0) ++k;
        if (k < cl.size) {
          std::swap(c[1], c[k]);
          watches_[code(c[1])].push_back(id);
          continue;
        }
        ws[keep++] = id;
        if (value(c[0]) < 0)
          conflict = true;
        else
          assign(c[0], id);
      }
      ws.resize(keep);
      if (conflict) return true;
    }
    return false;
  }

  std::vector<Clause> clauses_;
  std::vector<Lit> arena_;
  std::vector<int> heads_;  // hash buckets (a power of two), -1 when empty
  std::vector<std::vector<int>> watches_;
  std::vector<signed char> val_;
  std::vector<int> reason_;
  std::vector<Lit> trail_;
  std::size_t head_ = 0;
  bool inconsistent_ = false;
};

// Reads "[d] lit ... 0" lines of a text DRAT proof.
class ProofReader {
 public:
  explicit ProofReader(std::istream& in) : in_(in) {}
  // false at end of file; throws std::runtime_error on malformed input.
  bool next(bool& deletion, std::vector<Lit>& lits) {
    lits.clear();
    deletion = false;
    int ch = skip_space();
    if (ch == EOF) return false;
    if (ch == 'd') {
      deletion = true;
      in_.get();
    }
    for (;;) {
      ch = skip_space();
      if (ch == EOF) throw std::runtime_error("proof ends inside a clause");
      long long v = 0;
      bool neg = false;
      if (ch == '-') neg = true, in_.get(), ch = in_.peek();
      if (ch < '0' || ch > '9')
        throw std::runtime_error("unexpected character in text DRAT proof (binary proofs are not supported)");
      while (ch >= '0' && ch <= '9') {
        v = v * 10 + (ch - '0');
        if (v > 1'000'000'000) throw std::runtime_error("literal out of range in proof");
        in_.get();
        ch = in_.peek();
      }
      if (v == 0) return true;
      lits.push_back(static_cast<Lit>(neg ? -v : v));
    }
  }

 private:
  int skip_space() {
    for (;;) {
      int ch = in_.peek();
      if (ch == 'c') {  // comment line
        while (ch != EOF && ch != '\n') in_.get(), ch = in_.peek();
        continue;
      }
      if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
        in_.get();
        continue;
      }
      return ch;
    }
  }
  std::istream& in_;
};

}  // namespace

DratResult check_drat(const Cnf& cnf, std::istream& proof, double seconds) {
  const auto start = Clock::now();
  DratResult r;
  auto done = [&](Verdict v, std::string msg) {
    r.verdict = v;
    r.message = std::move(msg);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return r;
  };
  auto late = [&] { return seconds > 0 && std::chrono::duration<double>(Clock::now() - start).count() > seconds; };
  Checker chk(cnf.vars());
  // Loading propagates as it goes (half a second for 6 * 10^5 clauses): the budget is polled.
  bool cut = false;
  std::size_t loaded = 0;
  std::vector<Lit> clause;
  cnf.for_each_clause([&](std::span<const Lit> c) {
    if (cut) return;
    clause.assign(c.begin(), c.end());
    chk.add(clause);
    cut = (++loaded & 4095) == 0 && late();
  });
  if (cut) return done(Verdict::unknown, "time limit while loading the formula");
  if (chk.inconsistent()) return done(Verdict::accepted, "formula refuted by unit propagation alone");
  ProofReader reader(proof);
  bool deletion = false;
  std::vector<Lit> lits;
  try {
    while (reader.next(deletion, lits)) {
      int maxvar = 0;
      for (Lit l : lits) maxvar = std::max(maxvar, std::abs(l));
      chk.grow(maxvar);
      if (deletion) {
        ++r.deletions;
        if (!chk.remove(lits)) ++r.ignored_deletions;
        continue;
      }
      ++r.lemmas;
      if (!chk.rup(lits)) {
        if (!chk.rat(lits)) {
          std::string c;
          for (Lit l : lits) c += std::to_string(l) + " ";
          return done(Verdict::rejected, "lemma " + std::to_string(r.lemmas) + " (" + c + "0) is neither RUP nor RAT");
        }
        ++r.rat_lemmas;
      }
      chk.add(lits);
      if (chk.inconsistent())
        return done(Verdict::accepted, "empty clause derived after " + std::to_string(r.lemmas) + " lemmas");
      if (late())  // every lemma: one RUP check of a large formula can take milliseconds
        return done(Verdict::unknown, "time limit after " + std::to_string(r.lemmas) + " lemmas");
    }
  } catch (const std::runtime_error& e) {
    return done(Verdict::rejected, std::string("malformed proof: ") + e.what());
  }
  return done(Verdict::rejected, "proof ends without deriving the empty clause");
}

DratResult check_drat(const Cnf& cnf, const std::string& proof_path, double seconds) {
  std::ifstream in(proof_path, std::ios::binary);
  if (!in) {
    DratResult r;
    r.verdict = Verdict::rejected;
    r.message = "cannot read proof file '" + proof_path + "'";
    return r;
  }
  return check_drat(cnf, in, seconds);
}

}  // namespace blockcast::sat
