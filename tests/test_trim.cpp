// Trimmed trees, shapes `ties` and `pruned` (SPEC Sec. 6; engine/trim.hpp). The profile
// arithmetic is checked against an explicit oracle that builds the universal tree node by
// node and trims chosen nodes; tree_spec against the f_t definition; shape_error and
// profile_of as inverses of trimmed_instance; and small trimmed instances are solved by
// brute force over all words, each candidate replayed by expansion + simulator, which
// never consult the word rules, so legality is confirmed independently.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>

#include "assignment.hpp"
#include "expand.hpp"
#include "postal.hpp"
#include "simulator.hpp"
#include "test_seed.hpp"
#include "trim.hpp"
#include "trim_brute.hpp"

using namespace blockcast;
using blockcast::testing::all_profiles;

namespace {

// Blocks and letters of an explicitly built, explicitly trimmed tree.
struct ExplicitTree {
  std::vector<BlockType> blocks;  // normalized
  std::vector<i64> letters;
  i64 nodes = 0;
};

// Labels of the internal nodes of T_T in depth-first order (children d+L, ..., T).
void internal_labels(int L, int T, int d, std::vector<int>& out) {
  if (d + L > T) return;
  out.push_back(d);
  for (int c = d + L; c <= T; ++c) internal_labels(L, T, c, out);
}

// Second walk in the same order: the i-th internal node drops its last trim[i] children,
// each of which must be a leaf of T_T; a node left without children is a leaf itself.
ExplicitTree build_trimmed(int L, int T, const std::vector<int>& trim) {
  ExplicitTree tree;
  std::size_t next = 0;
  std::function<void(int)> visit = [&](int d) {
    ++tree.nodes;
    const int m = d + L <= T ? trim.at(next++) : 0;
    const int last = T - m;  // children d+L .. last survive
    for (int c = T; c > last; --c) REQUIRE(c + L > T);  // only leaves are removed
    if (d + L > last) {
      const std::size_t j = static_cast<std::size_t>(T - d);
      if (tree.letters.size() <= j) tree.letters.resize(j + 1, 0);
      ++tree.letters[j];
      return;
    }
    tree.blocks.push_back({last - d - L + 1, T - d, 1});
    for (int c = d + L; c <= last; ++c) visit(c);
  };
  visit(0);
  normalize_blocks(tree.blocks);
  return tree;
}

void same_letters(std::vector<i64> a, std::vector<i64> b) {
  a.resize(std::max(a.size(), b.size()), 0);
  b.resize(a.size(), 0);
  CHECK(a == b);
}

// Expansion + simulation: true iff the explicit schedule of 3(L+T) items is correct and
// every item's delay is `delay`. An inconsistent pattern (expand throws) counts as rejected.
bool simulator_accepts(const Assignment& a, i64 delay) {
  try {
    const SimulationResult r = simulate(expand_assignment(a, 3 * (a.L + a.T)));
    return r.ok && r.max_delay == delay &&
           std::all_of(r.delay.begin(), r.delay.end(), [&](std::int64_t d) { return d == delay; });
  } catch (const InputError&) {
    return false;
  }
}

// The last reception of an item is at label T - (smallest letter of the tree). That is T
// unless the trim removed every label-T leaf ('a'): then the tree is shallower than T.
i64 true_delay(const Instance& I) {
  std::size_t lowest = 0;
  while (lowest < I.letters.size() && I.letters[lowest] == 0) ++lowest;
  return I.L + I.T - static_cast<i64>(lowest);
}

}  // namespace

