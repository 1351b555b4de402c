// Min-conflicts local search for ground-state orders (ground_search.hpp, SPEC Sec. 7; the
// heuristic of Minton et al., "Minimizing conflicts", AIJ 1992, as for n queens). Throws sit
// at positions, position p lands at p + s_p; the cost counts landing times hit more than once
// plus landings outside x..x+r-1, and a state of cost 0 is a ground-state order. Each step
// takes a random conflicted position and swaps its throw with the position that lowers the
// cost most (random ties, a random swap now and then to leave plateaus). It finds the orders
// that the depth-first search needs 10^5 - 10^6 nodes for (conjecture base cases, L = 100-130)
// in a few hundred steps, but it never proves "no".
#pragma once
#include <cstdint>
#include <vector>

namespace blockcast {

class GroundLocalSearch {
 public:
  // throws[v] = copies of throw v, r of them in all. True when a state of cost 0 was reached
  // within max_steps (order() holds it); `steps` counts the steps taken. Deterministic for
  // the seed given.
  bool run(const std::vector<std::int32_t>& throws, int r, int x, std::int64_t max_steps, std::int64_t& steps,
           std::uint64_t seed);
  const std::vector<int>& order() const { return s_; }

 private:
  int r_ = 0, x_ = 0;
  std::uint64_t rng_ = 0;
  std::vector<int> s_;     // throw by position
  std::vector<int> hits_;  // landings per time
  // Positions by throw value and by landing time, and the conflicted positions and free
  // times (in x..x+r-1, not hit), each a list with every member's index in it.
  std::vector<std::vector<int>> at_, land_;
  std::vector<int> at_slot_, land_slot_;
  std::vector<int> conf_, conf_idx_, free_, free_idx_;
  std::vector<int> best_, pick_, left_;
  std::vector<char> taken_;

  std::uint64_t next();
  void greedy_start(const std::vector<std::int32_t>& throws);
  bool out(int c) const { return c < x_ || c >= x_ + r_; }
  int pen(int c, int h) const { return out(c) ? h : (h > 0 ? h - 1 : 0); }
  std::int64_t swap_delta(int p, int q);
  void apply_swap(int p, int q);
  void refresh(int c);
  std::int64_t likely_swaps(int p);
  int conflicted_by_rank(std::size_t k);
};

}  // namespace blockcast
