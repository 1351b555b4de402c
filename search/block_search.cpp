#include "block_search.hpp"

#include <algorithm>
#include <array>
#include <thread>

#include "type_search.hpp"
#include "witness.hpp"
#include "word_construction.hpp"

namespace blockcast {

namespace {

// Saturating sum of non-negative counts: a capacity beyond 2^63 exceeds every letter
// count, so saturating keeps the check sound where throwing would refuse the instance.
i64 add_saturated(i64 a, i64 b) {
  try {
    return checked_add(a, b);
  } catch (const OverflowError&) {
    return INT64_MAX;
  }
}
i64 mul_saturated(i64 a, i64 b) {
  try {
    return checked_mul(a, b);
  } catch (const OverflowError&) {
    return INT64_MAX;
  }
}

// Root-level necessary conditions with multiplicities, O(block types * letters): no
// search, so it decides instances far beyond the slot limit (L = 2: every block (r, r+1)
// must use b^{r-1}, so f_{t-2} leaves 'a' meet one receive-only processor). Two counts:
// (1) letter j cannot exceed what all blocks can hold (max_copies per block type) plus
//     the receive-only processor;
// (2) every r = 2 block takes one letter = u (mod 2) (word condition u + w_1 = 0 mod 2)
//     and a fixed receive-only letter x one more of parity x, so each parity class must
//     have that many leaves.
// Any legal assignment meets both, so a violation proves IMPOSSIBLE. Returns the proof.
std::optional<std::string> capacity_refutation(const Instance& inst, const SearchOptions& opt) {
  const int A = inst.alphabet();
  std::vector<i64> cap(A, 0);
  std::array<i64, 2> need{0, 0}, have{0, 0};
  for (const auto& b : inst.blocks) {
    if (b.r < 1 || b.count <= 0) continue;
    if (b.r == 2) need[b.u % 2] = add_saturated(need[b.u % 2], b.count);
    for (int j = 0; j < A; ++j)
      cap[j] = add_saturated(cap[j], mul_saturated(b.count, max_letter_copies(b.r, b.u, j, A)));
  }
  for (int j = 0; j < A; ++j) {
    const i64 ro = !opt.receive_only || *opt.receive_only == j ? 1 : 0;
    if (inst.letters[j] > add_saturated(cap[j], ro))
      return "letter " + letter_name(j) + ": " + std::to_string(inst.letters[j]) +
             " leaves, blocks can absorb at most " + std::to_string(cap[j]) + " plus " +
             std::to_string(ro) + " receive-only (per-block maximum from the sum condition u + sum(w) = 0 mod r)";
    have[j % 2] = add_saturated(have[j % 2], inst.letters[j]);
  }
  if (const auto& x = opt.receive_only; x && *x >= 0 && *x < A) need[*x % 2] = add_saturated(need[*x % 2], 1);
  for (int p = 0; p < 2; ++p)
    if (have[p] < need[p])
      return std::string(p ? "odd" : "even") + " letters: " + std::to_string(have[p]) + " leaves, but " +
             std::to_string(need[p]) + " are needed by the r = 2 blocks with u " + (p ? "odd" : "even") +
             (opt.receive_only && *opt.receive_only % 2 == p ? " and the receive-only processor" : "") + " (word condition u + w_1 = 0 mod 2)";
  return std::nullopt;
}

}  // namespace

SearchResult solve_exact(const Instance& inst, const SearchOptions& opt) {
  SearchResult res;
  Stop stop(opt.limits);
  const int A = inst.alphabet();
  // Before the size refusals below: the counting proof needs no search, whatever the size.
  // It is part of the necessary-condition pruning, so --no-prune leaves the search itself
  // to decide (the cross-check that the proof never contradicts a complete search).
  if (opt.prune)
    if (auto proof = capacity_refutation(inst, opt)) {
      res.verdict = Verdict::impossible;
      res.covered = *proof;
      return res;
    }
  TypeProblem pb;
  pb.A = A;
  for (i64 c : inst.letters) {
    if (c > INT32_MAX / 2) {
      res.covered = "letter counts beyond 2^30: exact search not attempted";
      return res;
    }
    pb.letters.push_back(static_cast<std::int32_t>(c));
  }
  // Searched types: every r >= 3 type with its multiplicity, and the root first even when
  // it is small (its word must be extendable for the induction). r <= 2: the tail.
  for (const auto& b : inst.blocks) {
    if (b.count <= 0) continue;
    const bool root = b.u == inst.T && opt.extendable && !pb.root_first;
    BlockType rest = b;
    if (root) {
      pb.root_first = true;
      pb.types.insert(pb.types.begin(), BlockType{b.r, b.u, 1});
      rest.count -= 1;
    }
    if (rest.count <= 0) continue;
    if (b.r >= 3) {
      pb.types.push_back(rest);
    } else {
      pb.tail.push_back(rest);
      if (b.r == 2) pb.tail_need[b.u % 2] = checked_add(pb.tail_need[b.u % 2], rest.count);
    }
  }
  const int threads = opt.threads > 0 ? opt.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  TypeOutcome out = run_type_search(pb, opt, stop, threads);
  res.stats = out.stats;
  auto expired = [&] { return stop.expired(); };
  if (out.found) {
    if (auto w = build_witness(inst, *out.found, expired)) {
      res.verdict = Verdict::solved;
      res.witness = std::move(*w);
      res.covered = "witness found and checked";
    }
  }
  res.stats.seconds = stop.seconds();
  if (res.verdict == Verdict::solved) return res;
  i64 blocks = 0;
  for (const auto& t : pb.types) blocks += t.count;
  if (out.found || stop.limit_hit() || out.incomplete) {
    res.verdict = Verdict::unknown;
    res.covered = out.found ? "time limit hit while building the witness words"
                : out.incomplete ? "some root vectors were left undecided (extendable-word search budget)"
                                 : "limit hit after " + std::to_string(stop.nodes()) + " nodes";
  } else {
    res.verdict = Verdict::impossible;
    res.covered = "complete search over all multisets of letter-count vectors of " + std::to_string(pb.types.size()) +
                  " block types with r >= 3 (" + std::to_string(blocks) +
                  " blocks; sum condition, Hall's theorem), r <= 2 blocks in closed form" +
                  (opt.receive_only ? ", receive-only " + letter_name(*opt.receive_only) : std::string()) +
                  (opt.extendable ? ", root extendable" : "");
  }
  return res;
}

}  // namespace blockcast