TEST_CASE("trimmed_instance equals an explicitly built and trimmed tree (random trims, L=1..5)") {
  const std::uint64_t seed = testing::test_seed("random trims test", 4242);
  INFO("seed " << seed);
  std::mt19937 rng(seed);
  int compared = 0;
  for (int L = 1; L <= 5; ++L)
    for (Shape shape : {Shape::ties, Shape::pruned})
      for (i64 P = 2; fib(L, broadcast_depth(L, P - 1) + (shape == Shape::pruned)) <= fib(L, 3 * L + 2); ++P) {
        const TreeSpec spec = tree_spec(L, P, shape);
        CAPTURE(L); CAPTURE(shape_name(shape)); CAPTURE(P);
        std::vector<int> labels;
        internal_labels(L, spec.T, 0, labels);
        // The untrimmed tree: node classes and leaves of T_T.
        const ExplicitTree full = build_trimmed(L, spec.T, std::vector<int>(labels.size(), 0));
        CHECK(full.nodes == fib(L, spec.T));
        std::vector<BlockType> classes;
        for (const auto& c : node_classes(L, spec.T)) classes.push_back({c.r0, L - 1 + c.r0, c.nodes});
        normalize_blocks(classes);
        CHECK(classes == full.blocks);
        same_letters(full_leaves(L, spec.T), full.letters);
        for (int trial = 0; trial < 4; ++trial) {
          // Spread spec.removed single-leaf removals over random nodes with room left.
          std::vector<int> trim(labels.size(), 0);
          auto room = [&](std::size_t i) { return std::min(spec.T - labels[i] - L + 1, spec.max_trim) - trim[i]; };
          i64 todo = spec.removed;
          while (todo > 0) {
            std::vector<std::size_t> open;
            for (std::size_t i = 0; i < labels.size(); ++i)
              if (room(i) > 0) open.push_back(i);
            if (open.empty()) break;
            ++trim[open[rng() % open.size()]];
            --todo;
          }
          if (todo > 0) continue;  // this P cannot be reached by trimming (pruned, large L)
          TrimProfile profile;
          for (std::size_t i = 0; i < labels.size(); ++i)
            if (trim[i] > 0) ++profile[{spec.T - labels[i] - L + 1, trim[i]}];
          const ExplicitTree tree = build_trimmed(L, spec.T, trim);
          const Instance I = trimmed_instance(spec, profile);
          CHECK(I.blocks == tree.blocks);
          same_letters(I.letters, tree.letters);
          CHECK(tree.nodes == P - 1);
          CHECK(I.processors() == P - 1);
          CHECK(I.consistency_error().empty());
          CHECK(I.T == spec.T);
          ++compared;
        }
      }
  MESSAGE(compared << " trimmed trees compared");
  CHECK(compared > 500);
}

TEST_CASE("tree_spec: depth, removed leaves and trim limits from the f_t definition") {
  for (int L = 1; L <= 5; ++L)
    for (i64 P = 2; P <= 200; ++P) {
      CAPTURE(L); CAPTURE(P);
      int t = 0;
      while (fib(L, t) < P - 1) ++t;  // B(P-1) by definition
      const TreeSpec ties = tree_spec(L, P, Shape::ties);
      CHECK(ties.t == t);
      CHECK(ties.T == t);
      CHECK(ties.removed == fib(L, t) - (P - 1));
      CHECK(ties.max_trim == 1);
      CHECK(ties.delay() == L + t);
      const TreeSpec pruned = tree_spec(L, P, Shape::pruned);
      CHECK(pruned.t == t);
      CHECK(pruned.T == t + 1);
      CHECK(pruned.removed == fib(L, t + 1) - (P - 1));
      CHECK(pruned.max_trim == L);
      if (fib(L, t) == P - 1) {
        CHECK(tree_spec(L, P, Shape::optimal).removed == 0);
        CHECK(tree_spec(L, P, Shape::optimal).max_trim == 0);
      } else {
        CHECK_THROWS_AS(tree_spec(L, P, Shape::optimal), InputError);
      }
    }
  for (Shape s : {Shape::optimal, Shape::ties, Shape::pruned}) {
    CHECK_THROWS_AS(tree_spec(3, 1, s), InputError);
    CHECK_THROWS_AS(tree_spec(3, 0, s), InputError);
    CHECK_THROWS_AS(tree_spec(0, 10, s), InputError);
  }
  // The paper's P: tree_spec_for_t agrees and ties removes nothing.
  CHECK(tree_spec_for_t(3, 7, Shape::ties).P == fib(3, 7) + 1);
  CHECK(tree_spec_for_t(3, 7, Shape::ties).removed == 0);
}

TEST_CASE("shape_error and profile_of invert trimmed_instance, corrupted instances are named") {
  int round_trips = 0;
  for (int L = 1; L <= 4; ++L)
    for (Shape shape : {Shape::ties, Shape::pruned})
      for (i64 P = 3; P <= 14; ++P) {
        const TreeSpec spec = tree_spec(L, P, shape);
        for (const TrimProfile& p : all_profiles(spec)) {
          CAPTURE(L); CAPTURE(shape_name(shape)); CAPTURE(P);
          const Instance I = trimmed_instance(spec, p);
          CHECK_FALSE(shape_error(I).has_value());
          CHECK(profile_of(I) == p);
          ++round_trips;
          // Corruptions: letter count, a block no trimmed node has, wrong P.
          Instance bad = I;
          bad.letters[0] += 1;
          CHECK(shape_error(bad).value_or("").find("letter a") != std::string::npos);
          bad = I;
          bad.blocks.push_back({spec.T - L + 2, spec.T + 1, 1});  // more children than the root
          CHECK(shape_error(bad).value_or("").find("no trimmed node") != std::string::npos);
          bad = I;
          bad.P += 1;
          CHECK(shape_error(bad).has_value());
        }
      }
  CHECK(round_trips > 100);
  // Ties trims at most one leaf per node: L=3, T=6 (P=6) with the root losing two.
  const TreeSpec spec = tree_spec(3, 6, Shape::ties);
  REQUIRE(spec.T == 6);
  Instance I = trimmed_instance(spec, {{{4, 1}, 1}});
  CHECK(I.blocks == std::vector<BlockType>{{3, 6, 1}, {1, 3, 1}});
  I.blocks = {{2, 6, 1}, {1, 3, 1}};
  CHECK(shape_error(I).value_or("").find("cannot lose 2 leaves") != std::string::npos);
  // The same trim is fine for pruned trees of the same T (L=3, P=5 has T=6).
  CHECK_NOTHROW(trimmed_instance(tree_spec(3, 5, Shape::pruned), {{{4, 2}, 1}}));
}

TEST_CASE("trimmed assignments: every brute-force solution passes claimed_instance, check and the simulator") {
  // All profiles of a few tiny specs; for each instance every word for every block and every
  // receive-only letter that conserve letters. The simulator must accept exactly the
  // combinations whose words pass the residue rule.
  struct Case {
    int L;
    i64 P;
    Shape shape;
  };
  int legal = 0, illegal = 0, shallow = 0;
  for (const Case c : {Case{1, 4, Shape::ties}, Case{2, 4, Shape::pruned}, Case{2, 5, Shape::pruned},
                       Case{2, 6, Shape::pruned}, Case{3, 6, Shape::ties}, Case{3, 5, Shape::pruned},
                       Case{3, 8, Shape::ties}}) {
    const TreeSpec spec = tree_spec(c.L, c.P, c.shape);
    for (const TrimProfile& p : all_profiles(spec)) {
      const Instance I = trimmed_instance(spec, p);
      CAPTURE(c.L); CAPTURE(c.P); CAPTURE(shape_name(c.shape));
      std::vector<BlockWord> blocks;
      for (const auto& b : I.blocks)
        for (i64 k = 0; k < b.count; ++k) blocks.push_back({b.r, b.u, 1, Word(b.r - 1, 0)});
      std::vector<i64> left = I.letters;
      std::function<void(std::size_t, std::size_t)> rec = [&](std::size_t bi, std::size_t pos) {
        if (bi == blocks.size()) {
          Letter x = -1;  // exactly one letter left: the receive-only processor's
          i64 rest = 0;
          for (std::size_t j = 0; j < left.size(); ++j)
            if (left[j] > 0) rest += left[j], x = static_cast<Letter>(j);
          if (rest != 1) return;
          Assignment a{c.L, spec.T, spec.t, c.shape, c.P, blocks, x};
          normalize(a);
          bool words_legal = true;
          for (const auto& b : a.blocks) words_legal = words_legal && !word_violation(b.r, b.u, b.word);
          CAPTURE(x);
          CHECK(simulator_accepts(a, true_delay(I)) == words_legal);
          if (!words_legal) return void(++illegal);
          ++legal;
          shallow += true_delay(I) < a.delay();
          const Instance claimed = claimed_instance(a);
          CHECK(claimed.blocks == I.blocks);
          CHECK_FALSE(check_assignment(claimed, a).has_value());
          return;
        }
        if (pos == blocks[bi].word.size()) return rec(bi + 1, 0);
        for (std::size_t j = 0; j < left.size(); ++j)
          if (left[j] > 0) {
            --left[j];
            blocks[bi].word[pos] = static_cast<Letter>(j);
            rec(bi, pos + 1);
            ++left[j];
          }
      };
      rec(0, 0);
    }
  }
  MESSAGE(legal << " legal (" << shallow << " on trees shallower than T) and " << illegal
                << " illegal letter-conserving assignments replayed");
  CHECK(legal - shallow >= 5);
  CHECK(illegal >= 5);
}

TEST_CASE("claimed_instance rejects a ties assignment whose blocks are no trimmed tree") {
  // L=3, P=6 (T=6): the root loses its label-6 leaf and becomes (3, 6) with word "bc";
  // node 3 keeps its single child; the remaining 'a' goes to the receive-only processor.
  Assignment a{3, 6, 6, Shape::ties, 6, {{3, 6, 1, parse_word("bc")}, {1, 3, 1, {}}}, 0};
  const Instance I = claimed_instance(a);
  CHECK(I == trimmed_instance(tree_spec(3, 6, Shape::ties), {{{4, 1}, 1}}));
  CHECK_FALSE(check_assignment(I, a).has_value());
  CHECK(simulator_accepts(a, a.delay()));
  Assignment bad = a;
  bad.blocks[1].count = 2;  // a second 1-child node the tree does not have
  CHECK_THROWS_AS(claimed_instance(bad), InputError);
  bad = a;
  bad.blocks[0] = {2, 6, 1, parse_word("c")};  // root losing two leaves: not a ties tree
  bad.receive_only = 1;
  CHECK_THROWS_AS(claimed_instance(bad), InputError);
  bad = a;
  bad.blocks[0] = {4, 6, 1, parse_word("bca")};  // the untrimmed root: one leaf too many
  CHECK_THROWS_AS(claimed_instance(bad), InputError);
}
